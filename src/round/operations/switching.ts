// The switch game's own moves (the seed of the "switch" rule set, docs/rules.md): a box's two hands swap
// their second cards, again and again, until any other action on the box closes switching; then its
// blackjacks and 21s stand by themselves.
import { handTotalOf } from '../../rules/hand-total.js';
import { naturalKind, type Hand } from '../../rules/hand.js';
import type { RuleSet } from '../../rules/rule-set.js';
import type { Box, Emit, TableState } from '../table-state.js';
import { finishHand } from './hands.js';
import { NO_PARAMS } from '../../rules/rule-reasons.js';
import { reason, type Reason } from '../reasons.js';

/** Switching is open on a box until any other action on it. */
export function switchStillOpen(rules: RuleSet, box: Box): boolean {
  return rules.switch.allowed && !box.acted;
}

/** switch: swap the second cards of the box's two hands, again and again until any other action. */
export function refuseSwitch(rules: RuleSet, box: Box): Reason | null {
  if (!rules.switch.allowed) return reason('noSwitch', { game: rules.name });
  if (box.acted) return reason('switchAfterAction', NO_PARAMS);
  const [a, b] = box.hands;
  if (!a || !b || a.cards.length !== 2 || b.cards.length !== 2) return reason('switchNeedsTwoHands', NO_PARAMS);
  return null;
}

export function switchHands(s: TableState, box: Box, emit: Emit): void {
  const [a, b] = box.hands;
  if (!a || !b) return;
  const [a0, a1] = a.cards;
  const [b0, b1] = b.cards;
  if (!a0 || !a1 || !b0 || !b1) return;
  a.cards = [a0, b1];
  b.cards = [b0, a1];
  a.ownSecondCard = !a.ownSecondCard;
  b.ownSecondCard = !b.ownSecondCard;
  emit({ type: 'hands.switched', round: s.round, seat: box.seat, hands: [a.index, b.index] });
}

/** switch: a hand of 21 (blackjack or not) stands by itself once switching closes. */
function standsWhenSwitchingCloses(rules: RuleSet, hand: Hand): boolean {
  return naturalKind(hand, rules) !== null || handTotalOf(hand.cards, rules) === 21;
}

export function closingSwitchFinishes(rules: RuleSet, box: Box, hand: Hand): boolean {
  return switchStillOpen(rules, box) && hand.status === 'open' && standsWhenSwitchingCloses(rules, hand);
}

/** switch: the first other action on a box ends switching; its blackjacks and 21s now stand. */
export function closeSwitching(s: TableState, rules: RuleSet, box: Box, emit: Emit): void {
  if (!switchStillOpen(rules, box)) return;
  box.acted = true;
  for (const hand of box.hands) {
    if (hand.status !== 'open' || !standsWhenSwitchingCloses(rules, hand)) continue;
    finishHand(s, rules, { box, hand }, naturalKind(hand, rules) !== null ? 'natural' : 'standing', emit);
  }
}
