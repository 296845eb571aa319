// The end-of-shoe receipt (docs/procedures.md, "Shoe change and end-of-shoe reconciliation"): when a shoe is
// removed — its end after the cut card, a supervisor's shoe change, a new shoe loaded over it, or the shoe
// running out mid-round — the table writes what the shoe gave: the cards loaded (its composition), drawn,
// burned (the shoe's own burn and burns in play), dealt, set aside, foreign cards drawn from it, and the cards
// left in it (the stub, by count). Studio practice "Shoe Change"; AGCO Standard 11.1 (every error reported).
// Written only on a table that recorded `receipts.configured` (the table file's `shoeReceipt`), so a log
// without it replays as it always did.
import { shoeSize } from '../../rules/shoe-composition.js';
import type { RuleSet } from '../../rules/rule-set.js';
import type { InputOf } from '../inputs.js';
import type { ReceiptAnomaly, ShoeRemoval } from '../events.js';
import type { Emit, ShoeTally, TableState } from '../table-state.js';

const NO_TALLY: ShoeTally = { burnedInPlay: 0, setAside: 0, foreign: 0 };

/** The table file's `shoeReceipt`, recorded: from the next shoe loaded, shoes are tallied and receipted. */
export function configureReceipts(s: TableState, input: InputOf<'receipts.configured'>, emit: Emit): void {
  if (input.on) s.shoeReceipts = true;
  else delete s.shoeReceipts;
  emit({ type: 'receipts.configured', on: input.on });
}

/** A new shoe starts its tally when receipts are on. */
export function startTally(s: TableState): void {
  if (s.shoeReceipts === true && s.shoe) s.shoe.tally = NO_TALLY;
}

/** One more card of the kind on the shoe's tally (replaced, never changed in place: states share it). */
export function tally(s: TableState, kind: keyof ShoeTally): void {
  const shoe = s.shoe;
  if (!shoe?.tally) return;
  shoe.tally = { ...shoe.tally, [kind]: shoe.tally[kind] + 1 };
}

/** The shoe is removed: its receipt, with what a person must look at. */
export function writeReceipt(s: TableState, rules: RuleSet, removal: ShoeRemoval, emit: Emit): void {
  const shoe = s.shoe;
  if (!shoe?.tally || shoe.receipted === true) return;
  shoe.receipted = true;
  const loaded = shoeSize(rules);
  const { burnedInPlay, setAside, foreign } = shoe.tally;
  const burned = shoe.burned + burnedInPlay;
  const anomalies: ReceiptAnomaly[] = [];
  if (foreign > 0) anomalies.push('foreignCards');
  if (setAside > 0) anomalies.push('cardsSetAside');
  if (burnedInPlay > 0) anomalies.push('burnedInPlay');
  if (shoe.cutCardMissing === true) anomalies.push('cutCardMissing');
  if (removal === 'shoeOut') anomalies.push('shoeRanOut');
  const left = Math.max(0, loaded - shoe.drawnCount);
  // Its stub may be counted now (./stub-count.ts).
  s.lastReceipt = { shoe: shoe.number, loaded, left, counted: false };
  emit({
    type: 'shoe.receipt', round: s.round, shoe: shoe.number, removal, loaded, drawn: shoe.drawnCount, burned,
    burnedInPlay, dealt: shoe.drawnCount - burned - setAside, setAside, foreign, left, anomalies,
  });
}
