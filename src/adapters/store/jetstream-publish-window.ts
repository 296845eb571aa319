/**
 * The replicator's publishes in flight: up to `maxInFlight` events (and `maxInFlightBytes`) sent
 * before the first of them is acknowledged, in seq order, acknowledged in that order
 * (docs/operations.md, "The floor on a cluster").
 *
 * Every message keeps `Nats-Msg-Id: <tableId>:<seq>`, so a message sent again while the first
 * copy is stored is dropped as a duplicate. `Nats-Expected-Last-Subject-Sequence` needs the
 * JetStream sequence of the event before, which is known only once that event's ack is back;
 * the stream is shared by every table, so it cannot be foreseen. A publish therefore carries it
 * when its predecessor is acknowledged (always the first after a resync, and each one sent
 * while nothing is in flight); one sent behind an unacknowledged predecessor relies on the path
 * keeping order — one connection, one stream leader — and is only sent while that holds:
 * - the predecessor went on the same connection, which is up (a publish made while nats.js
 *   reconnects is buffered and sent on the next connection, where its predecessor may be lost);
 * - an ack has come back on it since the window opened (the first publish goes alone);
 * - the oldest unacknowledged publish left less than `maxAckWaitMs` ago: a stream leader lost
 *   with it is replaced no sooner than the raft's election timeout (seconds), so nothing sent
 *   within that bound can reach a new leader while its predecessor was dropped by the old one.
 * A failure anywhere stops the window; the replicator waits for what is still in flight to
 * settle, re-reads JetStream's head and checks the events after the last acknowledged one are
 * the source's, in order, before it sends again (jetstream-replicator.ts).
 */
import type { NatsConnection } from 'nats';
import type { StoredEvent } from '../../ports/event-store.js';
import type { Clock } from '../../ports/clock.js';
import { encodeEvent, type JetStreamLog } from './jetstream-log.js';

export interface PublishWindowLimits {
  /** Publishes in flight at most. 1: each waits for the one before (and carries its position). */
  readonly maxInFlight: number;
  /** Bytes of message bodies in flight at most (one event is always let through). */
  readonly maxInFlightBytes: number;
  /** No publish is sent behind one unacknowledged for longer than this. */
  readonly maxAckWaitMs: number;
}

export const DEFAULT_WINDOW: PublishWindowLimits = { maxInFlight: 256, maxInFlightBytes: 1 << 20, maxAckWaitMs: 1000 };

/** A position in both logs: the table's seq and the JetStream sequence that holds it. */
export interface Replicated {
  readonly seq: number;
  readonly streamSeq: number;
}

interface InFlight {
  readonly event: StoredEvent;
  readonly bytes: number;
  readonly sentAt: number;
  readonly epoch: number;
  readonly ack: Promise<number>;
}

/** Counts the connection's losses: a publish behind another must go on the same connection. */
export class ConnectionEpochs {
  private epochValue = 0;
  private upValue = true;
  private watching: Promise<void> | undefined;
  /** nats.js's status iterator: typed as an AsyncIterable, it is a queued iterator that stops. */
  private iterator: (AsyncIterable<{ type: string }> & { stop?: () => void }) | undefined;

  constructor(private readonly connection: NatsConnection) {}

  get epoch(): number {
    return this.epochValue;
  }

  get up(): boolean {
    return this.upValue && !this.connection.isClosed();
  }

  start(): void {
    if (this.watching) return;
    const iterator: AsyncIterable<{ type: string }> & { stop?: () => void } = this.connection.status();
    this.iterator = iterator;
    this.watching = (async (): Promise<void> => {
      for await (const change of iterator) {
        if (change.type === 'disconnect' || change.type === 'staleConnection') {
          this.epochValue += 1;
          this.upValue = false;
        } else if (change.type === 'reconnect') {
          this.epochValue += 1;
          this.upValue = true;
        }
      }
    })();
  }

  /** Stops watching (the loop ends with the iterator; the connection's close ends it too). */
  stop(): void {
    this.iterator?.stop?.();
    this.iterator = undefined;
    this.watching = undefined;
  }
}

export class PublishWindow {
  private readonly inFlight: InFlight[] = [];
  private bytes = 0;
  private acks = 0;
  private last: Replicated;
  private sent: number;

  constructor(
    private readonly log: JetStreamLog,
    from: Replicated,
    private readonly limits: PublishWindowLimits,
    private readonly epochs: ConnectionEpochs,
    private readonly clock: Clock,
  ) {
    this.last = from;
    this.sent = from.seq;
  }

  /** The last event JetStream acknowledged (or held when the window opened). */
  get acknowledged(): Replicated {
    return this.last;
  }

  /** The next seq to send. */
  get nextSeq(): number {
    return this.sent + 1;
  }

  get size(): number {
    return this.inFlight.length;
  }

  /** Whether one more event of `bytes` may be sent now; if not, settle the oldest first. */
  canSend(bytes: number): boolean {
    const newest = this.inFlight[this.inFlight.length - 1];
    if (!newest) return true; // it carries its predecessor's position
    const oldest = this.inFlight[0]!;
    return (
      this.inFlight.length < this.limits.maxInFlight &&
      this.bytes + bytes <= this.limits.maxInFlightBytes &&
      this.acks > 0 &&
      this.clock.now() - oldest.sentAt < this.limits.maxAckWaitMs &&
      this.epochs.up &&
      newest.epoch === this.epochs.epoch
    );
  }

  /** Sends `event`, the next seq; its outcome is read by `settleOldest`, in order. */
  send(event: StoredEvent, body: Uint8Array = encodeEvent(event)): void {
    if (event.seq !== this.sent + 1) throw new Error(`replicator: seq ${event.seq} sent after ${this.sent}`);
    const expect = this.inFlight.length === 0 ? this.last.streamSeq : undefined;
    const ack = this.log.publish(event, expect, { body });
    // Read in order by settleOldest; one that fails behind a failed one is not read at all.
    ack.catch(() => undefined);
    this.inFlight.push({ event, bytes: body.length, sentAt: this.clock.now(), epoch: this.epochs.epoch, ack });
    this.bytes += body.length;
    this.sent = event.seq;
  }

  /** Waits for the oldest publish's ack and returns its event; throws its failure. */
  async settleOldest(): Promise<StoredEvent> {
    const oldest = this.inFlight[0];
    if (!oldest) throw new Error('replicator: nothing in flight');
    const streamSeq = await oldest.ack;
    this.inFlight.shift();
    this.bytes -= oldest.bytes;
    this.acks += 1;
    this.last = { seq: oldest.event.seq, streamSeq };
    return oldest.event;
  }

  /** After a failure: waits until nothing sent is still travelling (each publish has its timeout). */
  async drain(): Promise<void> {
    await Promise.allSettled(this.inFlight.map((f) => f.ack));
  }
}
