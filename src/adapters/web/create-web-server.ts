// The table's web server: the command API (HTTP and WebSocket), the display sockets, the read-only
// views and recall, and the pages. Built, not started: the caller listens (and closes). What it needs of the
// table comes through ports (src/ports/table-commands.ts, table-reads.ts, shared-view.ts): the composition
// passes the application's (src/composition/table-web-server.ts).
import Fastify, { LogController, type FastifyInstance, type FastifyReply, type FastifyRequest } from 'fastify';
import fastifyWebsocket from '@fastify/websocket';
import fastifyUnderPressure from '@fastify/under-pressure';
import { registerHealthRoutes } from './health-routes.js';
import type { TableHealth } from './table-health.js';
import type { Logger } from 'pino';
import { credentialIndex, type TableConfig } from '../../config/table-config.js';
import { registerCommandRoutes } from './command-routes.js';
import { registerCommandSocket } from './command-socket.js';
import { isPageRoute, pageLanguage, readPageFiles, registerPageAssets, registerPages } from './page-routes.js';
import { waitPageFor } from './busy-page.js';
import { registerPlayRoutes } from './play-routes.js';
import { registerMoneyRoutes } from './money-routes.js';
import { registerFeedRoutes } from './feed-routes.js';
import { requestErrorHandler } from './request-errors.js';
import { registerApiContract } from './api-contract.js';
import { TABLE_API_DESCRIPTION, TABLE_API_TITLE } from './schemas/route-docs.js';
import { registerViewRoutes } from './view-routes.js';
import { registerViewSockets } from './view-sockets.js';
import type { WebContext } from './web-context.js';
import type { AudienceViewSource } from '../../ports/shared-view.js';
import type { TableCommands } from '../../ports/table-commands.js';
import type { TableReads } from '../../ports/table-reads.js';
import { VIEW_BUFFER_BYTES } from './conflated-sender.js';
import { ViewDeliveryStats } from './view-delivery-stats.js';
import { ReaderWatch, type ReaderWatchSettings } from './stalled-readers.js';
import type { Clock } from '../../ports/clock.js';
import { realClock } from '../clock/real-clock.js';
import { explained } from './explained-reason.js';
import { webReason } from './web-reasons.js';
import { RefusalLog } from './refusal-log.js';
import { DEFAULT_RATE_LIMIT, MessageRateLimiter, registerRequestGuards, type RateLimitSettings } from './request-guards.js';

export interface WebServerOptions {
  readonly service: TableCommands;
  /** What the API reads of the table: a command's facts as the public sees them, the recall, a round's transactions. */
  readonly reads: TableReads;
  readonly config: TableConfig;
  /** Seconds a player has to decide (the decision timer's): the displays' countdown. */
  readonly decisionSeconds: number;
  readonly logger: Logger;
  /** The displays' views: the runtime's projections, or projections started for this server alone. */
  readonly views: AudienceViewSource;
  /** Set when `views` were started for this server alone: they are stopped when it closes. */
  readonly ownViews?: { stop(): void };
  /** Bound of one display's send buffer (default 256 KiB). */
  readonly viewBufferBytes?: number;
  /** How often displays are pinged (a display that has not answered by the next ping is shed), and how often the line about them may come (./stalled-readers.ts). */
  readonly readerWatch?: Partial<ReaderWatchSettings>;
  /** Seats the demo's bot plays: /play offers no decision for them (default: none). */
  readonly botSeats?: readonly number[];
  /** The table's clock (default: the process's): the watch's timers, the displays' send times, the refusal windows. */
  readonly clock?: Clock;
  /** Requests (and WebSocket messages) per client address and window (default 100 per second). */
  readonly rateLimit?: RateLimitSettings;
  /** The window of refusal records: a few recorded one by one, the rest counted into one summary (default 10 s; ./refusal-log.ts). */
  readonly refusalWindowMs?: number;
  /** The link, the log's writability, the appends: for /readyz and /metrics. */
  readonly health?: TableHealth;
  /** Mean event-loop delay (ms) over a sample above which display requests are shed (503) so the table keeps its pace (default 250, the shoe's ACK window). */
  readonly shedDisplaysAtMs?: number;
  /** Share of the event loop's time busy above which display requests are shed (default 0.98; 1: never). */
  readonly shedLoopUtilization?: number;
  /** How often the pressure is sampled (ms, default 1000: a short window can hold no sample at all, which the plugin reads as infinite delay). */
  readonly shedSampleMs?: number;
}

/** Commands are small JSON objects. */
const BODY_LIMIT_BYTES = 16 * 1024;
/** How long a shed display waits before asking again (its `retry-after`). */
const SHED_RETRY_SECONDS = 2;

export function createWebServer(options: WebServerOptions): FastifyInstance {
  const { service, config, decisionSeconds, logger } = options;
  const clock = options.clock ?? realClock();
  const own = options.ownViews;
  const webLogger = logger.child({ component: 'web' });
  const viewStats = new ViewDeliveryStats();
  const context: WebContext = {
    service,
    reads: options.reads,
    credentials: credentialIndex(config),
    decisionSeconds,
    bettingSeconds: config.bettingSeconds,
    ...(options.botSeats ? { botSeats: options.botSeats } : {}),
    logger: webLogger,
    views: options.views,
    viewStats,
    viewBufferBytes: options.viewBufferBytes ?? VIEW_BUFFER_BYTES,
    readers: new ReaderWatch({ clock, logger: webLogger, counts: viewStats, settings: options.readerWatch }),
    refusals: new RefusalLog((record) => service.refuseCommand(record as { path: string }, String(record['reason']), record['by'] as string | undefined), {
      logger,
      clock,
      halted: () => service.halted != null,
      ...(options.refusalWindowMs !== undefined ? { windowMs: options.refusalWindowMs } : {}),
    }),
    messageLimiter: new MessageRateLimiter(options.rateLimit ?? DEFAULT_RATE_LIMIT, () => clock.wallNow()),
    keyRetention: config.idempotency,
    clock,
  };
  // Request logging is off: a WebSocket address carries its token in the query. Commands, refusals and
  // failures are logged by the routes themselves, without tokens.
  // (The cast only widens the logger type parameter from pino's Logger to Fastify's base logger.)
  const app = Fastify({
    loggerInstance: context.logger,
    logController: new LogController({ disableRequestLogging: true }),
    bodyLimit: BODY_LIMIT_BYTES,
  }) as unknown as FastifyInstance;
  app.setErrorHandler(requestErrorHandler(context, config.language));
  registerRequestGuards(app, options.rateLimit ?? DEFAULT_RATE_LIMIT);
  registerApiContract(app, { title: TABLE_API_TITLE(service.tableId), description: TABLE_API_DESCRIPTION, context, cors: config.cors });
  app.addHook('onClose', async () => context.refusals.flushAll());
  app.addHook('onClose', async () => context.readers.stop());
  if (own) app.addHook('onClose', async () => own.stop());
  const pageFiles = readPageFiles();
  void app.register(fastifyWebsocket, { options: { maxPayload: BODY_LIMIT_BYTES } });
  void app.register(async (routes) => {
    registerCommandRoutes(routes, context);
    registerCommandSocket(routes, context);
    registerPlayRoutes(routes, context);
    registerMoneyRoutes(routes, context);
    registerFeedRoutes(routes, context, options.health);
    registerHealthRoutes(routes, context, options.health);
    // The pages' scripts and styles are never shed: a page that has loaded must be able to run, and its own
    // sockets then wait and retry as the table asks (pages/socket.js).
    registerPageAssets(routes, pageFiles);
  });
  // The displays (pages, views, display sockets) give way first when the event loop is late: new ones
  // are refused 503 until it catches up, and the table's own work (commands, the shoe) keeps its pace. A
  // page asked for meanwhile is a short one that says so and asks again by itself (docs/web-api.md, "Shedding").
  void app.register(async (displays) => {
    await displays.register(fastifyUnderPressure, {
      maxEventLoopDelay: options.shedDisplaysAtMs ?? 250,
      // Our own loop busy nearly all the time is the other sign (not affected by other processes on the machine).
      maxEventLoopUtilization: options.shedLoopUtilization ?? 0.98,
      eventLoopUtilizationMode: 'interval',
      sampleInterval: options.shedSampleMs ?? 1000,
      // A returned payload is sent by the plugin (its types say void; its code sends what is returned).
      pressureHandler: ((request: FastifyRequest, reply: FastifyReply, type: string, value: number | undefined) => {
        if (context.viewStats.shed++ % 100 === 0) context.logger.warn({ type, value, shed: context.viewStats.shed }, 'under pressure: display requests refused (the displays retry by themselves; if this lasts, the machine is short of CPU for the table: look for other work on it)');
        void reply.code(503).header('retry-after', String(SHED_RETRY_SECONDS));
        // A display asking for its page gets one that says so and comes back by itself (busy-page.ts).
        if (isPageRoute(request.routeOptions.url)) return waitPageFor(reply, pageLanguage(request, config.language), SHED_RETRY_SECONDS, 'busy');
        return { ok: false, ...explained(webReason('busy')) };
      }) as unknown as () => void,
    });
    registerViewSockets(displays, context);
    registerViewRoutes(displays, context);
    registerPages(displays, pageFiles, { language: config.language });
  });
  return app;
}
