// The table's configuration as inputs: what a new table must be given to deal as this one does. The results
// moment and the shoe receipts are switched on by inputs on the log (docs/live-table.md, "The results moment";
// docs/procedures.md, end-of-shoe receipt), so a record that replays from a new table — a capture
// (src/app/audit/replay-capture.ts) — opens with them.
import type { TableInput } from './inputs.js';
import type { TableState } from './table-state.js';

export function configurationInputs(table: TableState): TableInput[] {
  const inputs: TableInput[] = [];
  if (table.resultsSeconds !== undefined) inputs.push({ type: 'results.configured', seconds: table.resultsSeconds });
  if (table.shoeReceipts !== undefined) inputs.push({ type: 'receipts.configured', on: table.shoeReceipts });
  return inputs;
}
