/**
 * The tables' event log as kept in NATS JetStream (server 2.9 features only), shared by the
 * NATS event store and the replicator.
 *
 * - One stream (default `TABLE_EVENTS`) covers `tables.*.events`; each table publishes to
 *   `tables.<tableId>.events`. Created if missing, with limits retention (file storage,
 *   discard old, message delete and purge denied: an audit copy is not edited).
 * - One message per event; the body is the canonical JSON (RFC 8785) of the whole envelope,
 *   hash included, so the copy is byte-comparable with the SQLite log.
 * - `Nats-Msg-Id: <tableId>:<seq>`: a retried publish inside the duplicate window is stored once.
 * - `Nats-Expected-Last-Subject-Sequence`: each event is accepted only right after the one it
 *   chains to, so no gap and no duplicate can enter even outside the duplicate window.
 * - Reading: the head by `last_by_subj`, a position by binary search over `next_by_subj`
 *   gets, ranges and live tails by ordered consumers.
 *
 * Beside it: what it is given (jetstream-log-options.ts), the stream's creation and check
 * (jetstream-log-stream.ts), and the API errors it tells apart (jetstream-log-errors.ts).
 */
import {
  DeliverPolicy,
  headers,
  type ConsumerMessages,
  type JetStreamClient,
  type JetStreamManager,
  type NatsConnection,
  type StreamInfo,
} from 'nats';
import { GENESIS_HASH, canonicalJson } from '../../log/event-chain.js';
import { CorruptLogError } from '../../ports/event-store-errors.js';
import type { StoredEvent, StreamHead } from '../../ports/event-store.js';
import type { Clock } from '../../ports/clock.js';
import { realClock } from '../clock/real-clock.js';
import { READER_PULL_EXPIRES_MS } from './reader-pulls.js';
import type { JetStreamLogOptions } from './jetstream-log-options.js';
import { ERR_NO_MESSAGE, ERR_WRONG_LAST_SEQUENCE, SubjectSequenceConflict, apiErrorCode } from './jetstream-log-errors.js';
import { ensureLogStream } from './jetstream-log-stream.js';

export type { JetStreamLogOptions } from './jetstream-log-options.js';
export { SubjectSequenceConflict, apiErrorCode } from './jetstream-log-errors.js';

/** What a publish may carry besides the event: its place in a batch, its body already encoded. */
export interface PublishExtras {
  readonly batch?: { readonly index: number; readonly size: number };
  /** `encodeEvent(event)`, when the caller has it already. */
  readonly body?: Uint8Array;
}

/** A message's body: the canonical JSON of the whole envelope. */
export function encodeEvent(event: StoredEvent): Uint8Array {
  return new TextEncoder().encode(canonicalJson(event));
}

/** A stream's head in JetStream, with the JetStream sequence of its last message. */
export interface JetStreamHead extends StreamHead {
  readonly streamSeq: number;
}

export class JetStreamLog {
  readonly streamName: string;
  readonly subjectPrefix: string;
  private readonly timeoutMs: number;
  private readonly clock: Clock;

  private constructor(
    readonly connection: NatsConnection,
    private readonly js: JetStreamClient,
    private readonly jsm: JetStreamManager,
    private readonly options: JetStreamLogOptions,
  ) {
    this.streamName = options.streamName ?? 'TABLE_EVENTS';
    this.subjectPrefix = options.subjectPrefix ?? 'tables';
    this.timeoutMs = options.timeoutMs ?? 5000;
    this.clock = options.clock ?? realClock();
  }

  /** Connects the log to JetStream and creates the stream if it is missing. */
  static async open(connection: NatsConnection, options: JetStreamLogOptions = {}): Promise<JetStreamLog> {
    const timeout = options.timeoutMs ?? 5000;
    const jsm = await connection.jetstreamManager({ timeout });
    const log = new JetStreamLog(connection, connection.jetstream({ timeout }), jsm, options);
    await log.ensureStream();
    return log;
  }

  get subjectPattern(): string {
    return `${this.subjectPrefix}.*.events`;
  }

  subject(tableId: string): string {
    return `${this.subjectPrefix}.${tableId}.events`;
  }

  /** Creates the stream if it is missing, else checks it covers the tables' subjects (jetstream-log-stream.ts). */
  ensureStream(): Promise<StreamInfo> {
    return ensureLogStream(this.jsm, this.streamName, this.subjectPattern, this.options);
  }

  async head(tableId: string): Promise<JetStreamHead> {
    try {
      const m = await this.jsm.streams.getMessage(this.streamName, { last_by_subj: this.subject(tableId) });
      const event = this.decode(tableId, m.data);
      return { version: event.seq, hash: event.hash, streamSeq: m.seq };
    } catch (error) {
      if (apiErrorCode(error) === ERR_NO_MESSAGE) return { version: 0, hash: GENESIS_HASH, streamSeq: 0 };
      throw error;
    }
  }

  /** The table's first message at JetStream sequence >= `streamSeq`. */
  async nextFrom(tableId: string, streamSeq: number): Promise<{ event: StoredEvent; streamSeq: number } | undefined> {
    try {
      // next_by_subj is in the MSG.GET API since server 2.9; the client's type only lists it for direct gets.
      const query = { seq: streamSeq, next_by_subj: this.subject(tableId) } as unknown as { seq: number };
      const m = await this.jsm.streams.getMessage(this.streamName, query);
      return { event: this.decode(tableId, m.data), streamSeq: m.seq };
    } catch (error) {
      if (apiErrorCode(error) === ERR_NO_MESSAGE) return undefined;
      throw error;
    }
  }

  /**
   * JetStream sequence at which to start reading so the first event is the table's seq `seq`
   * (or the first retained one after it). Binary search: O(log n) gets.
   */
  async locate(tableId: string, seq: number, head: JetStreamHead): Promise<number> {
    if (seq > head.version) return head.streamSeq + 1;
    if (seq === head.version) return head.streamSeq;
    const first = await this.nextFrom(tableId, 1);
    if (!first || first.event.seq >= seq) return first?.streamSeq ?? head.streamSeq + 1;
    // Smallest x with next(x).seq >= seq; true at head.streamSeq, false at first.streamSeq.
    let lo = first.streamSeq + 1;
    let hi = head.streamSeq;
    while (lo < hi) {
      const mid = Math.floor((lo + hi) / 2);
      const m = await this.nextFrom(tableId, mid);
      if (m && m.event.seq >= seq) hi = mid;
      else lo = m ? m.streamSeq + 1 : mid + 1;
    }
    return (await this.nextFrom(tableId, lo))?.streamSeq ?? head.streamSeq + 1;
  }

  /**
   * Publishes one stored event right after the message at `expectLastStreamSeq` (0 for the
   * table's first; `undefined`: no such condition, for a publish whose predecessor is still in
   * flight — see jetstream-publish-window.ts). Returns its JetStream sequence. A duplicate ack
   * is accepted only if the stored message is this very event.
   */
  async publish(event: StoredEvent, expectLastStreamSeq: number | undefined, extra: PublishExtras = {}): Promise<number> {
    const h = headers();
    if (expectLastStreamSeq !== undefined) h.set('Nats-Expected-Last-Subject-Sequence', String(expectLastStreamSeq));
    h.set('Table-Seq', String(event.seq));
    h.set('Event-Hash', event.hash);
    if (extra.batch) h.set('Batch', `${extra.batch.index}/${extra.batch.size}`);
    let ack;
    try {
      ack = await this.js.publish(this.subject(event.tableId), extra.body ?? encodeEvent(event), {
        msgID: `${event.tableId}:${event.seq}`,
        headers: h,
        timeout: this.timeoutMs,
      });
    } catch (error) {
      if (apiErrorCode(error) === ERR_WRONG_LAST_SEQUENCE) throw new SubjectSequenceConflict(event.tableId);
      throw error;
    }
    if (ack.duplicate) {
      const stored = await this.jsm.streams.getMessage(this.streamName, { seq: ack.seq });
      const existing = this.decode(event.tableId, stored.data);
      if (existing.seq !== event.seq || existing.hash !== event.hash) throw new SubjectSequenceConflict(event.tableId);
    }
    return ack.seq;
  }

  /** Up to `limit` events from the table's seq `from`, in order, gap-checked. */
  async readRange(tableId: string, from: number, limit: number): Promise<StoredEvent[]> {
    const head = await this.head(tableId);
    if (limit <= 0 || from > head.version) return [];
    const count = Math.min(limit, head.version - from + 1);
    const start = await this.locate(tableId, from, head);
    const out: StoredEvent[] = [];
    const messages = await this.tail(tableId, start, Math.min(count, 1000));
    const timer = this.clock.setTimeout(() => messages.stop(new Error(`JetStream read of table ${tableId} timed out`)), 30_000);
    try {
      for await (const m of messages) {
        const event = this.decode(tableId, m.data);
        const expected = from + out.length;
        if (event.seq !== expected) {
          throw new CorruptLogError(tableId, expected, out.length === 0 ? 'not retained in JetStream any more' : `JetStream returned seq ${event.seq}`);
        }
        out.push(event);
        if (out.length === count) break;
      }
    } finally {
      this.clock.clearTimeout(timer);
      messages.stop();
    }
    if (out.length < count) throw new CorruptLogError(tableId, from + out.length, 'JetStream read ended early');
    return out;
  }

  /** An ordered consumer on the table's subject from JetStream sequence `startStreamSeq`. */
  async tail(tableId: string, startStreamSeq: number, maxMessages = 1000): Promise<ConsumerMessages> {
    const consumer = await this.js.consumers.get(this.streamName, {
      filterSubjects: this.subject(tableId),
      deliver_policy: DeliverPolicy.StartSequence,
      opt_start_seq: Math.max(1, startStreamSeq),
    });
    return consumer.consume({ max_messages: maxMessages, expires: READER_PULL_EXPIRES_MS });
  }

  /** Parses a message body back into its envelope, refusing anything that is not one of this table's events. */
  decode(tableId: string, data: Uint8Array): StoredEvent {
    let event: StoredEvent;
    try {
      event = JSON.parse(new TextDecoder().decode(data)) as StoredEvent;
    } catch {
      throw new CorruptLogError(tableId, 0, 'JetStream message is not JSON');
    }
    if (typeof event !== 'object' || event === null || event.tableId !== tableId || !Number.isSafeInteger(event.seq) || typeof event.hash !== 'string') {
      throw new CorruptLogError(tableId, Number(event?.seq) || 0, 'JetStream message is not an event envelope of this table');
    }
    return event;
  }
}
