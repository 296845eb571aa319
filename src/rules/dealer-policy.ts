// The dealer's drawing rule (docs/rules.md): hits 16 or less and stands on every 17, including soft 17,
// unless the rule set says otherwise; classic stops at five cards.
import type { Card } from './cards.js';
import { handPoints } from './hand-total.js';
import type { RuleSet } from './rule-set.js';

export function dealerMustDraw(cards: readonly Card[], rules: RuleSet): boolean {
  const max = rules.hand.maxCards;
  if (max !== undefined && cards.length >= max) return false;
  const points = handPoints(cards, rules); // negative: soft
  const total = points < 0 ? -points : points;
  if (total < rules.dealer.standOn) return true;
  return total === 17 && points < 0 && rules.dealer.hitSoft17;
}
