// The display gateway's /metrics registry (docs/metrics.md): views per audience, the connected
// displays and those shed for not reading, plus prom-client's default process metrics (the event-loop delay among them: is the
// gateway keeping up?). Every monotonic count is a counter ending in `_total`.
import { Gauge, Registry } from 'prom-client';
import { countedAtScrape } from './counted-metrics.js';
import { registerProcessMetrics } from './process-metrics.js';
import type { ViewDeliveryStats } from './view-delivery-stats.js';

const AUDIENCES = ['public', 'dealer'] as const;
type GatewayAudience = (typeof AUDIENCES)[number];

export function gatewayMetricsRegistry(viewStats: ViewDeliveryStats, conflatedFromSource?: (audience: GatewayAudience) => number): Registry {
  const register = new Registry();
  const perAudience = (read: (a: GatewayAudience) => number) => () => AUDIENCES.map((audience) => [{ audience }, read(audience)] as const);
  countedAtScrape(register, 'gateway_views_sent_total', 'Views sent to displays, per audience', ['audience'], perAudience((a) => viewStats.of(a).sent));
  countedAtScrape(register, 'gateway_views_dropped_total', 'Views a slow display skipped, per audience', ['audience'], perAudience((a) => viewStats.of(a).dropped));
  countedAtScrape(register, 'gateway_views_conflated_total', 'Views from the table a newer one replaced before the fan-out, per audience', ['audience'], perAudience((a) => conflatedFromSource?.(a) ?? 0));
  // The table's name and label (table_displays_shed_total): a gateway sheds only displays that stopped reading.
  countedAtScrape(register, 'gateway_displays_shed_total', 'Display sockets closed because their display stopped reading (cause "stalled")', ['cause'], () => [[{ cause: 'stalled' }, viewStats.stalledTotal]]);
  new Gauge({
    name: 'gateway_display_sockets',
    help: 'Display sockets connected now, per audience',
    labelNames: ['audience'],
    registers: [register],
    collect() { for (const a of AUDIENCES) this.set({ audience: a }, viewStats.of(a).connected); },
  });
  registerProcessMetrics(register);
  return register;
}
