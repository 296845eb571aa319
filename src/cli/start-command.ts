// `shoe start [--table FILE] [--serial PATH] [--manual] [--port N] [--host H] [--data-dir DIR] [--capture FILE]`: runs a table. A table
// file that says `demo: true` (the default one does) and names no shoe deals from the emulated shoe through
// the real protocol while a bot plays the seats: a newcomer watches a table play with nothing installed.
// A table with no shoe that does not say so is refused (docs/operations.md, "Start-up checks").
import { loadRuntimeConfig, type RuntimeConfig } from '../config/runtime-config.js';
import { TableConfigError } from '../config/table-config-error.js';
import { processLogger } from './process-logger.js';
import { routeConsoleToLog } from './console-to-log.js';
import { startTable, type WebServerFactory } from '../composition/table-runtime.js';
import { preflightProblems } from '../composition/preflight.js';
import { holdStopSignals, stopOnSignals } from '../composition/shutdown.js';
import { realClock } from '../adapters/clock/real-clock.js';
import type { CommandArgs, OptionSpecs } from './command-spec.js';
import { pathToFileURL } from 'node:url';
import { resolve } from 'node:path';
import { packagePath } from '../config/package-root.js';
import { acceptBehindAnchorOf } from './accept-behind-anchor.js';
import { checkTable } from '../config/validate-table.js';

export const DEMO_TABLE = pathToFileURL(packagePath('config/tables/demo.yaml'));

/** The round in play, stamped on every log line (table id and round on every line). */
const current = { round: 0 };

/** `stderr`: where refusals go, one line each (the verb's standard error). */
export async function startCommand(args: CommandArgs<OptionSpecs>, web: WebServerFactory | undefined, stderr: { write(text: string): unknown } = process.stderr): Promise<number> {
  const signals = holdStopSignals();
  const tableOption = args.options.get('table');
  const file = tableOption ?? DEMO_TABLE.pathname;
  // One validated configuration: the table file, then PORT HOST DATA_DIR LOG_LEVEL NATS_URL, then the options.
  // The bundled demo table keeps its log in ./data under the working folder, never inside the package
  // (an installed copy lies under node_modules/; docs/operations.md, "Install the package").
  const refuse = (problems: readonly string[]) => {
    for (const problem of problems) stderr.write(`shoe start: ${problem}\n`);
    return 2;
  };
  let settings: RuntimeConfig;
  try {
    settings = loadRuntimeConfig(file, process.env, {
      dataDir: args.options.get('data-dir'), port: args.options.get('port'), host: args.options.get('host'), serial: args.options.get('serial'),
      defaultDataDir: tableOption === undefined ? resolve('data') : undefined,
    });
  } catch (err) {
    if (err instanceof TableConfigError) return refuse(err.message.split('\n'));
    throw err;
  }
  const { table: config, serialPath } = settings;
  // Validate everything, then open anything: rules, seats, the shoe (or demo: true), tokens, the log key,
  // the database's folder, the HTTP port, the serial device and the capture file are checked before the
  // store, the link or NATS is touched; every problem found is one line on stderr, then exit 2.
  const checked = checkTable(config, process.env, { serialPath });
  const problems = [...checked.problems, ...await preflightProblems(config, serialPath, args.options.get('capture'))];
  if (problems.length > 0 || checked.ruleSet === null) return refuse(problems);
  const { ruleSet } = checked;
  if (args.flags.has('check')) {
    process.stdout.write(`configuration valid: table ${config.id}, rule set ${ruleSet.rules.name} (${ruleSet.path}), database ${config.store.path}, HTTP ${config.http.host}:${config.http.port}, shoe ${serialPath ?? 'emulated'}${config.nats ? `, NATS ${config.nats.url}` : ''}\n`);
    return 0;
  }
  // JSON lines for machines, pretty ones for a person at a terminal (process-logger.ts); the table id comes
  // from the runtime's child logger, the round from the mixin; third-party console output joins the log.
  const logger = processLogger({ level: settings.logLevel, mixin: () => ({ round: current.round }) });
  routeConsoleToLog(logger);
  logger.info({ tableId: config.id, tableFile: settings.tableFile, dataDir: settings.dataDir, database: config.store.path, overrides: settings.sources }, 'configuration');
  const acceptLogBehindAnchor = acceptBehindAnchorOf(args);
  const clock = realClock();
  const runtime = await startTable({
    config,
    logger,
    clock,
    ...(serialPath !== undefined ? { serialPath } : {}),
    manual: args.flags.has('manual'),
    ...(args.options.has('capture') ? { capturePath: args.options.get('capture') as string } : {}),
    ...(web ? { web } : {}),
    ...(acceptLogBehindAnchor ? { acceptLogBehindAnchor } : {}),
    onLostWriter: () => {
      // Another writer owns the log now: close what can be closed, within a bound, and exit non-zero.
      clock.setTimeout(() => process.exit(1), 5000, { unref: true });
      void runtime.stop().finally(() => process.exit(1));
    },
  });
  const { service } = runtime;
  current.round = service.table.round;
  service.events$.subscribe((e) => (current.round = e.round));
  if (runtime.emulator) {
    // Demo mode: the emulated shoe starts with a fresh shuffle, so a table left mid-shoe by an earlier
    // run changes shoe first; a round interrupted by that earlier run's end (or by a run before it that
    // stopped before its resume) is resumed by the demo supervisor.
    if (service.recovery?.waitsForResume) await service.submit({ type: 'supervisor', action: 'resume', by: 'demo-supervisor' }, { source: 'system', by: 'demo-supervisor' });
    if (service.recovery && service.table.shoe !== null) await service.submit({ type: 'supervisor', action: 'shoeChange', by: 'demo-supervisor', reason: 'demo restarted with a new shoe' }, { source: 'system', by: 'demo-supervisor' });
  }
  if (runtime.url) logger.info(`open ${runtime.url}/ (public table), ${runtime.url}/dealer?token=…, ${runtime.url}/supervisor?token=…${args.flags.has('manual') ? `, ${runtime.url}/play?token=… (a game-server token) to play the seats` : ''}`);
  // SIGTERM / SIGINT close the listener, the link and the store in order, then the process exits
  // (src/composition/shutdown.ts); until then the table runs.
  stopOnSignals(runtime, logger.child({ tableId: config.id }));
  signals.handOver();
  await new Promise<never>(() => undefined);
  return 0;
}
