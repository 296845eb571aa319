// The dealer's turn: reveal the hole card, then draw by the dealer rule — only while some
// hand's result still depends on the dealer's total. european (no hole card): the dealer's second card
// comes from the shoe now.
import type { Card } from '../../rules/cards.js';
import { dealerMustDraw } from '../../rules/dealer-policy.js';
import { handTotalOf } from '../../rules/hand-total.js';
import type { RuleSet } from '../../rules/rule-set.js';
import type { Emit, TableState } from '../table-state.js';
import { dealerStillMatters, settleCertainNaturals, settleInsurance } from './settlement.js';
import { recordDrawn } from './shoe.js';

export function revealHoleCard(s: TableState, rules: RuleSet, emit: Emit): void {
  const hole = s.dealer.cards[1];
  if (!rules.dealer.holeCard || s.dealer.holeRevealed || hole === undefined) return;
  s.dealer.holeRevealed = true;
  emit({ type: 'dealer.revealed', round: s.round, card: hole, total: handTotalOf(s.dealer.cards, rules) });
}

export function dealerNeedsCard(s: TableState, rules: RuleSet): boolean {
  if (s.dealer.natural === true || !dealerStillMatters(s, rules)) return false;
  return s.dealer.cards.length < 2 || dealerMustDraw(s.dealer.cards, rules);
}

export function dealToDealer(s: TableState, rules: RuleSet, card: Card, emit: Emit): void {
  recordDrawn(s, card);
  s.dealer.cards.push(card);
  emit({ type: 'dealer.card', round: s.round, card, hole: false });
  if (s.dealer.natural === null && s.dealer.cards.length === 2) {
    // No-hole-card game: the dealer's second card decides dealer blackjack, insurance and waiting blackjacks.
    s.dealer.natural = handTotalOf(s.dealer.cards, rules) === 21;
    settleInsurance(s, rules, emit);
    if (!s.dealer.natural) settleCertainNaturals(s, rules, emit);
  }
}

export function finishDealer(s: TableState, rules: RuleSet, emit: Emit): void {
  if (s.dealer.natural === null && s.dealer.cards.length === 2) s.dealer.natural = handTotalOf(s.dealer.cards, rules) === 21;
  emit({
    type: 'dealer.finished', round: s.round, total: handTotalOf(s.dealer.cards, rules),
    cards: [...s.dealer.cards], blackjack: s.dealer.natural === true,
  });
}
