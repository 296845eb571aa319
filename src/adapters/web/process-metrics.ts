// prom-client's default process metrics (CPU, memory, heap, GC, the event-loop delay as
// nodejs_eventloop_lag_*), less three it names against Prometheus' own rules: nodejs_active_handles_total,
// nodejs_active_requests_total and nodejs_active_resources_total are gauges with a counter's suffix
// (`promtool check metrics` refuses them). Their per-type gauges (nodejs_active_handles{type}, …) stay,
// and `sum()` over those gives the same number (docs/metrics.md).
import { collectDefaultMetrics, type Registry } from 'prom-client';

const MISNAMED_DEFAULTS = ['nodejs_active_handles_total', 'nodejs_active_requests_total', 'nodejs_active_resources_total'] as const;

export function registerProcessMetrics(register: Registry): void {
  collectDefaultMetrics({ register });
  for (const name of MISNAMED_DEFAULTS) register.removeSingleMetric(name);
}
