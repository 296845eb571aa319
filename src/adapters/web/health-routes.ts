// Health and metrics (docs/web-api.md):
//   GET /healthz  — the process answers (liveness);
//   GET /readyz   — 200 only when the log can be written, the shoe link is up and the event loop has not
//                   stalled lately; else 503 with every reason. Status "degraded" (still 200) names what
//                   works but not fully, such as the floor's NATS being away;
//   GET /metrics  — Prometheus text (prom-client): link state and counters, appends and their latency,
//                   views sent and dropped per audience, connected displays, event-loop delay, the round,
//                   refusals; plus the process's default metrics.
import { monitorEventLoopDelay } from 'node:perf_hooks';
import type { FastifyInstance } from 'fastify';
import { Gauge, Registry, collectDefaultMetrics } from 'prom-client';
import { DISPLAY_AUDIENCES } from '../../app/displays/shared-view.js';
import { apiHealthResponses, healthResponses, metricsResponses, readinessResponses } from './schemas/health-schemas.js';
import { ROUTE_SUMMARIES } from './schemas/route-docs.js';
import type { TableHealth } from './table-health.js';
import type { WebContext } from './web-context.js';

/** An event loop that went this long without a turn is a stall (the shoe's ACK window is 250 ms). */
export const STALL_MS = 250;

/** The event loop's delay, over the last second (for readiness) and as a gauge. */
class EventLoopWatch {
  private readonly histogram = monitorEventLoopDelay({ resolution: 10 });
  private readonly timer: NodeJS.Timeout;
  /** Worst delay in the last full second, ms. */
  recentMaxMs = 0;
  recentP99Ms = 0;

  constructor() {
    this.histogram.enable();
    this.timer = setInterval(() => this.roll(), 1000);
    this.timer.unref();
  }

  private roll(): void {
    this.recentMaxMs = this.histogram.max / 1e6;
    this.recentP99Ms = this.histogram.percentile(99) / 1e6;
    this.histogram.reset();
  }

  /** The worst of the last second and the current one so far. */
  worstMs(): number {
    return Math.max(this.recentMaxMs, this.histogram.count > 0 ? this.histogram.max / 1e6 : 0);
  }

  stop(): void {
    clearInterval(this.timer);
    this.histogram.disable();
  }
}

function metricsRegistry(context: WebContext, health: TableHealth | undefined, loop: EventLoopWatch): Registry {
  const register = new Registry();
  register.setDefaultLabels({ table: context.service.tableId });
  collectDefaultMetrics({ register });
  const gauge = (name: string, help: string, labelNames: string[], collect: (g: Gauge) => void) =>
    new Gauge({ name, help, labelNames, registers: [register], collect() { collect(this); } });
  gauge('table_link_up', 'The shoe link is up (1) or not (0)', ['state'], (g) => {
    g.reset();
    const state = health?.linkState() ?? 'none';
    g.set({ state }, state === 'up' ? 1 : 0);
  });
  gauge('table_link_counter', 'The shoe link\'s counters (frames, bytes, CRC errors, retransmissions...)', ['counter'], (g) => {
    for (const [name, value] of Object.entries(health?.linkCounters() ?? {})) if (typeof value === 'number') g.set({ counter: name }, value);
  });
  gauge('table_views_sent', 'Views sent to displays, per audience', ['audience'], (g) => {
    for (const a of DISPLAY_AUDIENCES) g.set({ audience: a }, context.viewStats.of(a).sent);
  });
  gauge('table_views_dropped', 'Views a slow display skipped (conflated to a newer one), per audience', ['audience'], (g) => {
    for (const a of DISPLAY_AUDIENCES) g.set({ audience: a }, context.viewStats.of(a).dropped);
  });
  gauge('table_display_sockets', 'Display sockets connected now, per audience', ['audience'], (g) => {
    for (const a of DISPLAY_AUDIENCES) g.set({ audience: a }, context.viewStats.of(a).connected);
  });
  gauge('table_event_loop_delay_seconds', 'Event-loop delay over the last second', ['quantile'], (g) => {
    g.set({ quantile: '0.99' }, loop.recentP99Ms / 1000);
    g.set({ quantile: '1' }, loop.recentMaxMs / 1000);
  });
  gauge('table_displays_shed', 'Display requests refused (503) while the event loop was under pressure', [], (g) => g.set(context.viewStats.shed));
  gauge('table_round', 'The round the table is at', [], (g) => g.set(context.service.table.round));
  gauge('table_log_position', 'The seq of the last durable event', [], (g) => g.set(context.service.position));
  gauge('table_refusals_seen', 'Commands refused (recorded one by one or counted)', [], (g) => g.set(context.refusals.seen));
  gauge('table_refusal_records', 'command.refused records written', [], (g) => g.set(context.refusals.written));
  if (health?.appends) {
    register.registerMetric(health.appends.latency);
    register.registerMetric(health.appends.events);
    register.registerMetric(health.appends.failures);
  }
  return register;
}

export function registerHealthRoutes(app: FastifyInstance, context: WebContext, health: TableHealth | undefined): void {
  const loop = new EventLoopWatch();
  const register = metricsRegistry(context, health, loop);
  app.addHook('onClose', async () => loop.stop());

  const health$ = (operationId: keyof typeof ROUTE_SUMMARIES, response: object) => ({ schema: { operationId, summary: ROUTE_SUMMARIES[operationId], tags: ['health'], response, security: [] } });
  app.get('/healthz', health$('liveness', healthResponses), async () => ({ ok: true }));

  /** What /readyz judges: every problem (not ready) and every degradation, in words. */
  const readiness = async () => {
    const problems: string[] = [];
    const store = health ? await health.storeWritable() : { ok: true };
    if (!store.ok) problems.push(`log not writable: ${store.reason ?? 'unknown'}`);
    const link = health?.linkState() ?? null;
    if (link !== 'up') problems.push(link === null ? 'no shoe link' : `shoe link ${link}`);
    const stall = loop.worstMs();
    if (stall > STALL_MS) problems.push(`event loop stalled ${Math.round(stall)} ms (limit ${STALL_MS} ms)`);
    const degraded = health?.degraded?.() ?? [];
    const status = problems.length > 0 ? 'not ready' : degraded.length > 0 ? 'degraded' : 'ready';
    return { ok: problems.length === 0, status, problems, degraded, link, eventLoopDelayMs: Math.round(stall * 10) / 10 };
  };

  app.get('/readyz', health$('readiness', readinessResponses), async (_request, reply) => {
    const body = await readiness();
    return reply.code(body.ok ? 200 : 503).send(body);
  });

  // The same judgement for the staff pages' alarm line (src/adapters/web/pages/host-alarm.js): always 200,
  // so a page polling it does not log a failed request while the table is not ready.
  app.get('/api/health', health$('health', apiHealthResponses), async () => readiness());

  app.get('/metrics', health$('metrics', metricsResponses), async (_request, reply) => reply.type(register.contentType).send(await register.metrics()));
}
