// A display gateway (`shoe displays --nats URL`, ADR 0005): the same pages and the public and dealer
// display sockets and views as the table's own server, served from the views the table publishes to
// NATS (src/adapters/view-fanout/). Stateless — nothing but the current view per audience — so as many
// as the audience needs run behind any load balancer, and the table process never serves the public
// internet. Refused credentials are logged here (the gateway has no table log to record them on).
import Fastify, { LogController, type FastifyInstance } from 'fastify';
import fastifyWebsocket from '@fastify/websocket';
import type { Logger } from 'pino';
import type { Observable } from 'rxjs';
import type { WebSocket } from 'ws';
import type { AudienceViewSource } from '../../ports/shared-view.js';
import type { Principal, Role } from '../../config/table-config.js';
import { VIEW_BUFFER_BYTES } from './conflated-sender.js';
import { bearerToken, identify, queryToken, roleAllowed, wrongRoleReason } from './credentials.js';
import { explained } from './explained-reason.js';
import { reasonSentence } from '../../messages/coded-reason.js';
import { webReason } from './web-reasons.js';
import { listed, type HealthReason } from './health-reasons.js';
import { gatewayMetricsRegistry } from './gateway-metrics.js';
import { registerPageRoutes } from './page-routes.js';
import { registerApiContract } from './api-contract.js';
import { requestErrorHandler } from './request-errors.js';
import { healthResponses, metricsResponses, readinessResponses } from './schemas/health-schemas.js';
import { viewResponses } from './schemas/read-schemas.js';
import { GATEWAY_API_DESCRIPTION, GATEWAY_API_TITLE, ROUTE_SUMMARIES, viewSummary } from './schemas/route-docs.js';
import { routeSecurity } from './schemas/security-schemes.js';
import { DEFAULT_RATE_LIMIT, registerRequestGuards, type RateLimitSettings } from './request-guards.js';
import { viewPath } from './route-paths.js';
import { ViewDeliveryStats } from './view-delivery-stats.js';
import { ReaderWatch, type ReaderWatchSettings } from './stalled-readers.js';
import type { Clock, TimerHandle } from '../../ports/clock.js';
import { realClock } from '../clock/real-clock.js';
import { streamViews, viewSocketPath } from './view-sockets.js';

export interface GatewayOptions {
  readonly views: AudienceViewSource;
  /** Token → who it identifies (from the table's file); empty: the dealer's display is not served. */
  readonly credentials: ReadonlyMap<string, Principal>;
  readonly logger: Logger;
  readonly rateLimit?: RateLimitSettings;
  readonly viewBufferBytes?: number;
  /** How often displays are pinged, and how often the line about displays shed for not reading may come (./stalled-readers.ts). */
  readonly readerWatch?: Partial<ReaderWatchSettings>;
  /** The gateway's clock (default: the process's): the watch's timers, the displays' send times, the first view's wait. */
  readonly clock?: Clock;
  /** How long GET /api/views/* waits for a first view from NATS (ms). */
  readonly firstViewTimeoutMs?: number;
  /** Views from NATS a newer one replaced before the fan-out, per audience (NatsViewSource.conflated). */
  readonly conflatedFromSource?: (audience: 'public' | 'dealer') => number;
  /** Why the gateway cannot serve new views now (NATS away), in words; null when it can. /readyz says it. */
  readonly problem?: () => HealthReason | null;
  /** Whether the table is heard from (src/adapters/floor/table-liveness.ts): each display is told when it turns
   *  stale and back, as `{"type":"status","status":"stale"|"live"}` on its socket. */
  readonly tableStatus?: TableStatusSource;
}

export interface TableStatusSource {
  current(): 'live' | 'stale';
  readonly changes$: Observable<'live' | 'stale'>;
}

/** Tells one display the table's status now (when stale) and at every change, until its socket closes. */
function followTableStatus(source: TableStatusSource | undefined, socket: WebSocket, clock: Clock): void {
  if (!source) return;
  const send = (status: 'live' | 'stale') => {
    if (socket.readyState === socket.OPEN) socket.send(JSON.stringify({ type: 'status', sentAt: new Date(clock.wallNow()).toISOString(), status }));
  };
  if (source.current() === 'stale') send('stale');
  const subscription = source.changes$.subscribe(send);
  socket.once('close', () => subscription.unsubscribe());
}

const GATEWAY_AUDIENCES = { public: null, dealer: ['dealer', 'supervisor', 'display'] } as const satisfies Record<string, readonly Role[] | null>;

export function createGatewayServer(options: GatewayOptions): FastifyInstance & { readonly viewStats: ViewDeliveryStats } {
  const logger = options.logger.child({ component: 'gateway' });
  const app = Fastify({ loggerInstance: logger, logController: new LogController({ disableRequestLogging: true }), bodyLimit: 16 * 1024 }) as unknown as FastifyInstance;
  const viewStats = new ViewDeliveryStats();
  const clock = options.clock ?? realClock();
  const readers = new ReaderWatch({ clock, logger, counts: viewStats, settings: options.readerWatch });
  const context = { views: options.views, viewStats, logger, viewBufferBytes: options.viewBufferBytes ?? VIEW_BUFFER_BYTES, readers, clock };
  registerRequestGuards(app, options.rateLimit ?? DEFAULT_RATE_LIMIT);
  // Refusals answer the one error shape, logged here (no table log); a display asking for its page too
  // often gets a page that says so and comes back by itself (busy-page.ts).
  app.setErrorHandler(requestErrorHandler(null));
  registerApiContract(app, { title: GATEWAY_API_TITLE, description: GATEWAY_API_DESCRIPTION, context: null });
  void app.register(fastifyWebsocket, { options: { maxPayload: 1024 } });
  app.addHook('onClose', async () => readers.stop());

  const admit = (roles: readonly Role[] | null, token: string | undefined, how: 'header' | 'query', path: string, client: string) => {
    if (roles === null) return null;
    const who = identify(options.credentials, token, how);
    const refusal = !who.ok ? { status: who.status, reason: who.reason } : !roleAllowed(who.principal, roles) ? { status: 403, reason: wrongRoleReason(who.principal, roles, 'watchDealer') } : null;
    if (refusal) logger.warn({ path, client, status: refusal.status, reason: reasonSentence(refusal.reason), code: refusal.reason.code }, 'display refused');
    return refusal;
  };

  void app.register(async (routes) => {
    for (const [audience, roles] of Object.entries(GATEWAY_AUDIENCES) as Array<[keyof typeof GATEWAY_AUDIENCES, readonly Role[] | null]>) {
      const path = viewSocketPath(audience);
      routes.get(path, {
        websocket: true,
        preValidation: async (request, reply) => {
          const refusal = admit(roles, queryToken(request.query), 'query', path, request.ip);
          if (refusal) return reply.code(refusal.status).send({ ok: false, refused: refusal.status === 403 ? 'role' : 'credential', ...explained(refusal.reason) });
        },
      }, (socket, request) => {
        streamViews(context, audience, socket, request.ip);
        followTableStatus(options.tableStatus, socket, clock);
      });
      const schema = { operationId: `${audience}View`, summary: viewSummary(audience), tags: ['views'], response: viewResponses(roles !== null), security: routeSecurity(roles) };
      routes.get(viewPath(audience), { schema }, async (request, reply) => {
        const refusal = admit(roles, bearerToken(request.headers.authorization), 'header', viewPath(audience), request.ip);
        if (refusal) return reply.code(refusal.status).send({ ok: false, refused: refusal.status === 403 ? 'role' : 'credential', ...explained(refusal.reason) });
        let timer: TimerHandle | undefined;
        const timeout = new Promise<null>((resolve) => (timer = clock.setTimeout(() => resolve(null), options.firstViewTimeoutMs ?? 5000, { unref: true })));
        const current = await Promise.race([options.views.current(audience), timeout]);
        clock.clearTimeout(timer);
        if (!current) return reply.code(503).send({ ok: false, ...explained(webReason('noViewYet')) });
        return reply.type('application/json; charset=utf-8').send(current.json);
      });
    }
    const health$ = (operationId: 'liveness' | 'readiness' | 'metrics', response: object) => ({ schema: { operationId, summary: ROUTE_SUMMARIES[operationId], tags: ['health'], response, security: [] } });
    routes.get('/healthz', health$('liveness', healthResponses), async () => ({ ok: true }));
    // Ready while views can reach the displays: a load balancer sends new displays elsewhere meanwhile.
    routes.get('/readyz', health$('readiness', readinessResponses), async (_request, reply) => {
      const problem = options.problem?.() ?? null;
      if (problem === null) return { ok: true, status: 'ready', problems: [] };
      const listedProblem = listed(problem);
      return reply.code(503).send({ ok: false, status: 'not ready', problems: [listedProblem.reason], problemReasons: [listedProblem] });
    });
    const register = gatewayMetricsRegistry(viewStats, options.conflatedFromSource);
    routes.get('/metrics', health$('metrics', metricsResponses), async (_request, reply) => reply.type(register.contentType).send(await register.metrics()));
    registerPageRoutes(routes);
  });
  return Object.assign(app, { viewStats });
}
