/**
 * EventStore over NATS JetStream (server 2.9). The table's SQLite log remains the source of
 * truth in production (jetstream-replicator.ts copies it here); this adapter exists so that
 * JetStream consumers (audit, floor systems) use the same contract, and it passes the same suite.
 *
 * - Optimistic concurrency: the head is read (`last_by_subj`) and every publish carries
 *   `Nats-Expected-Last-Subject-Sequence`, so the server itself refuses a second writer.
 *   Appends of one process to one stream are also serialised locally.
 * - Idempotency: records live in a KV bucket (default `TABLE_EVENTS_IDEMPOTENCY`), key
 *   `<tableId>.<sha256(idempotency key)>`. They are written after the events, so a retry whose
 *   record is missing (the writer died in between) is recognised by resealing the batch: if the
 *   stored events after `expectedVersion` are exactly the start of the batch, the batch is
 *   completed (or returned) instead of failing.
 * - Atomicity: JetStream 2.9 has no multi-message transaction, so a batch is N messages, each
 *   tagged `Batch: i/N`. With one writer per table (the design) a batch is all-or-nothing once
 *   retried with its idempotency key; two writers racing in the middle of a batch can leave the
 *   loser's batch partly stored (chain and seqs stay valid). Validation runs before any publish,
 *   so bad input never writes anything.
 */
import { Observable, Subject, defer, takeUntil } from 'rxjs';
import { type KV, type NatsConnection } from 'nats';
import { batchFingerprint, GENESIS_HASH, sha256Hex } from '../../log/event-chain.js';
import { sealEvents } from '../../log/seal-events.js';
import {
  CorruptLogError,
  IdempotencyConflictError,
  StoreClosedError,
  WrongExpectedVersionError,
} from '../../ports/event-store-errors.js';
import type { AppendOptions, AppendResult, EventStore, NewEvent, ReadOptions, StoredEvent, StreamHead, StreamId } from '../../ports/event-store.js';
import { validateAppendOptions, validateNewEvents, validatePosition, validateReadOptions, validateStreamId } from '../../log/event-validation.js';
import { JetStreamLog, SubjectSequenceConflict, type JetStreamHead, type JetStreamLogOptions } from './jetstream-log.js';
import { KeyedLock } from './keyed-lock.js';

export interface NatsEventStoreOptions extends JetStreamLogOptions {
  /** An open connection; the store does not close it unless `ownsConnection`. */
  readonly connection: NatsConnection;
  readonly ownsConnection?: boolean;
  /** KV bucket of idempotency records. Default `<streamName>_IDEMPOTENCY`. */
  readonly idempotencyBucket?: string;
}

interface IdempotencyRecord {
  readonly firstSeq: number;
  readonly lastSeq: number;
  readonly fingerprint: string;
}

export class NatsEventStore implements EventStore {
  private readonly lock = new KeyedLock();
  private readonly closing = new Subject<void>();
  private closed = false;

  private constructor(
    readonly log: JetStreamLog,
    private readonly idempotency: KV,
    private readonly options: NatsEventStoreOptions,
  ) {}

  /** Opens the store, creating the JetStream stream and the idempotency bucket if missing. */
  static async open(options: NatsEventStoreOptions): Promise<NatsEventStore> {
    const log = await JetStreamLog.open(options.connection, options);
    const bucket = options.idempotencyBucket ?? `${log.streamName}_IDEMPOTENCY`;
    const kv = await options.connection.jetstream().views.kv(bucket, { history: 1, replicas: options.replicas ?? 1 });
    return new NatsEventStore(log, kv, options);
  }

  append(streamId: StreamId, events: readonly NewEvent[], options: AppendOptions): Promise<AppendResult> {
    try {
      this.assertOpen();
      validateStreamId(streamId);
      validateAppendOptions(options);
      validateNewEvents(events);
    } catch (error) {
      return Promise.reject(error as Error);
    }
    return this.lock.run(streamId, async () => {
      this.assertOpen();
      const key = options.idempotencyKey;
      const kvKey = key === undefined ? undefined : `${streamId}.${sha256Hex(key)}`;
      if (kvKey !== undefined) {
        const entry = await this.idempotency.get(kvKey);
        if (entry && entry.operation === 'PUT') {
          const record = entry.json<IdempotencyRecord>();
          if (record.fingerprint !== batchFingerprint(events)) throw new IdempotencyConflictError(streamId, key ?? '');
          const original = await this.log.readRange(streamId, record.firstSeq, record.lastSeq - record.firstSeq + 1);
          return result(streamId, original, true);
        }
      }
      const head = await this.log.head(streamId);
      let sealed: StoredEvent[];
      let alreadyStored = 0;
      if (head.version === options.expectedVersion) {
        sealed = sealEvents(streamId, head, events);
      } else {
        const resumed = key !== undefined ? await this.findInterruptedBatch(streamId, events, options.expectedVersion, head) : undefined;
        if (!resumed) throw new WrongExpectedVersionError(streamId, options.expectedVersion, head.version);
        ({ sealed, alreadyStored } = resumed);
      }
      let last = head.streamSeq;
      for (let i = alreadyStored; i < sealed.length; i += 1) {
        try {
          last = await this.log.publish(sealed[i]!, last, { batch: { index: i + 1, size: sealed.length } });
        } catch (error) {
          if (error instanceof SubjectSequenceConflict) {
            throw new WrongExpectedVersionError(streamId, options.expectedVersion, (await this.log.head(streamId)).version);
          }
          throw error;
        }
      }
      if (kvKey !== undefined) {
        const record: IdempotencyRecord = { firstSeq: sealed[0]!.seq, lastSeq: sealed[sealed.length - 1]!.seq, fingerprint: batchFingerprint(events) };
        await this.idempotency.create(kvKey, JSON.stringify(record)).catch((error: unknown) => {
          // Already there: an earlier attempt of this very batch wrote it.
          if (!/wrong last sequence|key exists/i.test(String((error as Error).message))) throw error;
        });
      }
      return result(streamId, sealed, alreadyStored === sealed.length);
    });
  }

  /**
   * A retry after the writer died mid-batch or before writing its idempotency record: the events
   * after `expectedVersion` are the start of this very batch (same hashes), so it is completed.
   */
  private async findInterruptedBatch(
    streamId: string,
    events: readonly NewEvent[],
    expectedVersion: number,
    head: JetStreamHead,
  ): Promise<{ sealed: StoredEvent[]; alreadyStored: number } | undefined> {
    const stored = head.version - expectedVersion;
    if (stored < 1 || stored > events.length) return undefined;
    const [base] = expectedVersion === 0 ? [] : await this.log.readRange(streamId, expectedVersion, 1);
    const sealed = sealEvents(streamId, base ? { version: base.seq, hash: base.hash } : { version: 0, hash: GENESIS_HASH }, events);
    const already = await this.log.readRange(streamId, expectedVersion + 1, stored);
    return already.every((e, i) => e.hash === sealed[i]?.hash) ? { sealed, alreadyStored: stored } : undefined;
  }

  async read(streamId: StreamId, options?: ReadOptions): Promise<StoredEvent[]> {
    this.assertOpen();
    validateStreamId(streamId);
    const { from, limit } = validateReadOptions(options);
    return this.log.readRange(streamId, from, limit);
  }

  async head(streamId: StreamId): Promise<StreamHead> {
    this.assertOpen();
    validateStreamId(streamId);
    const { version, hash } = await this.log.head(streamId);
    return { version, hash };
  }

  /** An ordered consumer from the event at `from`: it delivers the stored ones, then live ones. */
  follow(streamId: StreamId, from = 1): Observable<StoredEvent> {
    return defer(() => {
      this.assertOpen();
      validateStreamId(streamId);
      validatePosition(from, 'from');
      return new Observable<StoredEvent>((subscriber) => {
        let stop: (() => void) | undefined;
        let done = false;
        void (async () => {
          const head = await this.log.head(streamId);
          const start = await this.log.locate(streamId, from, head);
          if (done) return;
          const messages = await this.log.tail(streamId, start);
          stop = () => messages.stop();
          if (done) return stop();
          let next = from;
          for await (const m of messages) {
            const event = this.log.decode(streamId, m.data);
            if (event.seq < next) continue; // the ordered consumer never repeats; belt and braces
            if (event.seq > next) throw new CorruptLogError(streamId, next, `follow expected seq ${next}, JetStream delivered ${event.seq}`);
            next += 1;
            subscriber.next(event);
          }
          subscriber.complete();
        })().catch((error: unknown) => {
          if (!done) subscriber.error(error);
        });
        return () => {
          done = true;
          stop?.();
        };
      }).pipe(takeUntil(this.closing));
    });
  }

  async close(): Promise<void> {
    if (this.closed) return;
    this.closed = true;
    this.closing.next();
    this.closing.complete();
    if (this.options.ownsConnection) await this.log.connection.drain();
  }

  private assertOpen(): void {
    if (this.closed) throw new StoreClosedError();
  }
}

function result(streamId: StreamId, events: readonly StoredEvent[], replayed: boolean): AppendResult {
  return { streamId, firstSeq: events[0]!.seq, lastSeq: events[events.length - 1]!.seq, events, replayed };
}
