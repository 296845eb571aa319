// Hand totals: an ace counts 11 when that does not bust the hand ("soft"), otherwise 1.
import type { Card } from './cards.js';
import { cardValue, isAce } from './card-values.js';
import type { RuleSet } from './rule-set.js';

export interface HandTotal {
  readonly total: number;
  /** An ace is counted as 11. */
  readonly soft: boolean;
}

export function handTotal(cards: readonly Card[], rules: RuleSet): HandTotal {
  let hard = 0;
  let hasAce = false;
  for (const card of cards) {
    hard += cardValue(card, rules);
    if (isAce(card)) hasAce = true;
  }
  if (hasAce && hard + 10 <= 21) return { total: hard + 10, soft: true };
  return { total: hard, soft: false };
}

export function isBust(cards: readonly Card[], rules: RuleSet): boolean {
  return handTotal(cards, rules).total > 21;
}
