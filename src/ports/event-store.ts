/**
 * Port: the durable event log of a table (interfaces only, no I/O).
 *
 * Design rule "persist, then act": nothing reaches the shoe, a display or a wallet before the
 * event that causes it is durable. Callers therefore `append` first and act on the returned
 * `StoredEvent`s only once the promise has resolved.
 *
 * One stream per table: a `StreamId` is the table id, and every stored event carries it as
 * `tableId`. Positions are the 1-based, gap-free `seq` of a stream; the stream's version is the
 * seq of its last event (0 for an empty stream).
 *
 * Time is an input: the store never reads a clock. `monoTime` and `wallTime` are given by the
 * caller (the round machine) and stored as given, so a replay reproduces them byte for byte.
 */
import type { Observable } from 'rxjs';

/** A JSON value as stored: no undefined, functions, symbols, bigint, NaN or Infinity. */
export type JsonValue = null | boolean | number | string | readonly JsonValue[] | JsonObject;
/** A JSON object (the `data` of every event is one). */
export interface JsonObject {
  readonly [key: string]: JsonValue;
}

/** The table id. Letters, digits, `_` and `-` only (it names a file and a NATS subject token). */
export type StreamId = string;

/** What a caller hands to `append`: the store adds `tableId`, `seq`, `prevHash` and `hash`. */
export interface NewEvent {
  /** Event type, e.g. `round.started`, `card.dealt`. */
  readonly type: string;
  /** Event payload: a JSON object. */
  readonly data: JsonObject;
  /** Round number; 0 between rounds. */
  readonly round: number;
  /** Monotonic time as given by the caller (ns or ms, the caller's unit), never read by the store. */
  readonly monoTime: number;
  /** ISO 8601 wall-clock time with zone (e.g. `2025-01-31T20:15:00.123Z`), given by the caller. */
  readonly wallTime: string;
  /** Hash of the rule file in force when the event was produced. */
  readonly rulesId: string;
}

/**
 * The envelope of a stored event. `hash` is the SHA-256 (lowercase hex) of the canonical
 * serialisation of every other field, `prevHash` included (see `event-chain.ts`); the first
 * event of a stream has `prevHash` = 64 zeros. Changing any byte of any event breaks the chain.
 */
export interface StoredEvent extends NewEvent {
  readonly tableId: StreamId;
  /** 1-based, gap-free per stream. */
  readonly seq: number;
  readonly prevHash: string;
  readonly hash: string;
}

/** What re-running a log reads of each event: its position, type and data (`verify`'s round
 *  machine half reads no more of a row; the chain half reads the whole envelope). */
export type EventRecord = Pick<StoredEvent, 'seq' | 'type' | 'data'>;

/** The envelope before it is hashed. */
export type UnsealedEvent = Omit<StoredEvent, 'hash'>;

/** The last event of a stream: `version` is its seq (0 and the genesis hash when empty). */
export interface StreamHead {
  readonly version: number;
  readonly hash: string;
}

export interface AppendOptions {
  /**
   * Optimistic concurrency: the version (last seq) the caller believes the stream is at; 0 for a
   * new stream. Any other version fails with `WrongExpectedVersionError` and stores nothing.
   */
  readonly expectedVersion: number;
  /**
   * Makes a retry safe: a key already used on this stream returns the original result and stores
   * nothing again (checked before `expectedVersion`, so a retry with a now-stale version still
   * gets its original result). The same key with different events fails with
   * `IdempotencyConflictError`.
   */
  readonly idempotencyKey?: string;
}

export interface AppendResult {
  readonly streamId: StreamId;
  /** Seq of the first event of the batch. */
  readonly firstSeq: number;
  /** Seq of the last event of the batch: the stream's version right after this append. */
  readonly lastSeq: number;
  /** The events exactly as stored (act on these, and only once this result exists). */
  readonly events: readonly StoredEvent[];
  /** True when answered from the idempotency record; every other field equals the original result. */
  readonly replayed: boolean;
}

export interface ReadOptions {
  /** First seq to return (inclusive, 1-based); default 1. */
  readonly from?: number;
  /** Maximum number of events to return; default: all. */
  readonly limit?: number;
}

export interface EventStore {
  /** Appends a non-empty batch atomically (all or nothing), after validating every event. */
  append(streamId: StreamId, events: readonly NewEvent[], options: AppendOptions): Promise<AppendResult>;
  /** Events in seq order from `from` (inclusive). */
  read(streamId: StreamId, options?: ReadOptions): Promise<StoredEvent[]>;
  /** The stream's current version and last hash. */
  head(streamId: StreamId): Promise<StreamHead>;
  /**
   * Every event from `from` (inclusive, default 1): first the ones already stored, then live ones,
   * in seq order, with no gap and no duplicate, including events appended during the catch-up.
   * Completes when the store is closed; errors if the log turns out to be inconsistent.
   */
  follow(streamId: StreamId, from?: number): Observable<StoredEvent>;
  /** Releases resources; later calls reject with `StoreClosedError`, follows complete. */
  close(): Promise<void>;
}

/** A JSON snapshot of a fold of a stream, taken at `seq` (whose hash it records). */
export interface Snapshot<S extends JsonValue = JsonValue> {
  readonly streamId: StreamId;
  readonly seq: number;
  /** Hash of the event at `seq` (genesis hash at 0): the next event's prevHash must equal it. */
  readonly hash: string;
  readonly state: S;
}

export interface SnapshotStore {
  /** Saves `state` as the fold of events 1..seq (0 <= seq <= version); replaces an older snapshot. */
  saveSnapshot(streamId: StreamId, seq: number, state: JsonValue): Promise<Snapshot>;
  /** The latest snapshot, if any. */
  loadSnapshot(streamId: StreamId): Promise<Snapshot | undefined>;
}
