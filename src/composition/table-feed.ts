// The table's settlement feed, wired (docs/operations.md, "The settlement feed"): a worker per target the
// table file's `feed:` names — the webhook, JetStream on the table's NATS — each following the log from
// after its last acknowledgement note. It starts once the table is open, in the background (finding where
// to resume reads the log, and the table serves meanwhile), and never holds up dealing; at shutdown it
// stops within a bound, its last acknowledgements noted on the log before the store closes.
import type { Logger } from 'pino';
import type { TableConfig } from '../config/table-config.js';
import { feedSecret } from '../config/feed-config.js';
import type { EventStore } from '../ports/event-store.js';
import type { Clock, TimerHandle } from '../ports/clock.js';
import type { FeedStatus, FeedTransport } from '../ports/settlement-feed.js';
import type { TableService } from '../app/table/table-service.js';
import { HandsPerBoxOnLog } from '../app/audit/hands-per-box-on-log.js';
import { roundIndexOf } from '../app/audit/round-index.js';
import { FEED_DELIVERED_RECORD } from '../app/feed/feed-note.js';
import { FeedWorker } from '../app/feed/feed-worker.js';
import { WebhookTransport } from '../adapters/feed/webhook-transport.js';
import { JetStreamTransport } from '../adapters/feed/jetstream-transport.js';

export interface TableFeedOptions {
  readonly config: TableConfig;
  readonly rulesId: string;
  readonly service: TableService;
  readonly store: EventStore;
  /** The table's clock: the workers' timers and readings, and the bound on stopping. */
  readonly clock: Clock;
  readonly random: () => number;
  readonly logger: Logger;
  /** Tests: where each transport is made (default: the real webhook and JetStream transports). */
  readonly transports?: (config: NonNullable<TableConfig['feed']>) => FeedTransport[];
}

export interface TableFeed {
  /** Each target's state, for the supervisor's page and /metrics. */
  status(): FeedStatus[];
  /** Stops every worker (the delivery under way abandoned) and notes the last acknowledgements, within `boundMs`. */
  stop(boundMs?: number): Promise<void>;
}

/** How long a shutdown waits for the feed (a delivery under way is abandoned: it is owed again after a restart). */
export const FEED_STOP_MS = 3000;

function realTransports(config: TableConfig): (feed: NonNullable<TableConfig['feed']>) => FeedTransport[] {
  return (feed) => {
    const transports: FeedTransport[] = [];
    if (feed.webhook) {
      const secret = feedSecret(feed);
      if (!secret) throw new Error(`feed.webhook.secretEnv: environment variable ${feed.webhook.secretEnv} is not set`);
      transports.push(new WebhookTransport({ url: feed.webhook.url, secret, timeoutMs: feed.webhook.timeoutMs }));
    }
    if (feed.jetstream) {
      if (!config.nats) throw new Error('feed.jetstream: the table has no nats: { url } to publish on');
      transports.push(new JetStreamTransport({ url: config.nats.url, subject: feed.jetstream.subject }));
    }
    return transports;
  };
}

/** Null when the table file has no `feed:`. */
export function startTableFeed(options: TableFeedOptions): TableFeed | null {
  const { config, service, store, logger } = options;
  const feed = config.feed;
  if (!feed) return null;
  const index = roundIndexOf(store);
  const rules = new HandsPerBoxOnLog([[options.rulesId, service.rules.boxes.handsPerBox]]);
  const workers = (options.transports ?? realTransports(config))(feed).map((transport) => new FeedWorker({
    tableId: config.id, currency: config.currency, store, index, rules, transport,
    appended$: service.events$,
    recordNote: (note) => service.recordNote(FEED_DELIVERED_RECORD, note),
    clock: options.clock, random: options.random,
    maxBackoffMs: (transport.target === 'webhook' ? feed.webhook?.maxBackoffMs : feed.jetstream?.maxBackoffMs) ?? 60_000,
    alarmSeconds: feed.undeliveredAlarmSeconds,
    logger,
  }));
  const started = workers.map((worker) => worker.start().catch((err: unknown) => {
    logger.error({ err, feed: worker.status().target }, `settlement feed (${worker.status().target}) did not start: ${(err as Error).message}; nothing is delivered until the table is restarted`);
  }));
  return {
    status: () => workers.map((worker) => worker.status()),
    async stop(boundMs = FEED_STOP_MS) {
      const stopped = (async () => {
        await Promise.all(started);
        await Promise.all(workers.map((worker) => worker.stop()));
      })();
      let timer: TimerHandle | undefined;
      const bound = new Promise<'late'>((resolve) => (timer = options.clock.setTimeout(() => resolve('late'), boundMs)));
      const outcome = await Promise.race([stopped.then(() => 'done' as const), bound]);
      options.clock.clearTimeout(timer);
      if (outcome === 'late') logger.warn({ boundMs }, `settlement feed: not stopped within ${boundMs} ms; shutting down without its last acknowledgement note (those deliveries are sent again after the restart, and the receiver de-duplicates them by id)`);
    },
  };
}
