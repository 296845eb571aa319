/**
 * Reference adapter: the whole contract in memory, no durability. Used by tests and as the
 * executable specification of the port; the durable adapters must behave the same.
 *
 * Several store instances may share one `MemoryEventLog` to act as several writers on one log.
 */
import { Observable, Subject, defer, filter, map, takeUntil } from 'rxjs';
import { GENESIS_HASH, batchFingerprint } from '../../log/event-chain.js';
import { sealEvents } from '../../log/seal-events.js';
import { IdempotencyConflictError, InvalidInputError, StoreClosedError, WrongExpectedVersionError } from '../../ports/event-store-errors.js';
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
import { followStore } from './follow-store.js';

interface IdempotencyRecord {
  readonly firstSeq: number;
  readonly lastSeq: number;
  readonly fingerprint: string;
}

/** The shared state: streams of frozen events, idempotency records, snapshots. */
export class MemoryEventLog {
  readonly streams = new Map<StreamId, StoredEvent[]>();
  readonly idempotency = new Map<string, IdempotencyRecord>();
  readonly snapshots = new Map<StreamId, Snapshot>();
  readonly appended = new Subject<{ streamId: StreamId; events: readonly StoredEvent[] }>();
}

export class MemoryEventStore implements EventStore, SnapshotStore {
  private closed = false;
  private readonly closing = new Subject<void>();

  constructor(private readonly log: MemoryEventLog = new MemoryEventLog()) {}

  append(streamId: StreamId, events: readonly NewEvent[], options: AppendOptions): Promise<AppendResult> {
    return this.guard(() => {
      validateStreamId(streamId);
      validateAppendOptions(options);
      validateNewEvents(events);
      const stream = this.log.streams.get(streamId) ?? [];
      const idemKey = options.idempotencyKey === undefined ? undefined : `${streamId}\u0000${options.idempotencyKey}`;
      const previous = idemKey === undefined ? undefined : this.log.idempotency.get(idemKey);
      if (previous) {
        if (previous.fingerprint !== batchFingerprint(events)) throw new IdempotencyConflictError(streamId, options.idempotencyKey ?? '');
        return result(streamId, stream.slice(previous.firstSeq - 1, previous.lastSeq), true);
      }
      if (stream.length !== options.expectedVersion) throw new WrongExpectedVersionError(streamId, options.expectedVersion, stream.length);
      const sealed = sealEvents(streamId, headOf(stream), events).map(deepFreeze);
      stream.push(...sealed);
      this.log.streams.set(streamId, stream);
      if (idemKey !== undefined) this.log.idempotency.set(idemKey, { firstSeq: sealed[0]!.seq, lastSeq: stream.length, fingerprint: batchFingerprint(events) });
      this.log.appended.next({ streamId, events: sealed });
      return result(streamId, sealed, false);
    });
  }

  read(streamId: StreamId, options?: ReadOptions): Promise<StoredEvent[]> {
    return this.guard(() => {
      validateStreamId(streamId);
      const { from, limit } = validateReadOptions(options);
      const stream = this.log.streams.get(streamId) ?? [];
      return stream.slice(from - 1, limit === Number.POSITIVE_INFINITY ? undefined : from - 1 + limit);
    });
  }

  head(streamId: StreamId): Promise<StreamHead> {
    return this.guard(() => {
      validateStreamId(streamId);
      return headOf(this.log.streams.get(streamId) ?? []);
    });
  }

  follow(streamId: StreamId, from = 1): Observable<StoredEvent> {
    return defer(() => {
      validateStreamId(streamId);
      validatePosition(from, 'from');
      if (this.closed) throw new StoreClosedError();
      return followStore({
        streamId,
        from,
        pageSize: 1000,
        pollIntervalMs: 0,
        read: (start, limit) => this.read(streamId, { from: start, limit }),
        appended: this.log.appended.pipe(
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
      const stream = this.log.streams.get(streamId) ?? [];
      if (!Number.isSafeInteger(seq) || seq < 0 || seq > stream.length) {
        throw new InvalidInputError('seq', `must be an integer from 0 to the stream version ${stream.length}`);
      }
      validateJson(state, 'state');
      const snapshot: Snapshot = deepFreeze({
        streamId,
        seq,
        hash: seq === 0 ? GENESIS_HASH : stream[seq - 1]!.hash,
        state: JSON.parse(JSON.stringify(state)) as JsonValue,
      });
      this.log.snapshots.set(streamId, snapshot);
      return snapshot;
    });
  }

  loadSnapshot(streamId: StreamId): Promise<Snapshot | undefined> {
    return this.guard(() => {
      validateStreamId(streamId);
      return this.log.snapshots.get(streamId);
    });
  }

  close(): Promise<void> {
    this.closed = true;
    this.closing.next();
    this.closing.complete();
    return Promise.resolve();
  }

  private guard<T>(body: () => T): Promise<T> {
    if (this.closed) return Promise.reject(new StoreClosedError());
    try {
      return Promise.resolve(body());
    } catch (error) {
      return Promise.reject(error as Error);
    }
  }
}

function headOf(stream: readonly StoredEvent[]): StreamHead {
  const last = stream[stream.length - 1];
  return last ? { version: last.seq, hash: last.hash } : { version: 0, hash: GENESIS_HASH };
}

function result(streamId: StreamId, events: readonly StoredEvent[], replayed: boolean): AppendResult {
  return { streamId, firstSeq: events[0]!.seq, lastSeq: events[events.length - 1]!.seq, events, replayed };
}

function deepFreeze<T>(value: T): T {
  if (typeof value === 'object' && value !== null && !Object.isFrozen(value)) {
    Object.freeze(value);
    for (const item of Object.values(value)) deepFreeze(item);
  }
  return value;
}
