// `shoe recall DB` (options: its spec): the last rounds of a table log, or (`--shoes`) its shoe receipts and
// the stub counts entered for them.
import { openTableFile } from '../adapters/store/sqlite-table-file.js';
import { recallLastRounds } from '../app/audit/recall-rounds.js';
import { describeRecalledFact } from '../app/audit/recall-story.js';
import type { CommandArgs, OptionSpecs } from './command-spec.js';
import type { EventStore, StoredEvent } from '../ports/event-store.js';
import type { TableEvent } from '../round/events.js';
import { describeEvent } from '../session/table-story.js';

type Out = (line: string) => void;

export async function recallCommand(args: CommandArgs<OptionSpecs>, out: Out): Promise<number> {
  const last = Number(args.options.get('last'));
  const format = args.options.get('format');
  const { store, tableId } = openTableFile(args.positional[0] as string);
  try {
    // A damaged file is one line naming it (log-refusals.ts), even where the rounds asked for sit on sound pages.
    await store.quickCheck(tableId);
    if (args.flags.has('shoes')) return await shoeReceipts(store, tableId, format === 'json', out);
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

/** How many events `--shoes` reads at a time (constant memory over a long log). */
const PAGE = 5_000;

/** Every shoe receipt on the log and every stub count (docs/procedures.md, "Shoe change and end-of-shoe
 *  reconciliation", "Missing cards"), in log order, in words or JSON. */
async function shoeReceipts(store: EventStore, tableId: string, json: boolean, out: Out): Promise<number> {
  const receipts: StoredEvent[] = [];
  const stubs: StoredEvent[] = [];
  for (let from = 1; ; from += PAGE) {
    const page = await store.read(tableId, { from, limit: PAGE });
    for (const event of page) {
      if (event.type === 'shoe.receipt') receipts.push(event);
      else if (event.type === 'shoe.stubCounted') stubs.push(event);
    }
    if (page.length < PAGE) break;
  }
  const record = (e: StoredEvent) => ({ seq: e.seq, wallTime: e.wallTime, ...e.data });
  if (json) out(JSON.stringify({ tableId, receipts: receipts.map(record), stubCounts: stubs.map(record) }, null, 2));
  else if (receipts.length === 0) out(`${tableId}: no shoe receipt on this log (receipts are written from the first shoe after the table file's shoeReceipt is on)`);
  else {
    for (const e of [...receipts, ...stubs].sort((a, b) => a.seq - b.seq)) out(`${e.wallTime} #${e.seq} ${describeEvent({ type: e.type, ...e.data } as TableEvent) ?? ''}`);
  }
  return 0;
}
