// Missing cards (docs/procedures.md, "Missing cards"): the shoe reports no stub count (PROTOCOL.md §7.4.5
// SHOE_REMOVED carries none), so after a shoe is removed the supervisor counts its stub by hand or runs it
// through a counter and enters the count. The receipt says how many cards should be left (`left`: loaded less
// drawn, the drawn being the cards dealt, burned and set aside; a foreign card never came from the shoe), so
// the cards missing are `left − stub`; any other number than 0 is an anomaly a person must look at (studio
// "Shoe Change"; AGCO Standard 11.1: every error shown, logged and reported). Once per receipted shoe: the
// shoe last removed.
import { NO_PARAMS } from '../../rules/rule-reasons.js';
import type { InputOf } from '../inputs.js';
import { reason, type Reason } from '../reasons.js';
import type { Emit, TableState } from '../table-state.js';

type Sup = InputOf<'supervisor'>;

/** Why the stub count is not taken now, or null. */
export function refuseStubCount(s: TableState, sup: Sup): Reason | null {
  if (sup.stub === undefined) return reason('stubNeedsCount', NO_PARAMS);
  const last = s.lastReceipt;
  if (!last) return reason('noShoeRemoved', NO_PARAMS);
  if (sup.shoe !== undefined && sup.shoe !== last.shoe) return reason('notLastRemovedShoe', { shoe: sup.shoe, last: last.shoe });
  if (last.counted) return reason('stubAlreadyCounted', { shoe: last.shoe });
  if (sup.stub < 0 || sup.stub > last.loaded) return reason('stubOutOfRange', { stub: sup.stub, loaded: last.loaded });
  return null;
}

/** The stub counted: `shoe.stubCounted` with the cards missing (0 when the stub is what the receipt says). */
export function countStub(s: TableState, sup: Sup, emit: Emit): void {
  const last = s.lastReceipt;
  if (!last || sup.stub === undefined) return;
  s.lastReceipt = { ...last, counted: true };
  emit({
    type: 'shoe.stubCounted', round: s.round, shoe: last.shoe, stub: sup.stub, left: last.left, missing: last.left - sup.stub,
    ...(sup.by !== undefined ? { by: sup.by } : {}),
  });
}
