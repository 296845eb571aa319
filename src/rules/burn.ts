// Burn rule after a new shoe (deluxe: seed 002; docs/rules.md): one card by default; deluxe shows the first card and
// burns as many more as its value (A=1, pictures 10).
import { rankOf, type Card } from './cards.js';
import type { RuleSet } from './rule-set.js';

const FACE_VALUE: Record<string, number> = { A: 1, T: 10, J: 10, Q: 10, K: 10 };

/** How many cards are burned in all, given the first card out of the new shoe. */
export function burnCount(rules: RuleSet, firstCard: Card): number {
  if (rules.burn.kind === 'fixed') return rules.burn.count;
  const rank = rankOf(firstCard);
  return 1 + (FACE_VALUE[rank] ?? Number(rank));
}
