// The settlement feed on /metrics (docs/metrics.md): per target (`webhook`, `jetstream`), what went through,
// the failed attempts, what waits and how old the oldest waiting transaction is. A table without `feed:`
// exports the names with no series.
import { Gauge, type Registry } from 'prom-client';
import type { FeedStatus } from '../../ports/settlement-feed.js';
import { countedAtScrape } from './counted-metrics.js';

export function registerFeedMetrics(register: Registry, feeds: () => readonly FeedStatus[]): void {
  const perTarget = (read: (feed: FeedStatus) => number) => () => feeds().map((feed) => [{ target: feed.target }, read(feed)] as const);
  countedAtScrape(register, 'table_feed_delivered_total', 'Wallet transactions the settlement feed\'s receiver acknowledged, per target', ['target'], perTarget((f) => f.delivered));
  countedAtScrape(register, 'table_feed_retries_total', 'Settlement feed deliveries that failed and are tried again (non-2xx, timeout, no connection), per target', ['target'], perTarget((f) => f.retries));
  const gauge = (name: string, help: string, read: (feed: FeedStatus) => number) => new Gauge({
    name, help, labelNames: ['target'], registers: [register],
    collect() {
      this.reset();
      for (const [labels, value] of perTarget(read)()) this.set(labels, value);
    },
  });
  gauge('table_feed_pending', 'Wallet transactions derived from the log and not yet acknowledged, per target (counted up to the feed\'s look-ahead of 10,000)', (f) => f.pending);
  gauge('table_feed_lag_seconds', 'Age of the oldest unacknowledged wallet transaction (since its fact), per target; 0 when none waits', (f) => f.lagSeconds);
  gauge('table_feed_alarm', 'A transaction undelivered past feed.undeliveredAlarmSeconds (1) or not (0), per target', (f) => (f.alarm ? 1 : 0));
}
