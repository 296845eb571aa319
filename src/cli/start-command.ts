// `shoe start [--table FILE] [--serial PATH] [--manual] [--port N] [--capture FILE]`: runs a table. Without --serial (and
// without a serial device in the table file) the emulated shoe deals through the real protocol and a
// bot plays the seats: a newcomer watches a table play in the browser with nothing installed.
import { pino, type Logger } from 'pino';
import { loadTableConfig } from '../config/table-config.js';
import { startTable, type WebServerFactory } from '../composition/table-runtime.js';
import { UsageError, type ParsedArgs } from './args.js';
import { acceptBehindAnchorOf } from './accept-behind-anchor.js';

export const DEMO_TABLE = new URL('../../config/tables/demo.yaml', import.meta.url);

/** The round in play, stamped on every log line (issue 5: table id and round on every line). */
const current = { round: 0 };

function makeLogger(tableId: string): Logger {
  // JSON lines for machines; pretty output when a person watches the terminal.
  // The table id comes from the runtime's child logger; the round from the mixin.
  void tableId;
  const options = { level: process.env['LOG_LEVEL'] ?? 'info', mixin: () => ({ round: current.round }) };
  return process.stdout.isTTY
    ? pino({ ...options, transport: { target: 'pino-pretty', options: { colorize: true } } })
    : pino(options);
}

export async function startCommand(args: ParsedArgs, web: WebServerFactory | undefined): Promise<number> {
  const file = args.options.get('table') ?? DEMO_TABLE.pathname;
  const config = loadTableConfig(file);
  const port = args.options.get('port');
  if (port !== undefined && !/^\d+$/.test(port)) throw new UsageError(`--port takes a number, not "${port}"`);
  const serialPath = args.options.get('serial');
  const acceptLogBehindAnchor = acceptBehindAnchorOf(args);
  const logger = makeLogger(config.id);
  const runtime = await startTable({
    config: port !== undefined ? { ...config, http: { ...config.http, port: Number(port) } } : config,
    logger,
    ...(serialPath !== undefined ? { serialPath } : {}),
    manual: args.flags.has('manual'),
    ...(args.options.has('capture') ? { capturePath: args.options.get('capture') as string } : {}),
    ...(web ? { web } : {}),
    ...(acceptLogBehindAnchor ? { acceptLogBehindAnchor } : {}),
  });
  const { service } = runtime;
  current.round = service.table.round;
  service.events$.subscribe((e) => (current.round = e.round));
  if (runtime.emulator) {
    // Demo mode: the emulated shoe starts with a fresh shuffle, so a table left mid-shoe by an earlier
    // run changes shoe first; a round interrupted by that earlier run's end is resumed by the demo supervisor.
    if (service.recovery?.interrupted) await service.submit({ type: 'supervisor', action: 'resume', by: 'demo-supervisor' }, { source: 'system', by: 'demo-supervisor' });
    if (service.recovery && service.table.shoe !== null) await service.submit({ type: 'supervisor', action: 'shoeChange', by: 'demo-supervisor', reason: 'demo restarted with a new shoe' }, { source: 'system', by: 'demo-supervisor' });
  }
  if (runtime.url) logger.info(`open ${runtime.url}/ (public table), ${runtime.url}/dealer?token=…, ${runtime.url}/supervisor?token=…${args.flags.has('manual') ? `, ${runtime.url}/play?token=… (a game-server token) to play the seats` : ''}`);
  await new Promise<void>((resolve) => {
    const stop = () => resolve();
    process.once('SIGINT', stop);
    process.once('SIGTERM', stop);
  });
  await runtime.stop();
  return 0;
}
