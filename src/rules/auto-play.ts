// What the decision timer's expiry does (deluxe: seed 002; docs/rules.md): hit while 11 or less, counting an ace
// as 11 unless that busts, then stand; every other set stands.
import type { Card } from './cards.js';
import { handTotalOf } from './hand-total.js';
import type { RuleSet } from './rule-set.js';

export function autoPlayAction(cards: readonly Card[], rules: RuleSet): 'hit' | 'stand' {
  if (rules.timeout.autoPlay === 'hitToTwelve' && handTotalOf(cards, rules) <= 11) return 'hit';
  return 'stand';
}
