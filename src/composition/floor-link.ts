// The table never waits for the floor (docs/operations.md, "NATS is the floor's"): the table deals on its
// local log whatever NATS does. The floor link connects in the background, retrying with a capped backoff;
// once connected it hands the connection to whoever needs it (the replicator, the view publisher, the KV
// anchor), which catch up from the durable log. It says when the floor goes (WARN) and returns (INFO), and
// its state is what /readyz reports as "degraded" and the supervisor page shows as "floor link down".
import type { Logger } from 'pino';
import { connect, type ConnectionOptions, type NatsConnection } from 'nats';
import type { Clock, TimerHandle } from '../ports/clock.js';
import { natsTroubleReason, type NatsReason } from '../adapters/store/nats-trouble.js';
import { natsServers } from '../adapters/store/nats-servers.js';
import { healthReason, type HealthReason } from '../adapters/web/health-reasons.js';
import { nestedReason, reasonSentence } from '../messages/coded-reason.js';

export type FloorLinkState = 'connecting' | 'up' | 'down' | 'closed';

export interface FloorLinkOptions {
  readonly url: string;
  readonly logger: Logger;
  /** The pauses between connection attempts. */
  readonly clock: Clock;
  /** Called once, with the first connection: start what lives on it. nats.js reconnects it after that. */
  readonly onConnected: (connection: NatsConnection) => Promise<void>;
  /** Called on every return of the connection after an outage (anchors missed meanwhile are written). */
  readonly onReconnected?: (connection: NatsConnection) => void;
  /** First and longest pause between connection attempts, ms (default 500 / 10,000). */
  readonly retryMs?: number;
  readonly maxRetryMs?: number;
  /** A connection attempt gives up after this long, ms (default 2,000). */
  readonly connectTimeoutMs?: number;
}

export class FloorLink {
  private current: FloorLinkState = 'connecting';
  private why: NatsReason | null = { code: 'natsConnecting', params: {} };
  private connection: NatsConnection | null = null;
  private timer: TimerHandle | undefined;
  private attempts = 0;
  private closed = false;

  constructor(private readonly options: FloorLinkOptions) {}

  get state(): FloorLinkState {
    return this.current;
  }

  /** Why the floor link is not up, coded; null when it is. */
  get problemReason(): HealthReason | null {
    if (this.current === 'up' || this.current === 'closed') return null;
    return healthReason('floorLink', { ...(this.why ? nestedReason(this.why) : { reason: '' }), state: this.current });
  }

  /** Why the floor link is not up, in words; null when it is. */
  get problem(): string | null {
    const reason = this.problemReason;
    return reason ? reasonSentence(reason) : null;
  }

  /**
   * Starts connecting; the promise settles when the first attempt has succeeded or failed (within the
   * connect timeout), never waiting for NATS to come back: a floor that is up at boot is in use before
   * the table serves, a floor that is down costs the table at most one attempt's timeout.
   */
  start(): Promise<void> {
    return this.attempt();
  }

  private async attempt(): Promise<void> {
    if (this.closed) return;
    const { url, logger } = this.options;
    const settings: ConnectionOptions = { servers: natsServers(url), timeout: this.options.connectTimeoutMs ?? 2000, maxReconnectAttempts: -1, reconnectTimeWait: 1000 };
    let connection: NatsConnection | null = null;
    try {
      connection = await connect(settings);
      if (this.closed) return void (await connection.close().catch(() => undefined));
      await this.options.onConnected(connection);
      this.connection = connection;
      this.watch(connection);
      this.set('up', null);
      logger.info({ url, attempts: this.attempts }, this.attempts > 0 ? 'floor link up: NATS reached, the replica and anchors catch up from the log' : 'floor link up');
    } catch (err) {
      await connection?.close().catch(() => undefined);
      this.attempts++;
      const trouble = natsTroubleReason(url, err);
      const reason = reasonSentence(trouble);
      if (this.attempts === 1) logger.warn({ err, url }, `floor link down: ${reason}; the table deals on its local log and the replica, the view fan-out and the KV anchor catch up when NATS returns`);
      this.set('down', trouble);
      const base = this.options.retryMs ?? 500;
      const delay = Math.min(this.options.maxRetryMs ?? 10_000, base * 2 ** Math.min(this.attempts - 1, 8));
      this.timer = this.options.clock.setTimeout(() => void this.attempt(), delay);
    }
  }

  /** nats.js reconnects by itself once connected: follow its status to report outages and returns. */
  private watch(connection: NatsConnection): void {
    const { logger, url } = this.options;
    void (async () => {
      for await (const s of connection.status()) {
        if (this.closed) return;
        if (s.type === 'disconnect' && this.current === 'up') {
          this.set('down', { code: 'natsDisconnected', params: { address: url } });
          logger.warn({ url }, 'floor link down: NATS disconnected; the table deals on its local log, the floor catches up when NATS returns');
        } else if (s.type === 'reconnect' && this.current !== 'up') {
          this.set('up', null);
          logger.info({ url }, 'floor link up again: NATS reconnected, the replica and anchors catch up from the log');
          this.options.onReconnected?.(connection);
        }
      }
    })().catch(() => undefined);
  }

  private set(state: FloorLinkState, why: NatsReason | null): void {
    this.current = state;
    this.why = why;
  }

  async close(): Promise<void> {
    this.closed = true;
    this.set('closed', null);
    if (this.timer !== undefined) this.options.clock.clearTimeout(this.timer);
    await this.connection?.close().catch(() => undefined);
  }
}
