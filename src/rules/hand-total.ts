// Hand totals: an ace counts 11 when that does not bust the hand ("soft"), otherwise 1.
import type { Card } from './cards.js';
import { rankValueTable } from './card-values.js';
import type { RuleSet } from './rule-set.js';

export interface HandTotal {
  readonly total: number;
  /** An ace is counted as 11. */
  readonly soft: boolean;
}

export function handTotal(cards: readonly Card[], rules: RuleSet): HandTotal {
  const total = handPoints(cards, rules);
  return total < 0 ? { total: -total, soft: true } : { total, soft: false };
}

/** The total alone, negative when soft (an ace counted 11): no object, for the hot paths. */
export function handPoints(cards: readonly Card[], rules: RuleSet): number {
  const values = rankValueTable(rules);
  let hard = 0;
  let hasAce = false;
  for (let i = 0; i < cards.length; i++) {
    const code = (cards[i] as string).charCodeAt(0);
    hard += values[code] as number;
    if (code === 65) hasAce = true; // A
  }
  return hasAce && hard + 10 <= 21 ? -(hard + 10) : hard;
}

/** The hand's total (soft or hard). */
export function handTotalOf(cards: readonly Card[], rules: RuleSet): number {
  const points = handPoints(cards, rules);
  return points < 0 ? -points : points;
}

export function isBust(cards: readonly Card[], rules: RuleSet): boolean {
  return handTotalOf(cards, rules) > 21;
}
