/**
 * Schema and connection settings of a table's SQLite log (one database file per table).
 *
 * Durability: WAL journal. With synchronous=FULL (the default) the WAL is fsynced at every
 * commit, so an append whose promise resolved survives a crash or a power loss. With NORMAL a
 * power loss can lose the last commits (never corrupt the file); a process crash loses nothing.
 *
 * Torn tail: recovery is SQLite's job, not ours. A transaction is in the log only once its
 * commit frame is in the WAL with valid checksums; a process killed or a machine stopped
 * mid-write leaves frames that SQLite ignores on the next open, so a batch is there whole or
 * not at all (tested with SIGKILL in test/adapters/store/sqlite.test.ts).
 */
import type Database from 'better-sqlite3';
import { MAC_DDL } from './sqlite-mac-schema.js';
import { prepareRoundIndex } from './sqlite-round-index.js';

export const SCHEMA_VERSION = 1;
export type SqliteSynchronous = 'FULL' | 'NORMAL';

const DDL = `
CREATE TABLE IF NOT EXISTS events (
  id        INTEGER PRIMARY KEY,               -- insertion order across the file
  stream    TEXT    NOT NULL,                  -- the table id
  seq       INTEGER NOT NULL CHECK (seq >= 1),
  round     INTEGER NOT NULL CHECK (round >= 0),
  mono_time REAL    NOT NULL,
  wall_time TEXT    NOT NULL,
  rules_id  TEXT    NOT NULL,
  type      TEXT    NOT NULL,
  data      TEXT    NOT NULL,                  -- canonical JSON (RFC 8785)
  prev_hash TEXT    NOT NULL CHECK (length(prev_hash) = 64),
  hash      TEXT    NOT NULL CHECK (length(hash) = 64),
  UNIQUE (stream, seq)                         -- one event per position: the optimistic-concurrency backstop
);
-- The log is append-only: the database itself refuses to rewrite history.
CREATE TRIGGER IF NOT EXISTS events_no_update BEFORE UPDATE ON events
  BEGIN SELECT RAISE(ABORT, 'events are append-only'); END;
CREATE TRIGGER IF NOT EXISTS events_no_delete BEFORE DELETE ON events
  BEGIN SELECT RAISE(ABORT, 'events are append-only'); END;

CREATE TABLE IF NOT EXISTS idempotency (
  stream      TEXT    NOT NULL,
  key         TEXT    NOT NULL,
  first_seq   INTEGER NOT NULL,
  last_seq    INTEGER NOT NULL,
  fingerprint TEXT    NOT NULL,                -- sha256 of the batch as given
  PRIMARY KEY (stream, key)
) WITHOUT ROWID;

CREATE TABLE IF NOT EXISTS snapshots (
  stream TEXT    NOT NULL PRIMARY KEY,         -- latest snapshot only
  seq    INTEGER NOT NULL CHECK (seq >= 0),
  hash   TEXT    NOT NULL,                     -- hash of the event at seq
  state  TEXT    NOT NULL                      -- JSON
) WITHOUT ROWID;
`;

/** Sets the pragmas and creates or checks the schema. */
export function prepareDatabase(db: Database.Database, synchronous: SqliteSynchronous, busyTimeoutMs: number): void {
  db.pragma(`busy_timeout = ${Math.trunc(busyTimeoutMs)}`);
  const mode = db.pragma('journal_mode = WAL', { simple: true });
  if (String(mode).toLowerCase() !== 'wal') throw new Error(`${db.name}: could not switch to WAL (journal_mode is ${String(mode)})`);
  db.pragma(`synchronous = ${synchronous}`);
  const version = Number(db.pragma('user_version', { simple: true }));
  if (version > SCHEMA_VERSION) throw new Error(`${db.name}: schema version ${version} is newer than this code (${SCHEMA_VERSION})`);
  db.transaction(() => {
    db.exec(DDL);
    db.exec(MAC_DDL);
    prepareRoundIndex(db); // recall by round number
    db.pragma(`user_version = ${SCHEMA_VERSION}`);
  }).immediate();
}
