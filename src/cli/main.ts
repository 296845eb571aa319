// The `shoe` command: one entry for every tool of the product.
import { RuleSetError } from '../config/load-rule-set.js';
import { SessionFormatError } from '../session/parse-session.js';
import { parseArgs, UsageError } from './args.js';
import { replayCommand } from './replay-command.js';
import { demoCommand } from './demo-command.js';

const USAGE = `usage: shoe <command> [options]
  replay FILE --rules NAME|PATH [--format jsonl|text]   replay a recorded session through the round machine
  start                                                  run the table on the embedded defaults (demo session)`;

async function main(argv: string[]): Promise<number> {
  const out = (line: string) => process.stdout.write(`${line}\n`);
  try {
    const args = parseArgs(argv, ['manual', 'json']);
    switch (args.command) {
      case 'replay':
        return replayCommand(args, out);
      case 'start':
      case 'demo':
        return demoCommand(args, out);
      case undefined:
      case 'help':
      case '--help':
        out(USAGE);
        return args.command === undefined ? 2 : 0;
      default:
        throw new UsageError(`unknown command "${args.command}"\n${USAGE}`);
    }
  } catch (err) {
    if (err instanceof UsageError || err instanceof RuleSetError || err instanceof SessionFormatError) {
      process.stderr.write(`shoe: ${err.message}\n`);
      return 2;
    }
    if ((err as NodeJS.ErrnoException).code === 'ENOENT') {
      process.stderr.write(`shoe: ${(err as Error).message}\n`);
      return 2;
    }
    throw err;
  }
}

process.exitCode = await main(process.argv.slice(2));
