// `shoe recall DB` (options: its spec): the last rounds of a table log.
import { openTableFile } from '../adapters/store/sqlite-table-file.js';
import { recallLastRounds } from '../app/audit/recall-rounds.js';
import { describeRecalledFact } from '../app/audit/recall-story.js';
import type { CommandArgs, OptionSpecs } from './command-spec.js';

type Out = (line: string) => void;

export async function recallCommand(args: CommandArgs<OptionSpecs>, out: Out): Promise<number> {
  const last = Number(args.options.get('last'));
  const format = args.options.get('format');
  const { store, tableId } = openTableFile(args.positional[0] as string);
  try {
    // A damaged file is one line naming it (log-refusals.ts), even where the rounds asked for sit on sound pages.
    await store.quickCheck(tableId);
    // From the round index: the cost is the rounds asked for, not the log.
    const rounds = await recallLastRounds(store, tableId, last);
    if (format === 'json') out(JSON.stringify({ tableId, rounds }, null, 2));
    else {
      for (const r of rounds) {
        out(`== ${tableId} round ${r.round} ==`);
        for (const step of r.steps) {
          const text = describeRecalledFact(step.fact);
          if (text !== null) out(`${step.wallTime} #${step.seq} ${text}${step.by ? ` [${step.by}]` : ''}`);
        }
        if (!r.steps.some((s) => s.fact.type === 'round.ended')) out(`(round ${r.round} has not ended on this log: its bets are not settled; the round is still in play, or the table stopped before it ended and settles it when it opens this log again)`);
      }
    }
    return 0;
  } finally {
    await store.close();
  }
}
