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
 * Format (docs/event-log.md, "Log formats"): format 3 stores each event as the bytes its hash covers,
 * '{"data":' || data || tail, beside its table id, seq and hash; every other field (round, times, rules
 * id, type, prevHash) is a column generated from the stored envelope, so no column can say anything the
 * hashed bytes do not. The format is the `format` row of table `log_meta` (and SQLite's user_version).
 * Logs of format 1 (no tail) and 2 (the fields stored twice: as columns and in the tail) are read and
 * verified as ever, never written: `shoe migrate DB` brings them to format 3.
 */
import Database from 'better-sqlite3';
import { MAC_DDL } from './sqlite-mac-schema.js';
import { prepareRoundIndex } from './sqlite-round-index.js';
import { UnreadableLogError } from './unreadable-log.js';

/** The format this code writes. */
export const SCHEMA_VERSION = 3;
export const LOG_FORMAT = 3;
export type LogFormat = 1 | 2 | 3;
export type SqliteSynchronous = 'FULL' | 'NORMAL';

/** The envelope's members after data as a JSON object: '{' || substr(tail, 2) (the tail starts with a comma). */
const TAIL_OBJECT = `('{' || substr(tail, 2))`;
const fromTail = (member: string) => `json_extract(${TAIL_OBJECT}, '$.${member}')`;

/**
 * The events of format 3. The text is part of the format: verify checks that a log's events table is
 * this one, word for word (eventsTableProblem), so no generated column can have been redefined. The
 * generated columns have no declared type: PRAGMA quick_check then does not compute them to check their
 * values against a type (measured: 2.7 s instead of 0.8 s on 1,000,000 events). json_extract gives each
 * its JSON type: an integer round, a number monoTime, the strings as text.
 */
export const EVENTS_TABLE_DDL = `CREATE TABLE IF NOT EXISTS events (
  id        INTEGER PRIMARY KEY,               -- insertion order across the file
  stream    TEXT    NOT NULL,                  -- the table id (the envelope's tableId: verify compares them)
  seq       INTEGER NOT NULL CHECK (seq >= 1), -- the envelope's seq (verify compares them)
  data      TEXT    NOT NULL,                  -- canonical JSON (RFC 8785)
  tail      TEXT    NOT NULL,                  -- the envelope after data: hash = sha256('{"data":' || data || tail)
  hash      TEXT    NOT NULL CHECK (length(hash) = 64),
  round     GENERATED ALWAYS AS (${fromTail('round')}) VIRTUAL,
  mono_time GENERATED ALWAYS AS (${fromTail('monoTime')}) VIRTUAL,
  wall_time GENERATED ALWAYS AS (${fromTail('wallTime')}) VIRTUAL,
  rules_id  GENERATED ALWAYS AS (${fromTail('rulesId')}) VIRTUAL,
  type      GENERATED ALWAYS AS (${fromTail('type')}) VIRTUAL,
  prev_hash GENERATED ALWAYS AS (${fromTail('prevHash')}) VIRTUAL,
  UNIQUE (stream, seq)                         -- one event per position: the optimistic-concurrency backstop
)`;

const DDL = `
${EVENTS_TABLE_DDL};
-- The log is append-only: the database itself refuses to rewrite history.
CREATE TRIGGER IF NOT EXISTS events_no_update BEFORE UPDATE ON events
  BEGIN SELECT RAISE(ABORT, 'events are append-only'); END;
CREATE TRIGGER IF NOT EXISTS events_no_delete BEFORE DELETE ON events
  BEGIN SELECT RAISE(ABORT, 'events are append-only'); END;

CREATE TABLE IF NOT EXISTS log_meta (           -- the log's header: format = 3
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

/** The format of an open log: as its header says (2 or 3), 1 for a log written before the header (no tail). */
export function logFormatOf(db: Database.Database): LogFormat | 0 {
  const tables = db.prepare<[], { name: string }>("SELECT name FROM sqlite_master WHERE type = 'table' AND name IN ('events', 'log_meta')").all().map((t) => t.name);
  if (!tables.includes('events')) return 0;
  if (!tables.includes('log_meta')) return 1;
  const format = db.prepare<[], { value: string }>("SELECT value FROM log_meta WHERE key = 'format'").get()?.value;
  if (format === '3') return 3;
  if (format === '2') return 2;
  throw new UnreadableLogError(db.name, `log format ${String(format)} is not one this program knows (1, 2 or 3): a newer version wrote it`);
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
 * current format; a log of an older format keeps it (its MAC table and round index are added, as ever).
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
    if (format === 1 || format === 2) {
      db.exec(SIDE_DDL);
      db.exec(MAC_DDL);
      prepareRoundIndex(db);
      return format;
    }
    createCurrentSchema(db);
    const problem = eventsTableProblem(db);
    if (problem !== undefined) throw new UnreadableLogError(db.name, `${problem}; the table does not write to it (shoe verify ${db.name} says more)`);
    return LOG_FORMAT;
  }).immediate();
}

/** The events table as SQLite keeps the text of EVENTS_TABLE_DDL (made once, in a database in memory). */
let expectedEventsSql: string | undefined;

/**
 * A log of format 3 whose events table is not EVENTS_TABLE_DDL word for word (a generated column
 * redefined, a column added): what is wrong, in words; undefined when it is the table this program writes.
 */
export function eventsTableProblem(db: Database.Database): string | undefined {
  if (expectedEventsSql === undefined) {
    const memory = new Database(':memory:');
    try {
      memory.exec(EVENTS_TABLE_DDL);
      expectedEventsSql = memory.prepare<[], { sql: string }>("SELECT sql FROM sqlite_master WHERE name = 'events'").get()?.sql;
    } finally {
      memory.close();
    }
  }
  const found = db.prepare<[], { sql: string }>("SELECT sql FROM sqlite_master WHERE type = 'table' AND name = 'events'").get()?.sql;
  if (found === expectedEventsSql) return undefined;
  return 'the events table is not the one log format 3 defines (its columns were redefined after it was written): its columns may not say what the hashed envelopes say';
}
