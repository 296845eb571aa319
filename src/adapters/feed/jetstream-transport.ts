// The settlement feed over JetStream (docs/web-api.md, "Settlement feed"): each transaction published to the
// table file's `feed.jetstream.subject` on the table's NATS, its JSON as the payload and its id as the message
// id (`Nats-Msg-Id`), so the stream drops a repeat inside its duplicate window. The stream's PubAck is the
// acknowledgement. The receiver owns the stream (its subjects, retention and duplicate window); a subject no
// stream takes is a failure named as such, tried again until one does. The connection is this feed's own,
// made on the first delivery and kept (nats.js reconnects it); a NATS that is away fails the delivery, which
// the worker tries again.
import { connect, type NatsConnection } from 'nats';
import { FeedDeliveryError, type FeedFailure, type FeedMessage, type FeedTransport } from '../../ports/settlement-feed.js';
import { reasonSentence } from '../../messages/coded-reason.js';
import { hasNoJetStream } from '../store/nats-trouble.js';
import { natsServers } from '../store/nats-servers.js';

export interface JetStreamTransportOptions {
  /** The table's NATS (`nats.url`). */
  readonly url: string;
  readonly subject: string;
  /** A connection attempt's limit, and a publish's wait for its PubAck, ms (defaults 2,000 and 5,000). */
  readonly connectTimeoutMs?: number;
  readonly ackTimeoutMs?: number;
}

export class JetStreamTransport implements FeedTransport {
  readonly target = 'jetstream' as const;
  readonly destination: string;
  private connection: Promise<NatsConnection> | null = null;
  private closed = false;

  constructor(private readonly options: JetStreamTransportOptions) {
    this.destination = options.subject;
  }

  async deliver(message: FeedMessage): Promise<void> {
    if (this.closed) throw this.failure({ code: 'feedClosed', params: {} });
    const nc = await this.connected();
    const ackTimeoutMs = this.options.ackTimeoutMs ?? 5000;
    try {
      await nc.jetstream({ timeout: ackTimeoutMs }).publish(this.options.subject, new TextEncoder().encode(message.body), { msgID: message.id, timeout: ackTimeoutMs });
    } catch (err) {
      if (this.closed) throw this.failure({ code: 'feedClosed', params: {} });
      if (hasNoJetStream(err)) throw this.failure({ code: 'feedNoStream', params: { subject: this.options.subject } });
      if ((err as { code?: unknown }).code === 'TIMEOUT') throw this.failure({ code: 'feedTimeout', params: { ms: String(ackTimeoutMs), address: this.options.subject } });
      throw this.failure({ code: 'feedRefused', params: { subject: this.options.subject, error: (err as Error).message } });
    }
  }

  private connected(): Promise<NatsConnection> {
    this.connection ??= connect({ servers: natsServers(this.options.url), timeout: this.options.connectTimeoutMs ?? 2000, maxReconnectAttempts: -1, reconnectTimeWait: 1000 });
    return this.connection.catch((err: unknown) => {
      this.connection = null;
      throw this.failure({ code: 'feedNatsDown', params: { address: this.options.url, error: (err as Error).message } });
    });
  }

  private failure(reason: FeedFailure): FeedDeliveryError {
    return new FeedDeliveryError(reason, reasonSentence(reason));
  }

  async close(): Promise<void> {
    this.closed = true;
    const pending = this.connection;
    this.connection = null;
    const nc = await pending?.catch(() => null);
    await nc?.close().catch(() => undefined);
  }
}
