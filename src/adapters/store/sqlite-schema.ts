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
 *
 * Format (docs/event-log.md, "Log formats"): format 2 keeps each event's envelope after its data (`tail`), so
 * the bytes its hash covers are '{"data":' || data || tail, as stored; the format is the `format` row of
 * table `log_meta` (and SQLite's user_version). A log of format 1 (no tail) is read and verified as ever,
 * never written: `shoe migrate DB` brings it to format 2.
 */
import type Database from 'better-sqlite3';
import { MAC_DDL } from './sqlite-mac-schema.js';
import { prepareRoundIndex } from './sqlite-round-index.js';
import { UnreadableLogError } from './unreadable-log.js';

/** The format this code writes. */
export const SCHEMA_VERSION = 2;
export const LOG_FORMAT = 2;
export type LogFormat = 1 | 2;
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
  tail      TEXT    NOT NULL,                  -- the envelope after data: hash = sha256('{"data":' || data || tail)
  UNIQUE (stream, seq)                         -- one event per position: the optimistic-concurrency backstop
);
-- The log is append-only: the database itself refuses to rewrite history.
CREATE TRIGGER IF NOT EXISTS events_no_update BEFORE UPDATE ON events
  BEGIN SELECT RAISE(ABORT, 'events are append-only'); END;
CREATE TRIGGER IF NOT EXISTS events_no_delete BEFORE DELETE ON events
  BEGIN SELECT RAISE(ABORT, 'events are append-only'); END;

CREATE TABLE IF NOT EXISTS log_meta (           -- the log's header: format = 2
  key   TEXT NOT NULL PRIMARY KEY,
  value TEXT NOT NULL
) WITHOUT ROWID;
CREATE TRIGGER IF NOT EXISTS log_meta_no_update BEFORE UPDATE ON log_meta
  BEGIN SELECT RAISE(ABORT, 'the log header is written once'); END;
CREATE TRIGGER IF NOT EXISTS log_meta_no_delete BEFORE DELETE ON log_meta
  BEGIN SELECT RAISE(ABORT, 'the log header is written once'); END;
`;

/** The tables beside the events, the same in both formats. */
const SIDE_DDL = `
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

/** The format of an open log: 2 when its header says so, 1 for a log written before the header (no tail). */
export function logFormatOf(db: Database.Database): LogFormat | 0 {
  const tables = db.prepare<[], { name: string }>("SELECT name FROM sqlite_master WHERE type = 'table' AND name IN ('events', 'log_meta')").all().map((t) => t.name);
  if (!tables.includes('events')) return 0;
  if (!tables.includes('log_meta')) return 1;
  const format = db.prepare<[], { value: string }>("SELECT value FROM log_meta WHERE key = 'format'").get()?.value;
  if (format === '2') return 2;
  throw new UnreadableLogError(db.name, `log format ${String(format)} is not one this program knows (1 or 2): a newer version wrote it`);
}

/** Creates the schema of the current format in a database that has no log yet (inside a transaction). */
export function createCurrentSchema(db: Database.Database): void {
  db.exec(DDL);
  db.exec(SIDE_DDL);
  db.exec(MAC_DDL);
  prepareRoundIndex(db); // recall by round number
  db.prepare("INSERT OR IGNORE INTO log_meta (key, value) VALUES ('format', ?)").run(String(LOG_FORMAT));
  db.pragma(`user_version = ${SCHEMA_VERSION}`);
}

/**
 * Sets the pragmas and creates or checks the schema; returns the log's format. A new file gets the
 * current format; a log of format 1 keeps it (its MAC table and round index are added, as ever).
 */
export function prepareDatabase(db: Database.Database, synchronous: SqliteSynchronous, busyTimeoutMs: number): LogFormat {
  db.pragma(`busy_timeout = ${Math.trunc(busyTimeoutMs)}`);
  const mode = db.pragma('journal_mode = WAL', { simple: true });
  if (String(mode).toLowerCase() !== 'wal') throw new Error(`${db.name}: could not switch to WAL (journal_mode is ${String(mode)})`);
  db.pragma(`synchronous = ${synchronous}`);
  const version = Number(db.pragma('user_version', { simple: true }));
  if (version > SCHEMA_VERSION) throw new Error(`${db.name}: schema version ${version} is newer than this code (${SCHEMA_VERSION})`);
  return db.transaction((): LogFormat => {
    const format = logFormatOf(db);
    if (format === 1) {
      db.exec(SIDE_DDL);
      db.exec(MAC_DDL);
      prepareRoundIndex(db);
      return 1;
    }
    createCurrentSchema(db);
    return LOG_FORMAT;
  }).immediate();
}
