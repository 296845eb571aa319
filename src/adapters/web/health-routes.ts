// Health and metrics (docs/web-api.md):
//   GET /healthz  — the process answers (liveness);
//   GET /readyz   — 200 only when the log can be written, the shoe link is up and the event loop has not
//                   stalled lately; else 503 with every reason. Status "degraded" (still 200) names what
//                   works but not fully, such as the floor's NATS being away;
//   GET /metrics  — Prometheus text (prom-client), the registry in table-metrics.ts (docs/metrics.md).
import { monitorEventLoopDelay } from 'node:perf_hooks';
import type { FastifyInstance } from 'fastify';
import { apiHealthResponses, healthResponses, metricsResponses, readinessResponses } from './schemas/health-schemas.js';
import { ROUTE_SUMMARIES } from './schemas/route-docs.js';
import type { TableHealth } from './table-health.js';
import { tableMetricsRegistry } from './table-metrics.js';
import { READ_PATHS } from './route-paths.js';
import type { WebContext } from './web-context.js';
import { healthReason, listed, type HealthReason } from './health-reasons.js';
import type { CodedReason } from '../../messages/coded-reason.js';
import type { TimerHandle } from '../../ports/clock.js';
import { realClock } from '../clock/real-clock.js';

/** An event loop that went this long without a turn is a stall (the shoe's ACK window is 250 ms). */
export const STALL_MS = 250;

/**
 * The event loop's delay over the last second, for readiness (/metrics has prom-client's own). It measures
 * the process's own loop, so its seconds are the process's clock's, whatever clock the table runs on.
 */
class EventLoopWatch {
  private readonly histogram = monitorEventLoopDelay({ resolution: 10 });
  private readonly clock = realClock();
  private timer: TimerHandle;
  /** Worst delay in the last full second, ms. */
  recentMaxMs = 0;

  constructor() {
    this.histogram.enable();
    this.timer = this.clock.setTimeout(() => this.roll(), 1000, { unref: true });
  }

  private roll(): void {
    this.recentMaxMs = this.histogram.max / 1e6;
    this.histogram.reset();
    this.timer = this.clock.setTimeout(() => this.roll(), 1000, { unref: true });
  }

  /** The worst of the last second and the current one so far. */
  worstMs(): number {
    return Math.max(this.recentMaxMs, this.histogram.count > 0 ? this.histogram.max / 1e6 : 0);
  }

  stop(): void {
    this.clock.clearTimeout(this.timer);
    this.histogram.disable();
  }
}

export function registerHealthRoutes(app: FastifyInstance, context: WebContext, health: TableHealth | undefined): void {
  const loop = new EventLoopWatch();
  const register = tableMetricsRegistry(context, health);
  app.addHook('onClose', async () => loop.stop());

  const health$ = (operationId: keyof typeof ROUTE_SUMMARIES, response: object) => ({ schema: { operationId, summary: ROUTE_SUMMARIES[operationId], tags: ['health'], response, security: [] } });
  app.get('/healthz', health$('liveness', healthResponses), async () => ({ ok: true }));

  /** What /readyz judges: every problem (not ready) and every degradation, in words. */
  const readiness = async () => {
    const problems: HealthReason[] = [];
    const store = health ? await health.storeWritable() : { ok: true };
    if (!store.ok) problems.push(healthReason('logUnwritable', { reason: store.reason ?? 'unknown' }));
    const link = health?.linkState() ?? null;
    if (link !== 'up') problems.push(link === null ? healthReason('noShoeLink') : healthReason('shoeLinkState', { state: link }));
    const stall = loop.worstMs();
    if (stall > STALL_MS) problems.push(healthReason('loopStalled', { ms: String(Math.round(stall)), limit: String(STALL_MS) }));
    const degraded: readonly CodedReason[] = health?.degraded?.() ?? [];
    const status = problems.length > 0 ? 'not ready' : degraded.length > 0 ? 'degraded' : 'ready';
    const problemReasons = problems.map(listed);
    const degradedReasons = degraded.map(listed);
    return {
      ok: problems.length === 0, status, problems: problemReasons.map((p) => p.reason), degraded: degradedReasons.map((d) => d.reason),
      problemReasons, degradedReasons, link, eventLoopDelayMs: Math.round(stall * 10) / 10,
    };
  };

  app.get('/readyz', health$('readiness', readinessResponses), async (_request, reply) => {
    const body = await readiness();
    return reply.code(body.ok ? 200 : 503).send(body);
  });

  // The same judgement for the staff pages' alarm line (src/adapters/web/pages/host-alarm.js): always 200,
  // so a page polling it does not log a failed request while the table is not ready.
  app.get(READ_PATHS.health, health$('health', apiHealthResponses), async () => readiness());

  app.get('/metrics', health$('metrics', metricsResponses), async (_request, reply) => reply.type(register.contentType).send(await register.metrics()));
}
