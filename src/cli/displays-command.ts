// `shoe displays` (options: its spec): a display gateway. Serves the table's pages, /ws/public and
// /ws/dealer, GET /api/views/{public,dealer}, /healthz, /readyz and /metrics from the views the table
// publishes to NATS — no table log, no state but the current views. --config, the table's file, gives
// the credentials the dealer's display needs (without it only the public display is open).
//
// NATS not reachable at start: one line and exit 2 (connect-nats.ts), for whatever supervises the gateway
// to start it again; a gateway never waits silently. Once running it outlives outages: it says when NATS
// goes (WARN) and returns (INFO), and /readyz answers 503 meanwhile, so a load balancer sends new displays
// to another gateway (docs/web-api.md, "Display gateways").
import type { Logger } from 'pino';
import type { NatsConnection } from 'nats';
import { credentialIndex, loadTableConfig } from '../config/table-config.js';
import { NatsViewSource } from '../adapters/view-fanout/nats-view-source.js';
import { ensureViewStream, tablesWithViews } from '../adapters/view-fanout/view-stream.js';
import { createGatewayServer } from '../adapters/web/gateway-server.js';
import { realClock } from '../adapters/clock/real-clock.js';
import { connectOrExplain, followNatsOutages, jetStreamOf } from './connect-nats.js';
import { UsageError } from './usage-error.js';
import { OperatorError } from './operator-error.js';
import { processLogger } from './process-logger.js';
import { routeConsoleToLog } from './console-to-log.js';
import { LOG_LEVELS, type LogLevel } from '../config/runtime-config.js';
import type { CommandArgs, OptionSpecs } from './command-spec.js';
import { healthReason, type HealthReason } from '../adapters/web/health-reasons.js';
import { TableLiveness, type Staleness } from '../adapters/floor/table-liveness.js';
import type { TableStatusSource } from '../adapters/web/gateway-server.js';
import { map } from 'rxjs';
import { reasonSentence } from '../messages/coded-reason.js';

/** Why the table's views are old, coded for /readyz; null while it is heard from. */
function staleReason(tableId: string, stale: Staleness | null): HealthReason | null {
  if (stale === null) return null;
  return stale.kind === 'silent'
    ? healthReason('tableStale', { table: tableId, seconds: String(stale.seconds) })
    : healthReason('tableReplicaBehind', { table: tableId, seconds: String(stale.seconds), events: String(stale.events) });
}

/** The table's status for the displays, and a WARN when it turns stale (an INFO when it is back). */
function tableStatusOf(liveness: TableLiveness, tableId: string, logger: Logger): TableStatusSource {
  liveness.changes$.subscribe(({ stale }) => {
    const reason = staleReason(tableId, stale);
    if (reason) logger.warn({ tableId, code: reason.code }, `${reasonSentence(reason)}; the displays say "stale"`);
    else logger.info({ tableId }, 'table heard from again: the displays are live');
  });
  const changes$ = liveness.changes$.pipe(map(({ stale }) => (stale ? ('stale' as const) : ('live' as const))));
  return { current: () => (liveness.stale(tableId) ? 'stale' : 'live'), changes$ };
}

/** LOG_LEVEL, or info; a value that is not a level is refused in one line. */
function logLevelFromEnv(): LogLevel {
  const level = process.env['LOG_LEVEL'] ?? 'info';
  if (!(LOG_LEVELS as readonly string[]).includes(level)) throw new OperatorError(`environment variable LOG_LEVEL: expected one of ${LOG_LEVELS.join(', ')}, got "${level}"`);
  return level as LogLevel;
}

export async function displaysCommand(args: CommandArgs<OptionSpecs>): Promise<number> {
  const port = args.options.get('port') as string;
  const interval = args.options.get('view-interval') as string;
  const url = args.options.get('nats') ?? process.env['NATS_URL'] ?? 'nats://127.0.0.1:4222';
  const config = args.options.has('config') ? loadTableConfig(args.options.get('config') as string, '--config') : null;
  const logger = processLogger({ level: logLevelFromEnv() });
  routeConsoleToLog(logger); // the NATS client's console output, as log lines (console-to-log.ts)
  const connection = await connectOrExplain(url, { maxReconnectAttempts: -1, reconnectTimeWait: 1000 });
  const nats = watchNats(connection, url, logger);
  try {
    const jsm = await jetStreamOf(connection, url);
    await ensureViewStream(jsm, Number(args.options.get('replicas')));
    let tableId = args.options.get('table') ?? config?.id;
    if (tableId === undefined) {
      const tables = await tablesWithViews(jsm);
      if (tables.length !== 1) throw new UsageError(tables.length === 0 ? 'no table publishes views on this NATS yet: give --table ID' : `several tables publish views (${tables.join(', ')}): give --table ID`);
      tableId = tables[0] as string;
    }
    const clock = realClock();
    const views = new NatsViewSource({ connection, tableId, logger, minIntervalMs: Number(interval), clock });
    await views.start();
    const liveness = new TableLiveness({ connection, clock, tableId });
    liveness.start();
    const table = tableId;
    const status = tableStatusOf(liveness, table, logger);
    const app = createGatewayServer({
      views, credentials: config ? credentialIndex(config) : new Map(), logger, clock, conflatedFromSource: (a) => views.conflated(a),
      problem: () => nats.problem ?? staleReason(table, liveness.stale(table)),
      tableStatus: status,
    });
    const address = await app.listen({ host: args.options.get('host') ?? '127.0.0.1', port: Number(port) });
    logger.info({ tableId, nats: url, url: address }, `serving ${tableId} at ${address}: open ${address}/ (public)${config ? `, ${address}/dealer?token=…` : ''}`);
    await new Promise<void>((resolve) => {
      process.once('SIGINT', () => resolve());
      process.once('SIGTERM', () => resolve());
    });
    await app.close();
    await views.stop();
    liveness.stop();
    return 0;
  } finally {
    await connection.close();
  }
}

/** Says when NATS goes and returns (nats.js reconnects by itself); `problem`, coded, while it is away. */
function watchNats(connection: NatsConnection, url: string, logger: Logger): { readonly problem: HealthReason | null } {
  const state = { problem: null as HealthReason | null };
  followNatsOutages(connection, {
    down() {
      state.problem = healthReason('gatewayNatsDown', { address: url });
      logger.warn({ url }, 'NATS disconnected: the displays keep their last view and update again when NATS returns (this gateway reconnects by itself; /readyz answers 503 meanwhile); check that NATS runs');
    },
    up() {
      state.problem = null;
      logger.info({ url }, 'NATS reconnected: views reach the displays again');
    },
  });
  return state;
}
