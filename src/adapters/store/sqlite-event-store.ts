/**
 * The table's durable log: SQLite through better-sqlite3, one database file per table
 * (default `data/<table-id>.db`), WAL, synchronous FULL by default. This is the source of truth;
 * JetStream only gets a replica (see jetstream-replicator.ts).
 *
 * "Persist, then act": append resolves only after the transaction has committed (and, with
 * FULL, after the WAL fsync). better-sqlite3 is synchronous, so an append runs to completion
 * before any other JavaScript of this process; BEGIN IMMEDIATE plus UNIQUE (stream, seq) keep
 * other processes writing the same file from interleaving.
 */
import type { RoundSpan } from '../../ports/round-index.js';
import { lastDealtRounds, roundSpan } from './sqlite-round-index.js';
import { existsSync, mkdirSync } from 'node:fs';
import { dirname, resolve } from 'node:path';
import Database from 'better-sqlite3';
import { Observable, Subject, defer, filter, map, takeUntil } from 'rxjs';
import { GENESIS_HASH } from '../../log/event-chain.js';
import { InvalidInputError, StoreClosedError } from '../../ports/event-store-errors.js';
import type {
  AppendOptions,
  AppendResult,
  EventStore,
  JsonValue,
  NewEvent,
  ReadOptions,
  Snapshot,
  SnapshotStore,
  StoredEvent,
  StreamHead,
  StreamId,
} from '../../ports/event-store.js';
import { validateAppendOptions, validateJson, validateNewEvents, validatePosition, validateReadOptions, validateStreamId } from '../../log/event-validation.js';
import { canonicalJson } from '../../log/event-chain.js';
import { followStore } from './follow-store.js';
import { prepareDatabase, type LogFormat, type SqliteSynchronous } from './sqlite-schema.js';
import { asUnreadable, UnreadableLogError } from './unreadable-log.js';
import { TableDatabase } from './sqlite-table-database.js';
import { appendBatch, saveSnapshotRow } from './sqlite-store-writes.js';
import { DEFAULT_SQLITE_PATH, type SqliteEventStoreOptions } from './sqlite-store-options.js';

export { DEFAULT_SQLITE_PATH, type SqliteEventStoreOptions } from './sqlite-store-options.js';

export class SqliteEventStore implements EventStore, SnapshotStore {
  private readonly dbs = new Map<StreamId, TableDatabase>();
  private readonly appended = new Subject<{ streamId: StreamId; events: readonly StoredEvent[] }>();
  private readonly closing = new Subject<void>();
  private closed = false;
  private readonly pathTemplate: string;
  private readonly synchronous: SqliteSynchronous;
  private readonly busyTimeoutMs: number;
  private readonly pollIntervalMs: number;
  private readonly followPageSize: number;
  private readonly macKey: Buffer | undefined;

  constructor(options: SqliteEventStoreOptions = {}) {
    this.pathTemplate = options.path ?? DEFAULT_SQLITE_PATH;
    this.synchronous = options.synchronous ?? 'FULL';
    if (this.synchronous !== 'FULL' && this.synchronous !== 'NORMAL') {
      throw new InvalidInputError('options.synchronous', `must be FULL or NORMAL (got ${String(this.synchronous)})`);
    }
    this.busyTimeoutMs = options.busyTimeoutMs ?? 5000;
    this.pollIntervalMs = options.pollIntervalMs ?? 1000;
    this.followPageSize = options.followPageSize ?? 1000;
    this.macKey = options.macKey;
  }

  /** Whether appended events get a MAC (the store was given the log key). */
  get keyed(): boolean {
    return this.macKey !== undefined;
  }

  /**
   * SQLite's `PRAGMA quick_check` over the table's database (run at start: docs/audit.md, "Start-up checks"): throws an
   * UnreadableLogError naming the file and the first problem found. Cost: one pass over the file.
   */
  quickCheck(streamId: StreamId): Promise<void> {
    return this.guard(() => {
      const t = this.open(streamId, false);
      if (!t) return;
      const rows = t.db.pragma('quick_check') as Array<{ quick_check: string }>;
      const first = rows[0]?.quick_check;
      if (first !== 'ok') throw new UnreadableLogError(t.db.name, `quick_check failed: ${rows.slice(0, 3).map((r) => r.quick_check).join('; ')}${rows.length > 3 ? ` (and ${rows.length - 3} more)` : ''}`);
    }, streamId);
  }

  /** The database file of a table. */
  pathFor(streamId: StreamId): string {
    validateStreamId(streamId);
    return resolve(this.pathTemplate.replaceAll('{tableId}', streamId));
  }

  /** Where and how durably a table's log is kept (for health checks and the audit trail). */
  durability(streamId: StreamId): Promise<{ path: string; journalMode: string; synchronous: SqliteSynchronous }> {
    return this.guard(() => {
      const t = this.open(streamId, true)!;
      const level = Number(t.db.pragma('synchronous', { simple: true }));
      return {
        path: t.db.name,
        journalMode: String(t.db.pragma('journal_mode', { simple: true })),
        synchronous: level >= 2 ? 'FULL' : 'NORMAL',
      };
    });
  }

  append(streamId: StreamId, events: readonly NewEvent[], options: AppendOptions): Promise<AppendResult> {
    return this.guard(() => {
      validateStreamId(streamId);
      validateAppendOptions(options);
      validateNewEvents(events);
      const t = this.open(streamId, true)!.writing();
      const outcome = appendBatch(t, streamId, events, options, this.macKey);
      // Committed (and fsynced with FULL): only now may anyone act on it.
      if (!outcome.replayed) this.appended.next({ streamId, events: outcome.events });
      return outcome;
    }, streamId);
  }

  read(streamId: StreamId, options?: ReadOptions): Promise<StoredEvent[]> {
    return this.guard(() => {
      validateStreamId(streamId);
      const { from, limit } = validateReadOptions(options);
      const t = this.open(streamId, false);
      return t && limit > 0 ? t.readRange(streamId, from, limit) : [];
    }, streamId);
  }

  head(streamId: StreamId): Promise<StreamHead> {
    return this.guard(() => {
      validateStreamId(streamId);
      return this.open(streamId, false)?.headOf(streamId) ?? { version: 0, hash: GENESIS_HASH };
    }, streamId);
  }

  follow(streamId: StreamId, from = 1): Observable<StoredEvent> {
    return defer(() => {
      validateStreamId(streamId);
      validatePosition(from, 'from');
      if (this.closed) throw new StoreClosedError();
      return followStore({
        streamId,
        from,
        pageSize: this.followPageSize,
        pollIntervalMs: this.pollIntervalMs,
        read: (start, limit) => this.read(streamId, { from: start, limit }),
        appended: this.appended.pipe(
          filter((batch) => batch.streamId === streamId),
          map((batch) => batch.events),
          takeUntil(this.closing),
        ),
      });
    });
  }

  saveSnapshot(streamId: StreamId, seq: number, state: JsonValue): Promise<Snapshot> {
    return this.guard(() => {
      validateStreamId(streamId);
      validateJson(state, 'state');
      const t = this.open(streamId, true)!.writing();
      const json = canonicalJson(state);
      return saveSnapshotRow(t, streamId, seq, json, this.macKey);
    }, streamId);
  }

  loadSnapshot(streamId: StreamId): Promise<Snapshot | undefined> {
    return this.guard(() => {
      validateStreamId(streamId);
      const row = this.open(streamId, false)?.snapshotGet.get(streamId);
      return row ? { streamId, seq: row.seq, hash: row.hash, state: JSON.parse(row.state) as JsonValue } : undefined;
    }, streamId);
  }

  /** The last dealt rounds and where they are on the log (./sqlite-round-index.ts). */
  lastDealtRounds(streamId: StreamId, last: number): Promise<RoundSpan[]> {
    return this.guard(() => {
      validateStreamId(streamId);
      const t = this.open(streamId, false);
      return t ? lastDealtRounds(t.db, streamId, last) : [];
    });
  }

  /** One round's span on the log, by its number (./sqlite-round-index.ts). */
  roundSpan(streamId: StreamId, round: number): Promise<RoundSpan | undefined> {
    return this.guard(() => {
      validateStreamId(streamId);
      const t = this.open(streamId, false);
      return t ? roundSpan(t.db, streamId, round) : undefined;
    });
  }

  close(): Promise<void> {
    if (!this.closed) {
      this.closed = true;
      this.closing.next();
      this.closing.complete();
      for (const t of this.dbs.values()) t.db.close();
      this.dbs.clear();
    }
    return Promise.resolve();
  }

  /** Opens (and with `create`, creates) the table's database; undefined if absent and not `create`. */
  private open(streamId: StreamId, create: boolean): TableDatabase | undefined {
    const path = this.pathFor(streamId);
    const cached = this.dbs.get(streamId);
    if (cached) return cached;
    if (!create && !existsSync(path)) return undefined;
    mkdirSync(dirname(path), { recursive: true });
    const db = new Database(path);
    let format: LogFormat;
    try {
      format = prepareDatabase(db, this.synchronous, this.busyTimeoutMs);
    } catch (error) {
      db.close();
      throw error;
    }
    const t = new TableDatabase(db, format);
    this.dbs.set(streamId, t);
    return t;
  }

  /** Runs `body`; a failure that is about the file's state becomes an UnreadableLogError naming the file. */
  private guard<T>(body: () => T, streamId?: StreamId): Promise<T> {
    if (this.closed) return Promise.reject(new StoreClosedError());
    try {
      return Promise.resolve(body());
    } catch (error) {
      return Promise.reject((streamId !== undefined ? asUnreadable(this.fileOf(streamId), error) : error) as Error);
    }
  }

  private fileOf(streamId: StreamId): string {
    try {
      return this.pathFor(streamId);
    } catch {
      return this.pathTemplate;
    }
  }
}
