// `shoe recall DB --last N` (`verify`, `export` and `run` are in verify-command.ts, export-command.ts and run-command.ts).
import { openTableFile } from '../adapters/store/sqlite-table-file.js';
import { recallLastRounds } from '../app/recall-rounds.js';
import { describeEvent } from '../session/table-story.js';
import { UsageError, type ParsedArgs } from './args.js';

type Out = (line: string) => void;

function dbArg(args: ParsedArgs, command: string): string {
  const db = args.positional[0];
  if (!db) throw new UsageError(`${command} needs a table database: shoe ${command} DB`);
  return db;
}

export async function recallCommand(args: ParsedArgs, out: Out): Promise<number> {
  const last = Number(args.options.get('last') ?? '10');
  if (!Number.isInteger(last) || last < 1) throw new UsageError('--last takes a whole number of rounds');
  const format = args.options.get('format') ?? 'text';
  if (format !== 'text' && format !== 'json') throw new UsageError(`unknown format "${format}": text or json`);
  const { store, tableId } = openTableFile(dbArg(args, 'recall'));
  try {
    // A damaged file is one line naming it (issue 12.3), even where the rounds asked for sit on sound pages.
    await store.quickCheck(tableId);
    // From the round index: the cost is the rounds asked for, not the log (issue 11).
    const rounds = await recallLastRounds(store, tableId, last);
    if (format === 'json') out(JSON.stringify({ tableId, rounds }, null, 2));
    else {
      for (const r of rounds) {
        out(`== ${tableId} round ${r.round} ==`);
        for (const step of r.steps) {
          const text = describeEvent(step.fact);
          if (text !== null) out(`${step.wallTime} #${step.seq} ${text.trim()}${step.by ? ` [${step.by}]` : ''}`);
        }
      }
    }
    return 0;
  } finally {
    await store.close();
  }
}
