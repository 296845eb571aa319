// Point values of cards under a rule set's deck (17+4: J=2, Q=3, K=4).
import { rankOf, type Card, type Rank } from './cards.js';
import type { RuleSet, UpCardClass } from './rule-set.js';

const STANDARD_VALUES: Record<Rank, number> = {
  A: 1, '2': 2, '3': 3, '4': 4, '5': 5, '6': 6, '7': 7, '8': 8, '9': 9, T: 10, J: 10, Q: 10, K: 10,
};

/** Hard value of a card: an ace counts 1 here; hand totals add the soft 10. */
export function cardValue(card: Card, rules: RuleSet): number {
  const rank = rankOf(card);
  return rules.deck.values[rank] ?? STANDARD_VALUES[rank];
}

export function isAce(card: Card): boolean {
  return rankOf(card) === 'A';
}

export function isTenValue(card: Card, rules: RuleSet): boolean {
  return cardValue(card, rules) === 10;
}

/** True when the card belongs to one of the named classes ("ace", "ten"). */
export function cardIsIn(card: Card, classes: readonly UpCardClass[], rules: RuleSet): boolean {
  return classes.some((c) => (c === 'ace' ? isAce(card) : isTenValue(card, rules)));
}

export function isPictureCard(card: Card): boolean {
  const rank = rankOf(card);
  return rank === 'J' || rank === 'Q' || rank === 'K';
}
