/**
 * One table's SQLite file as the event store uses it: the statements it runs, prepared once per
 * connection, and the two reads built on them (the head, a range of events). The store
 * (sqlite-event-store.ts) owns the connection and the transactions; this holds no state of its own.
 */
import type Database from 'better-sqlite3';
import { GENESIS_HASH } from '../../log/event-chain.js';
import type { JsonObject, StoredEvent, StreamHead } from '../../ports/event-store.js';
import { LOG_FORMAT, type LogFormat } from './sqlite-schema.js';
import { UnreadableLogError } from './unreadable-log.js';

type Row = [number, number, number, string, string, string, string, string, string];

export class TableDatabase {
  readonly head: Database.Statement<[string], { seq: number; hash: string }>;
  readonly insert: Database.Statement | undefined;
  readonly range: Database.Statement<[string, number, number], Row>;
  readonly hashAt: Database.Statement<[string, number], { hash: string }>;
  readonly idemGet: Database.Statement<[string, string], { first_seq: number; last_seq: number; fingerprint: string }>;
  readonly idemPut: Database.Statement;
  readonly snapshotPut: Database.Statement;
  readonly snapshotGet: Database.Statement<[string], { seq: number; hash: string; state: string }>;
  readonly macPut: Database.Statement;
  readonly snapshotMacPut: Database.Statement;

  constructor(readonly db: Database.Database, readonly format: LogFormat) {
    this.head = db.prepare<[string], { seq: number; hash: string }>('SELECT seq, hash FROM events WHERE stream = ? ORDER BY seq DESC LIMIT 1');
    // A log of an older format is never written: writing() refuses before this is used.
    this.insert = format !== LOG_FORMAT ? undefined : db.prepare('INSERT INTO events (stream, seq, data, tail, hash) VALUES (?, ?, ?, ?, ?)');
    this.range = db
      .prepare<[string, number, number], Row>(
        'SELECT seq, round, mono_time, wall_time, rules_id, type, data, prev_hash, hash FROM events WHERE stream = ? AND seq >= ? ORDER BY seq LIMIT ?',
      )
      .raw(true);
    this.hashAt = db.prepare<[string, number], { hash: string }>('SELECT hash FROM events WHERE stream = ? AND seq = ?');
    this.idemGet = db.prepare<[string, string], { first_seq: number; last_seq: number; fingerprint: string }>(
      'SELECT first_seq, last_seq, fingerprint FROM idempotency WHERE stream = ? AND key = ?',
    );
    this.idemPut = db.prepare('INSERT INTO idempotency (stream, key, first_seq, last_seq, fingerprint) VALUES (?, ?, ?, ?, ?)');
    this.snapshotPut = db.prepare(
      'INSERT INTO snapshots (stream, seq, hash, state) VALUES (?, ?, ?, ?) ON CONFLICT (stream) DO UPDATE SET seq = excluded.seq, hash = excluded.hash, state = excluded.state',
    );
    this.snapshotGet = db.prepare<[string], { seq: number; hash: string; state: string }>('SELECT seq, hash, state FROM snapshots WHERE stream = ?');
    this.macPut = db.prepare('INSERT INTO event_macs (stream, seq, mac) VALUES (?, ?, ?)');
    this.snapshotMacPut = db.prepare(
      'INSERT INTO snapshot_macs (stream, seq, mac) VALUES (?, ?, ?) ON CONFLICT (stream) DO UPDATE SET seq = excluded.seq, mac = excluded.mac',
    );
  }

  /** This log, to be written: a log of format 1 is refused (one line: migrate it first). */
  writing(): this & { insert: Database.Statement } {
    if (this.insert === undefined) {
      throw new UnreadableLogError(this.db.name, `log format ${this.format} (written by an older version of this program) is read, never written: stop the table and run \`shoe migrate ${this.db.name}\` to bring it to format ${LOG_FORMAT}`);
    }
    return this as this & { insert: Database.Statement };
  }

  headOf(streamId: string): StreamHead {
    const row = this.head.get(streamId);
    return row ? { version: row.seq, hash: row.hash } : { version: 0, hash: GENESIS_HASH };
  }

  readRange(streamId: string, from: number, limit: number): StoredEvent[] {
    const rows = this.range.all(streamId, from, limit === Number.POSITIVE_INFINITY ? -1 : limit);
    return rows.map((r) => {
      const event: StoredEvent = {
        tableId: streamId,
        seq: r[0],
        round: r[1],
        monoTime: r[2],
        wallTime: r[3],
        rulesId: r[4],
        type: r[5],
        data: JSON.parse(r[6]) as JsonObject,
        prevHash: r[7],
        hash: r[8],
      };
      return event;
    });
  }
}
