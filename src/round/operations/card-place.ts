// Where the next card goes, read from the table alone: a burn card, the initial deal, the hand in turn or
// the dealer — the question a card entered by hand and a called burn ask while the table is paused, when
// the chart's phase is its history (docs/procedures.md). Mirrors the chart: burning until the burn is
// complete, dealing until the deal is, no card while an offer waits, then the hand in turn, then the dealer.
import type { Card } from '../../rules/cards.js';
import type { RuleSet } from '../../rules/rule-set.js';
import type { Emit, TableState } from '../table-state.js';
import { burnCard, burnComplete } from './shoe.js';
import { dealInitialCard, initialDealComplete } from './dealing.js';
import { cardDueToHand, dealToHand } from './play.js';
import { dealToDealer, dealerNeedsCard } from './dealer.js';
import { handInTurn } from './hands.js';

export type CardPlace = 'burn' | 'deal' | 'hand' | 'dealer';

export function placeForCard(s: TableState, rules: RuleSet): CardPlace | null {
  const shoe = s.shoe;
  if (!shoe || shoe.finished === true) return null;
  if (!burnComplete(s)) return 'burn';
  if (s.boxes.length === 0) return null;
  if (!initialDealComplete(s, rules)) return 'deal';
  if (s.boxes.some((b) => b.offerPending)) return null;
  if (handInTurn(s)) return cardDueToHand(s) ? 'hand' : null;
  return dealerNeedsCard(s, rules) ? 'dealer' : null;
}

/** The card goes where the table expected it, exactly as a card read by the shoe would. */
export function placeCard(s: TableState, rules: RuleSet, card: Card, place: CardPlace, emit: Emit): void {
  if (place === 'burn') burnCard(s, rules, card, emit);
  else if (place === 'deal') dealInitialCard(s, rules, card, emit);
  else if (place === 'hand') dealToHand(s, rules, card, emit);
  else dealToDealer(s, rules, card, emit);
}
