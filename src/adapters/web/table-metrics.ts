// The table's /metrics registry (docs/metrics.md): the shoe link, the log's appends and their latency,
// the views per audience, the round, refusals, the settlement feed; plus prom-client's default process metrics (among them
// the event-loop delay, nodejs_eventloop_lag_*). Every monotonic count is a counter ending in `_total`.
import { Gauge, Registry } from 'prom-client';
import { DISPLAY_AUDIENCES } from '../../ports/shared-view.js';
import { countAtScrape, countedAtScrape } from './counted-metrics.js';
import { registerLinkMetrics } from './link-metrics.js';
import { registerFeedMetrics } from './feed-metrics.js';
import { registerProcessMetrics } from './process-metrics.js';
import type { TableHealth } from './table-health.js';
import type { WebContext } from './web-context.js';

export function tableMetricsRegistry(context: WebContext, health: TableHealth | undefined): Registry {
  const register = new Registry();
  register.setDefaultLabels({ table: context.service.tableId });
  registerProcessMetrics(register);
  const gauge = (name: string, help: string, labelNames: string[], collect: (g: Gauge) => void) =>
    new Gauge({ name, help, labelNames, registers: [register], collect() { collect(this); } });
  const perAudience = (read: (a: (typeof DISPLAY_AUDIENCES)[number]) => number) => () => DISPLAY_AUDIENCES.map((audience) => [{ audience }, read(audience)] as const);

  gauge('table_link_up', 'The shoe link is up (1) or not (0)', ['state'], (g) => {
    g.reset();
    const state = health?.linkState() ?? 'none';
    g.set({ state }, state === 'up' ? 1 : 0);
  });
  registerLinkMetrics(register, () => health?.linkCounters() ?? {});
  countedAtScrape(register, 'table_views_sent_total', 'Views sent to displays, per audience', ['audience'], perAudience((a) => context.viewStats.of(a).sent));
  countedAtScrape(register, 'table_views_dropped_total', 'Views a slow display skipped (conflated to a newer one), per audience', ['audience'], perAudience((a) => context.viewStats.of(a).dropped));
  gauge('table_display_sockets', 'Display sockets connected now, per audience', ['audience'], (g) => {
    for (const a of DISPLAY_AUDIENCES) g.set({ audience: a }, context.viewStats.of(a).connected);
  });
  countedAtScrape(register, 'table_displays_shed_total', 'Displays shed: requests refused (503) while the event loop was under pressure (cause "pressure"), sockets closed because their display stopped reading (cause "stalled")', ['cause'],
    () => [[{ cause: 'pressure' }, context.viewStats.shed], [{ cause: 'stalled' }, context.viewStats.stalledTotal]]);
  gauge('table_round', 'The round the table is at', [], (g) => g.set(context.service.table.round));
  gauge('table_log_position', 'The seq of the last durable event', [], (g) => g.set(context.service.position));
  countAtScrape(register, 'table_refusals_total', 'Commands refused (recorded one by one or counted)', () => context.refusals.seen);
  countAtScrape(register, 'table_refusal_records_total', 'command.refused records written to the log', () => context.refusals.written);
  countedAtScrape(register, 'table_refused_requests_total', 'Requests refused before they became an input, by credential (none, unknown, known) and reason code', ['credential', 'reason'], () => context.refusals.counts.entries());
  registerFeedMetrics(register, () => health?.feeds?.() ?? []);
  if (health?.appends) {
    register.registerMetric(health.appends.latency);
    register.registerMetric(health.appends.events);
    register.registerMetric(health.appends.failures);
  }
  return register;
}
