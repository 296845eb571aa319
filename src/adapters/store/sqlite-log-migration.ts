/**
 * A table log of an older format copied into a new file of the current format (`shoe migrate`, `shoe
 * backup`; docs/event-log.md, "Log formats"). Every event keeps its id, table id, seq, data and hash, and
 * is stored as the bytes its hash covers: its data and its tail, the envelope after the data, from which
 * the other fields are generated. A tail is made from the event's columns (format 1) or checked against
 * them (format 2, which keeps both), and '{"data":' || data || tail must hash to the event's stored hash,
 * so a copy never holds an event whose stored bytes the chain would not accept. Every other table (MACs,
 * snapshots, idempotency, saved views) is copied row for row; the round index is rebuilt by its trigger
 * as the events go in.
 *
 * The source is read inside one read transaction (a consistent snapshot of the committed log, the table
 * may even keep writing in WAL mode); the copy is written in transactions of a few thousand events and
 * synced before it is closed. The caller puts the copy in place (or leaves it: a backup).
 */
import { closeSync, fsyncSync, openSync } from 'node:fs';
import Database from 'better-sqlite3';
import { ENVELOPE_HEAD, envelopeTail, sha256Hex } from '../../log/event-chain.js';
import { createCurrentSchema, logFormatOf } from './sqlite-schema.js';
import { UnreadableLogError } from './unreadable-log.js';

/** Events per transaction of the copy (small WAL, progress between them). */
const BATCH = 5000;
/** Tables the copy makes itself: the events (with their tails), the header, the round index (by trigger). */
const REBUILT = new Set(['events', 'log_meta', 'round_index', 'sqlite_sequence']);

type EventRow = [id: number, stream: string, seq: number, round: number, monoTime: number, wallTime: string, rulesId: string, type: string, data: string, prevHash: string, hash: string, tail: string | null];

export interface CopyOutcome {
  readonly events: number;
}

/** A source event whose stored hash its content does not give: the log is not fit to migrate. */
export class MigrationSourceError extends UnreadableLogError {}

/** Syncs a file's content to the disk (the copy before it replaces anything). */
export function syncFile(path: string): void {
  const fd = openSync(path, 'r');
  try {
    fsyncSync(fd);
  } finally {
    closeSync(fd);
  }
}

/**
 * Writes into `target` (a path that must not exist) the log of `source`, an open connection to a log of
 * an older format, in the current format. `onProgress(done, total)` after each batch of events.
 */
export function copyIntoCurrentFormat(source: Database.Database, target: string, onProgress?: (done: number, total: number) => void): CopyOutcome {
  const copy = new Database(target, { fileMustExist: false });
  try {
    copy.pragma('journal_mode = WAL');
    copy.pragma('synchronous = OFF'); // the copy is synced once, whole, before anyone relies on it
    source.exec('BEGIN'); // one read transaction: one consistent snapshot of the source
    try {
      copy.transaction(() => createCurrentSchema(copy)).immediate();
      const total = (source.prepare('SELECT count(*) AS n FROM events').get() as { n: number }).n;
      const events = copyEvents(source, copy, total, onProgress);
      copyOtherTables(source, copy);
      copy.pragma('synchronous = FULL');
      copy.pragma('wal_checkpoint(TRUNCATE)');
      return { events };
    } finally {
      source.exec('COMMIT');
    }
  } finally {
    copy.close();
  }
}

function copyEvents(source: Database.Database, copy: Database.Database, total: number, onProgress?: (done: number, total: number) => void): number {
  const stored = logFormatOf(source) === 1 ? 'NULL' : 'tail';
  const read = source.prepare<[], EventRow>(`SELECT id, stream, seq, round, mono_time, wall_time, rules_id, type, data, prev_hash, hash, ${stored} FROM events ORDER BY id`).raw(true);
  const insert = copy.prepare('INSERT INTO events (id, stream, seq, data, tail, hash) VALUES (?, ?, ?, ?, ?, ?)');
  const write = copy.transaction((rows: EventRow[]) => {
    for (const r of rows) insert.run(r[0], r[1], r[2], r[8], tailOf(source.name, r), r[10]);
  });
  let batch: EventRow[] = [];
  let done = 0;
  for (const row of read.iterate()) {
    batch.push(row);
    if (batch.length === BATCH) {
      write(batch);
      done += batch.length;
      batch = [];
      onProgress?.(done, total);
    }
  }
  if (batch.length > 0) write(batch);
  done += batch.length;
  onProgress?.(done, total);
  return done;
}

/** The event's tail, checked: it says what the columns say, and with its data it hashes to the stored hash. */
function tailOf(file: string, r: EventRow): string {
  const [, stream, seq, round, monoTime, wallTime, rulesId, type, data, prevHash, hash, stored] = r;
  let tail: string;
  try {
    tail = envelopeTail({ tableId: stream, seq, round, monoTime, wallTime, rulesId, type, prevHash });
  } catch (err) {
    throw new MigrationSourceError(file, `event ${seq} of ${stream} is not an envelope (${(err as Error).message}): nothing was migrated`);
  }
  if (stored !== null && stored !== tail) throw new MigrationSourceError(file, `event ${seq} of ${stream}: its columns do not say what its stored envelope says (the log was altered): nothing was migrated`);
  if (sha256Hex(ENVELOPE_HEAD + data + tail) !== hash) throw new MigrationSourceError(file, `event ${seq} of ${stream} does not hash to its stored hash (the log was altered): nothing was migrated`);
  return tail;
}

/** Every other table, row for row, with its indexes and triggers (those the current schema lacks). */
function copyOtherTables(source: Database.Database, copy: Database.Database): void {
  const objects = source.prepare<[], { type: string; name: string; tbl_name: string; sql: string | null }>("SELECT type, name, tbl_name, sql FROM sqlite_master WHERE type IN ('table', 'index', 'trigger') ORDER BY type = 'table' DESC").all();
  const exists = copy.prepare<[string], { n: number }>('SELECT count(*) AS n FROM sqlite_master WHERE name = ?');
  copy.transaction(() => {
    for (const o of objects) {
      if (REBUILT.has(o.tbl_name) || o.sql === null || exists.get(o.name)?.n) continue;
      copy.exec(o.sql);
    }
    for (const t of objects) {
      if (t.type !== 'table' || REBUILT.has(t.name)) continue;
      const quoted = `"${t.name.replaceAll('"', '""')}"`;
      const columns = source.prepare<[], { name: string }>(`SELECT name FROM pragma_table_info('${t.name.replaceAll("'", "''")}')`).all().map((c) => `"${c.name.replaceAll('"', '""')}"`);
      const insert = copy.prepare(`INSERT INTO ${quoted} (${columns.join(', ')}) VALUES (${columns.map(() => '?').join(', ')})`);
      for (const row of source.prepare(`SELECT ${columns.join(', ')} FROM ${quoted}`).raw(true).iterate()) insert.run(...(row as unknown[]));
    }
  }).immediate();
}

