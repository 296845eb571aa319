// The `shoe` command: one entry for every tool of the product.
import { RuleSetError } from '../config/load-rule-set.js';
import { SessionFormatError } from '../session/parse-session.js';
import { parseArgs, UsageError } from './args.js';
import { replayCommand } from './replay-command.js';
import { demoCommand } from './demo-command.js';
import { startCommand } from './start-command.js';
import { createWebServer } from '../adapters/web/create-web-server.js';
import { TableConfigError } from '../config/table-config.js';
import { floorCommand } from './floor-command.js';
import { emulateCommand, replayCaptureCommand } from './shoe-commands.js';
import { CaptureMismatchError } from '../app/replay-capture.js';
import { exportCommand, recallCommand, runCommand, verifyCommand } from './log-commands.js';
import { NotATableLogError } from '../adapters/store/sqlite-table-file.js';
import { strategyCommand } from './strategy-command.js';
import { simulateCommand } from './simulate-command.js';
import { parSheetCommand } from './par-sheet-command.js';

const USAGE = `usage: shoe <command> [options]
  replay FILE --rules NAME|PATH [--format jsonl|text]   replay a recorded session through the round machine
  start [--table FILE] [--serial PATH] [--manual] [--port N]   run a table (default: the demo table, emulated shoe)
  demo [SESSION]                                         tell the story of the bundled demo session
  run SESSION --rules NAME --db PATH [--table ID]        play a session into a durable table log (restartable)
  verify DB                                              check the hash chain and re-derive every event
  recall DB [--last 10] [--format text|json]             the last rounds, step by step
  export DB --format session                             the log's inputs as a session replay accepts
  emulate --serial PATH [--cards FILE | --seed N --decks 6] [--faults SPEC] [--auto-draw MS]   an emulated shoe on a serial device
  replay-capture FILE --rules NAME [--format jsonl|text]   a capture through the decoder and the round machine
  floor [--nats URL] [--since ISO] [--idle-exit MS]      one line per settled round of every table on JetStream
  strategy --rules NAME|PATH [--format text|json]        the rule set's basic strategy, computed
  simulate --rules NAME --rounds N [--seats K] [--workers W] [--seed S] [--strategy FILE] [--format text|json]   play the strategy through the round machine
  par-sheet --rules NAME|PATH | --all [--format md|json] [--rounds N]   exact and simulated return, side bets, frequencies`;

async function main(argv: string[]): Promise<number> {
  const out = (line: string) => process.stdout.write(`${line}\n`);
  try {
    const args = parseArgs(argv, ['manual', 'json', 'verbose', 'help', 'all']);
    switch (args.command) {
      case 'replay':
        return replayCommand(args, out);
      case 'run':
        return await runCommand(args, out);
      case 'verify':
        return await verifyCommand(args, out);
      case 'recall':
        return await recallCommand(args, out);
      case 'export':
        return await exportCommand(args, out);
      case 'emulate':
        return await emulateCommand(args, out);
      case 'replay-capture':
        return replayCaptureCommand(args, out);
      case 'floor':
        return await floorCommand(args, out);
      case 'start':
        return await startCommand(args, createWebServer);
      case 'demo':
        return demoCommand(args, out);
      case 'strategy':
        return strategyCommand(args, out);
      case 'simulate':
        return await simulateCommand(args, out);
      case 'par-sheet':
        return await parSheetCommand(args, out);
      case undefined:
      case 'help':
      case '--help':
        out(USAGE);
        return args.command === undefined ? 2 : 0;
      default:
        throw new UsageError(`unknown command "${args.command}"\n${USAGE}`);
    }
  } catch (err) {
    if (err instanceof UsageError || err instanceof RuleSetError || err instanceof SessionFormatError || err instanceof NotATableLogError || err instanceof TableConfigError) {
      process.stderr.write(`shoe: ${err.message}\n`);
      return 2;
    }
    if (err instanceof CaptureMismatchError) {
      process.stderr.write(`shoe: ${err.message}\n`);
      return 1;
    }
    if ((err as NodeJS.ErrnoException).code === 'ENOENT') {
      process.stderr.write(`shoe: ${(err as Error).message}\n`);
      return 2;
    }
    throw err;
  }
}

// A reader that stops early (`| head`) is not an error.
process.stdout.on('error', (err: NodeJS.ErrnoException) => {
  if (err.code === 'EPIPE') process.exit(process.exitCode ?? 0);
  throw err;
});

process.exitCode = await main(process.argv.slice(2));
