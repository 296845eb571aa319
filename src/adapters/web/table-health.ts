// What the health and metrics endpoints ask of the table beyond the web context: the shoe
// link's state and counters, whether the log can be written, the appends measured, the settlement feed. The runtime
// provides it (src/composition/table-health.ts); a server without it reports no link.
import { Counter, Histogram } from 'prom-client';
import type { AppendObservation } from '../store/metered-store.js';
import type { CodedReason } from '../../messages/coded-reason.js';
import type { FeedStatus } from '../../ports/settlement-feed.js';

export interface TableHealth {
  /** The shoe link's state ('up' when events flow), or null when there is no link. */
  linkState(): string | null;
  /** The link's counters (numbers only). */
  linkCounters(): Readonly<Record<string, number>>;
  /** Whether the log can be written now; the reason when not. */
  storeWritable(): Promise<{ readonly ok: boolean; readonly reason?: string }>;
  /** What works but not fully, coded (e.g. the floor link down): /readyz stays 200 and says "degraded". */
  degraded?(): readonly CodedReason[];
  /** Append measurements, when the store is metered. */
  readonly appends?: AppendMetrics;
  /** The settlement feed's targets (none when the table file has no `feed:`): GET /api/feed and /metrics. */
  feeds?(): readonly FeedStatus[];
}

/** Appends to the log: how many, how long (prom-client metrics, registered by /metrics' registry). */
export class AppendMetrics {
  readonly latency = new Histogram({
    name: 'table_append_seconds',
    help: 'Durable appends to the log: time until the batch is durable',
    buckets: [0.0002, 0.0005, 0.001, 0.002, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 1],
    registers: [],
  });
  readonly events = new Counter({ name: 'table_appended_events_total', help: 'Events appended to the log', registers: [] });
  readonly failures = new Counter({ name: 'table_append_failures_total', help: 'Appends that failed (nothing stored)', registers: [] });

  observe(o: AppendObservation): void {
    if (!o.ok) {
      this.failures.inc();
      return;
    }
    this.latency.observe(o.seconds);
    this.events.inc(o.events);
  }
}
