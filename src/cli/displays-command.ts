// `shoe displays --nats URL [--port N] [--host H] [--table ID] [--config FILE]`: a display gateway (issue
// 11). Serves the table's pages, /ws/public and /ws/dealer, GET /api/views/{public,dealer}, /healthz and
// /metrics from the views the table publishes to NATS — no table log, no state but the current views.
// --table picks the table (default: the only one publishing views); --config, the table's file, gives
// the credentials the dealer's display needs (without it only the public display is open).
import { connect } from 'nats';
import { pino } from 'pino';
import { credentialIndex, loadTableConfig } from '../config/table-config.js';
import { NatsViewSource } from '../adapters/view-fanout/nats-view-source.js';
import { ensureViewStream, tablesWithViews } from '../adapters/view-fanout/view-stream.js';
import { createGatewayServer } from '../adapters/web/gateway-server.js';
import { UsageError, type ParsedArgs } from './args.js';

export const DISPLAYS_USAGE = `usage: shoe displays --nats URL [--port N] [--host H] [--table ID] [--config FILE] [--view-interval MS]
  serve a table's public and dealer displays from NATS (a stateless gateway; run as many as needed)
  --nats URL      the NATS server the table publishes its views to (default $NATS_URL or nats://127.0.0.1:4222)
  --port N        port to listen on (default 8090)
  --host H        address to listen on (default 127.0.0.1)
  --table ID      the table to serve (default: the only table publishing views)
  --config FILE   the table's file: credentials for the dealer's display
  --view-interval MS  least time between two views sent to a display (default 100; 0: every view;
                  the newest always goes out — views are whole states)`;

const KNOWN = new Set(['nats', 'port', 'host', 'table', 'config', 'view-interval']);

export async function displaysCommand(args: ParsedArgs, out: (line: string) => void): Promise<number> {
  if (args.flags.has('help') || args.positional[0] === 'help') {
    out(DISPLAYS_USAGE);
    return 0;
  }
  for (const name of args.options.keys()) if (!KNOWN.has(name)) throw new UsageError(`displays: unknown option --${name}\n${DISPLAYS_USAGE}`);
  if (args.positional.length > 0) throw new UsageError(`displays takes no arguments, not "${args.positional.join(' ')}"\n${DISPLAYS_USAGE}`);
  const port = args.options.get('port') ?? '8090';
  if (!/^\d+$/.test(port)) throw new UsageError(`--port takes a number, not "${port}"`);
  const interval = args.options.get('view-interval') ?? '100';
  if (!/^\d+$/.test(interval)) throw new UsageError(`--view-interval takes a number of milliseconds, not "${interval}"`);
  const url = args.options.get('nats') ?? process.env['NATS_URL'] ?? 'nats://127.0.0.1:4222';
  const config = args.options.has('config') ? loadTableConfig(args.options.get('config') as string) : null;
  const logger = pino({ level: process.env['LOG_LEVEL'] ?? 'info' });
  const connection = await connect({ servers: url, maxReconnectAttempts: -1, waitOnFirstConnect: true });
  try {
    const jsm = await connection.jetstreamManager();
    await ensureViewStream(jsm);
    let tableId = args.options.get('table') ?? config?.id;
    if (tableId === undefined) {
      const tables = await tablesWithViews(jsm);
      if (tables.length !== 1) throw new UsageError(tables.length === 0 ? 'no table publishes views on this NATS yet: give --table ID' : `several tables publish views (${tables.join(', ')}): give --table ID`);
      tableId = tables[0] as string;
    }
    const views = new NatsViewSource({ connection, tableId, logger, minIntervalMs: Number(interval) });
    await views.start();
    const app = createGatewayServer({ views, credentials: config ? credentialIndex(config) : new Map(), logger, conflatedFromSource: (a) => views.conflated(a) });
    const address = await app.listen({ host: args.options.get('host') ?? '127.0.0.1', port: Number(port) });
    logger.info({ tableId, nats: url }, `displays of ${tableId}: open ${address}/ (public)${config ? `, ${address}/dealer?token=…` : ''}`);
    out(`serving ${tableId} at ${address}`);
    await new Promise<void>((resolve) => {
      process.once('SIGINT', () => resolve());
      process.once('SIGTERM', () => resolve());
    });
    await app.close();
    await views.stop();
    return 0;
  } finally {
    await connection.close();
  }
}
