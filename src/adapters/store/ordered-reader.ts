// How the floor's long-lived readers (the pit console's feed, a gateway's views, `shoe floor`, the shift
// report) follow a stream through the loss of a cluster node (docs/operations.md, "The floor on a cluster").
// They read through an ordered consumer: ephemeral, one copy, on one node. When that node goes, nats.js 2.29
// asks the consumer's info until it answers; a consumer whose only node is down is neither found nor "not
// found", so nats.js waits — and the reader with it — until the node returns. This reader gives such a
// consumer up itself and makes a new ordered consumer that starts right after the last message it passed on
// (by the stream's sequence), on a live node. Nothing is lost (it resumes at the next sequence) or doubled
// (nothing before it is asked for again), and the order is the stream's. It gives a consumer up when:
// - the server holding it stops beating: its pulls ask for an idle heartbeat every `heartbeatMs`, and nats.js
//   reports two beats missed (`heartbeats_missed`) — the consumer's node is gone, the connection is not;
// - the connection was lost and made again (to another node) and the consumer does not answer then: it was on
//   the lost node, and nats.js stops watching its beats until it finds it again, which it never does while the
//   node is down.
// An idle reader costs its pulls (one per `READER_PULL_EXPIRES_MS`) and the server's beats, no other request.
import { ConsumerEvents, type Consumer, type ConsumerMessages, type ConsumerStatus, type JsMsg, type NatsConnection, type OrderedConsumerOptions } from 'nats';
import type { Clock } from '../../ports/clock.js';
import { READER_PULL_EXPIRES_MS } from './reader-pulls.js';
import { watchReconnections, type ReconnectionWatch } from './nats-reconnections.js';

export interface OrderedReaderOptions {
  readonly connection: NatsConnection;
  readonly stream: string;
  /** Where the first consumer starts and what it reads (the later ones start after the last message). */
  readonly consumer: Partial<OrderedConsumerOptions> & { readonly filterSubjects: string | string[] };
  readonly clock: Clock;
  /** Told when a consumer is given up and made again (once until a message comes again). */
  readonly onRemade?: (why: string, nextStreamSeq: number | null) => void;
  /**
   * The idle heartbeat its pulls ask for (default 250 ms): two missed and the consumer is given up, so a
   * consumer on a lost node is left within two to three beats. At most half a pull's expiry (the server's rule).
   */
  readonly heartbeatMs?: number;
  /**
   * How long an attempt at making a consumer again waits: the first `createTimeoutMs[0]` (default 500 ms),
   * each next one failed twice as long, up to `createTimeoutMs[1]` (default 1,500 ms), which the first
   * consumer's attempts wait from the start.
   */
  readonly createTimeoutMs?: readonly [number, number];
  /** After the connection is made again, how long the consumer has to answer whether it is there (default 750 ms). */
  readonly probeTimeoutMs?: number;
}

/** The messages of a stream in order, across consumers remade on live nodes; `close()` ends them. */
export class OrderedReader implements AsyncIterable<JsMsg> {
  private current: ConsumerMessages | null = null;
  private currentConsumer: Consumer | null = null;
  private closed = false;
  private lastStreamSeq: number | null = null;
  /** Whether `onRemade` was told since the last message. */
  private told = false;
  private reconnections: ReconnectionWatch | null = null;
  /** Consumers given up because their server stopped beating or the connection was made again. */
  remade = 0;

  constructor(private readonly options: OrderedReaderOptions) {}

  close(): void {
    this.closed = true;
    this.reconnections?.stop();
    this.current?.stop();
  }

  async *[Symbol.asyncIterator](): AsyncIterator<JsMsg> {
    const { connection, stream, clock } = this.options;
    const [firstTimeoutMs, lastTimeoutMs] = this.options.createTimeoutMs ?? [500, 1500];
    const heartbeatMs = Math.min(this.options.heartbeatMs ?? 250, READER_PULL_EXPIRES_MS / 2);
    // Its requests wait half a second at first, not the API's 5 s: nats-server before 2.9.12 may place a new
    // consumer on the node that is down, and an attempt made again is placed anew — on a live node, most
    // often, within milliseconds. Attempts that keep failing wait longer, so that a cluster busy with many
    // readers making theirs at once (or electing a leader) is not asked again and again.
    let failed = 0;
    const watching: Promise<void>[] = [this.watchConnection()];
    try {
      while (!this.closed) {
        const consumerOptions = this.lastStreamSeq === null ? this.options.consumer : { filterSubjects: this.options.consumer.filterSubjects, opt_start_seq: this.lastStreamSeq + 1 };
        let messages: ConsumerMessages;
        let consumer: Consumer;
        try {
          // The first consumer (no node lost to leave) gets the longest wait: a busy cluster is not a lost node.
          const timeoutMs = this.lastStreamSeq === null && this.remade === 0 ? lastTimeoutMs : Math.min(firstTimeoutMs * 2 ** failed, lastTimeoutMs);
          consumer = await connection.jetstream({ timeout: timeoutMs }).consumers.get(stream, consumerOptions);
          let made: ConsumerMessages | null = null;
          ownRetries(consumer, (why) => {
            if (made) this.giveUp(made, why);
          });
          messages = made = await this.made(consumer.consume({ expires: READER_PULL_EXPIRES_MS, idle_heartbeat: heartbeatMs }), timeoutMs + 1000);
          failed = 0;
        } catch (err) {
          failed++;
          if (this.closed || connection.isClosed()) return;
          this.tell(err);
          // An attempt that timed out has waited already; one refused at once (no responders while the
          // cluster elects) is tried again after a breath.
          if (!timedOut(err)) await new Promise<void>((resolve) => clock.setTimeout(resolve, 250));
          continue;
        }
        this.current = messages;
        this.currentConsumer = consumer;
        // Listening before anything can stop it: stopping `messages` ends its status too.
        watching.push(this.watchBeats(messages, messages.status()));
        if (this.closed) messages.stop();
        for await (const m of messages) {
          this.lastStreamSeq = m.seq;
          this.told = false;
          yield m;
        }
        if (this.closed || connection.isClosed()) return;
      }
    } finally {
      this.close();
      await Promise.all(watching);
    }
  }

  /** Gives `messages` up, if still the current consumer's: the loop makes the next one. */
  private giveUp(messages: ConsumerMessages, why: string): void {
    if (this.closed || messages !== this.current) return;
    this.remade++;
    this.tell(why);
    this.current = null;
    this.currentConsumer = null;
    messages.stop();
  }

  /** Two beats missed: the server holding the consumer is gone (or cut off); ends with the consumer. */
  private async watchBeats(messages: ConsumerMessages, status: Promise<AsyncIterable<ConsumerStatus>>): Promise<void> {
    for await (const s of await status) {
      if (s.type === ConsumerEvents.HeartbeatsMissed) this.giveUp(messages, `consumer missed ${String(s.data)} heartbeats`);
    }
  }

  /**
   * The connection made again to another node: the consumer may be on the node lost, and nats.js no longer
   * watches its beats until it finds it again. It is asked once; no answer, and it is given up. Ends on `close()`.
   */
  private watchConnection(): Promise<void> {
    this.reconnections = watchReconnections(this.options.connection, (server) => this.askAfterReconnect(server));
    if (this.closed) this.reconnections.stop();
    return this.reconnections.done;
  }

  private async askAfterReconnect(server: string): Promise<void> {
    const messages = this.current;
    const consumer = this.currentConsumer;
    if (this.closed || !messages || !consumer) return;
    await this.answers(consumer).then(
      () => undefined,
      (err: unknown) => this.giveUp(messages, `connection made again to ${server}, consumer: ${err instanceof Error ? err.message : String(err)}`),
    );
  }

  /** Whether `consumer` answers within `probeTimeoutMs` (resolves) or not (rejects). */
  private answers(consumer: Consumer): Promise<void> {
    const { clock } = this.options;
    return new Promise<void>((resolve, reject) => {
      const timer = clock.setTimeout(() => reject(new Error('no answer')), this.options.probeTimeoutMs ?? 750);
      consumer.info(false).then(
        () => {
          clock.clearTimeout(timer);
          resolve();
        },
        (err: unknown) => {
          clock.clearTimeout(timer);
          reject(err instanceof Error ? err : new Error(String(err)));
        },
      );
    });
  }

  /**
   * The consumer, if made within one attempt's time. nats.js tries again under the same name, and a name
   * the server once placed on the lost node stays there (nats-server 2.9.10), so a new name — a new ordered
   * consumer, placed anew — is the way on; the attempt given up is stopped should it succeed later.
   */
  private made(attempt: Promise<ConsumerMessages>, withinMs: number): Promise<ConsumerMessages> {
    const { clock } = this.options;
    return new Promise<ConsumerMessages>((resolve, reject) => {
      let late = false;
      const timer = clock.setTimeout(() => {
        late = true;
        reject(new Error('no consumer made within one attempt'));
      }, withinMs);
      attempt.then(
        (messages) => {
          clock.clearTimeout(timer);
          if (late || this.closed) messages.stop();
          else resolve(messages);
        },
        (err: unknown) => {
          clock.clearTimeout(timer);
          reject(err);
        },
      );
    });
  }

  private tell(err: unknown): void {
    if (this.told) return;
    this.told = true;
    this.options.onRemade?.(err instanceof Error ? err.message : String(err), this.lastStreamSeq === null ? null : this.lastStreamSeq + 1);
  }
}

function timedOut(err: unknown): boolean {
  return err instanceof Error && (err.message === 'no consumer made within one attempt' || (err as { code?: string }).code === 'TIMEOUT');
}

/**
 * This reader makes a consumer again itself (a new name, placed anew), from the last message it passed on.
 * nats.js (2.29) retries a creation that failed up to 30 times, each after a pull's expiry, whatever the reader
 * has given up: an attempt left so outlived the reader by a minute, and with it a one-shot command's process
 * (`shoe floor` done, not exiting). A creation that fails now fails at once, to this reader's loop. And nats.js
 * resets an ordered consumer by itself (a gap in its deliveries, the consumer not found after a reconnection),
 * which raced this reader's own remaking: a consumer made by the one after the other stopped it went on
 * pulling and beating for ever. Such a reset is this reader's now: `reset` gives the consumer up.
 */
function ownRetries(consumer: Consumer, reset: (why: string) => void): void {
  const ordered = consumer as Consumer & { maxInitialReset?: number; notifyOrderedResetAndReset?: () => void };
  if (typeof ordered.maxInitialReset === 'number') ordered.maxInitialReset = 0;
  if (typeof ordered.notifyOrderedResetAndReset === 'function') ordered.notifyOrderedResetAndReset = () => reset('the ordered consumer lost its place (a gap, or not found after the connection was made again)');
}
