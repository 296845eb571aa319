// How the floor's long-lived readers (the pit console's feed, a gateway's views) follow a stream through
// the loss of a cluster node (docs/operations.md, "The floor on a cluster"). They read through an ordered
// consumer: ephemeral, one copy, on one node. When that node goes, nats.js 2.29 asks the consumer's info
// until it answers; a consumer whose only node is down is neither found nor "not found", so nats.js waits —
// and the reader with it — until the node returns (a node down 30 s: 30 s of nothing on the console and the
// pages). This reader watches its consumer instead: after `quietMs` without a message it asks the consumer's
// info (`probeTimeoutMs`); no answer or an error, and it makes a new ordered consumer that starts right after
// the last message it passed on (by the stream's sequence), on a live node. Nothing is lost (it resumes at
// the next sequence) or doubled (nothing before it is asked for again), and the order is the stream's.
import type { Consumer, ConsumerMessages, JsMsg, NatsConnection, OrderedConsumerOptions } from 'nats';
import type { Clock, TimerHandle } from '../../ports/clock.js';
import { READER_PULL_EXPIRES_MS } from './reader-pulls.js';

export interface OrderedReaderOptions {
  readonly connection: NatsConnection;
  readonly stream: string;
  /** Where the first consumer starts and what it reads (the later ones start after the last message). */
  readonly consumer: Partial<OrderedConsumerOptions> & { readonly filterSubjects: string | string[] };
  readonly clock: Clock;
  /** Told when a consumer is given up and made again (once until a message comes again). */
  readonly onRemade?: (why: string, nextStreamSeq: number | null) => void;
  /** No message for this long: the consumer is asked whether it still answers (default 2,000 ms). */
  readonly quietMs?: number;
  /** How long that question, and each attempt at making a consumer, waits (default 1,500 ms). */
  readonly probeTimeoutMs?: number;
}

/** The messages of a stream in order, across consumers remade on live nodes; `close()` ends them. */
export class OrderedReader implements AsyncIterable<JsMsg> {
  private current: ConsumerMessages | null = null;
  private closed = false;
  private lastStreamSeq: number | null = null;
  private lastSignAt = 0;
  private probing = false;
  /** Whether `onRemade` was told since the last message. */
  private told = false;
  private watchdog: TimerHandle | undefined;
  /** Consumers given up because they stopped answering. */
  remade = 0;

  constructor(private readonly options: OrderedReaderOptions) {}

  close(): void {
    this.closed = true;
    this.options.clock.clearTimeout(this.watchdog);
    this.current?.stop();
  }

  async *[Symbol.asyncIterator](): AsyncIterator<JsMsg> {
    const { connection, stream, clock } = this.options;
    // Its requests wait `probeTimeoutMs`, not the API's 5 s: nats-server before 2.9.12 may place a new
    // consumer on the node that is down, and the attempt that times out is tried again sooner.
    const js = connection.jetstream({ timeout: this.options.probeTimeoutMs ?? 1500 });
    this.watch();
    try {
      while (!this.closed) {
        const consumerOptions = this.lastStreamSeq === null ? this.options.consumer : { filterSubjects: this.options.consumer.filterSubjects, opt_start_seq: this.lastStreamSeq + 1 };
        let consumer: Consumer;
        let messages: ConsumerMessages;
        try {
          consumer = await js.consumers.get(stream, consumerOptions);
          ownRetries(consumer);
          messages = await this.made(consumer.consume({ expires: READER_PULL_EXPIRES_MS }));
        } catch (err) {
          if (this.closed || connection.isClosed()) return;
          this.tell(err);
          if (!(err instanceof Error && err.message === 'no consumer made within one attempt')) await new Promise<void>((resolve) => clock.setTimeout(resolve, 500));
          continue;
        }
        this.current = messages;
        this.lastSignAt = clock.now();
        this.probe = () => consumer.info(false).then(() => undefined);
        if (this.closed) messages.stop();
        for await (const m of messages) {
          this.lastSignAt = clock.now();
          this.lastStreamSeq = m.seq;
          this.told = false;
          yield m;
        }
        if (this.closed || connection.isClosed()) return;
      }
    } finally {
      this.close();
    }
  }

  private probe: () => Promise<void> = () => Promise.resolve();

  /**
   * The consumer, if made within one attempt's time. nats.js tries again under the same name, and a name
   * the server once placed on the lost node stays there (nats-server 2.9.10), so a new name — a new ordered
   * consumer, placed anew — is the way on; the attempt given up is stopped should it succeed later.
   */
  private made(attempt: Promise<ConsumerMessages>): Promise<ConsumerMessages> {
    const { clock } = this.options;
    return new Promise<ConsumerMessages>((resolve, reject) => {
      let late = false;
      const timer = clock.setTimeout(() => {
        late = true;
        reject(new Error('no consumer made within one attempt'));
      }, (this.options.probeTimeoutMs ?? 1500) + 1000);
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

  /** Every half of `quietMs`: a consumer quiet that long is asked whether it answers; if not, remade. */
  private watch(): void {
    const quietMs = this.options.quietMs ?? 2000;
    const { clock } = this.options;
    const look = (): void => {
      if (this.closed) return;
      this.watchdog = clock.setTimeout(look, quietMs / 2, { unref: true });
      const messages = this.current;
      if (this.probing || !messages || clock.now() - this.lastSignAt < quietMs) return;
      this.probing = true;
      this.probe().then(
        () => {
          this.lastSignAt = clock.now();
        },
        (err: unknown) => {
          if (this.closed || messages !== this.current) return;
          this.remade++;
          this.tell(err);
          this.current = null;
          messages.stop();
        },
      ).finally(() => {
        this.probing = false;
      });
    };
    look();
  }
}

/**
 * This reader makes a consumer again itself (a new name, placed anew). nats.js (2.29) retries a creation that
 * failed up to 30 times, each after a pull's expiry, whatever the reader has given up: an attempt left so
 * outlived the reader by a minute, and with it a one-shot command's process (`shoe floor` done, not exiting).
 * A creation that fails now fails at once, to this reader's loop.
 */
function ownRetries(consumer: Consumer): void {
  const ordered = consumer as Consumer & { maxInitialReset?: number };
  if (typeof ordered.maxInitialReset === 'number') ordered.maxInitialReset = 0;
}

