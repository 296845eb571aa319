// A card put on the wrong box (docs/procedures.md, "Misplaced card"): the shoe read it in the right order and
// the table dealt it to the box it named; the dealer laid it elsewhere. The supervisor moves it to that box and
// the round stands (studio practice: "a card scanned in the right order but placed on the wrong box is moved
// by the pit boss"). The log records the move; nothing in the round changes.
import type { InputOf } from '../inputs.js';
import type { Emit, TableState } from '../table-state.js';
import { NO_PARAMS } from '../../rules/rule-reasons.js';
import { reason, type Reason } from '../reasons.js';
import { namedCard, namedHand } from './procedure-card.js';

type Sup = InputOf<'supervisor'>;

/** Why the move cannot be recorded: the card must be on the box the input names (no seat: the dealer). */
export function refuseMove(s: TableState, sup: Sup): Reason | null {
  if (s.boxes.length === 0) return reason('noRoundToCorrect', NO_PARAMS);
  const named = namedCard(sup);
  if (named.card === null) return named.why;
  const target = namedHand(s, sup);
  const cards = target === undefined ? [] : target ? target.hand.cards : s.dealer.cards;
  if (cards.includes(named.card)) return null;
  return sup.seat === undefined ? reason('cardNotWithDealer', { card: named.card }) : reason('cardNotOnBox', { card: named.card, seat: sup.seat, hand: sup.hand ?? 0 });
}

export function recordMove(s: TableState, sup: Sup, emit: Emit): void {
  const { card } = namedCard(sup);
  if (card === null) return;
  const target = namedHand(s, sup);
  const where = target ? { seat: target.box.seat, hand: target.hand.index } : {};
  emit({ type: 'card.moved', round: s.round, ...where, card, ...(sup.by !== undefined ? { by: sup.by } : {}) });
}
