// A compact basic strategy for the demo bot (multi-deck, dealer stands on soft 17): good enough to make
// the demo table look like real play. Pure.
import type { Card } from '../../rules/cards.js';
import { cardValue, isAce } from '../../rules/card-values.js';
import { handTotal } from '../../rules/hand-total.js';
import type { RuleSet } from '../../rules/rule-set.js';

export type Play = 'hit' | 'stand' | 'double' | 'split' | 'surrender';

export function basicStrategy(cards: readonly Card[], up: Card, rules: RuleSet, legal: (p: Play) => boolean): Play {
  const d = isAce(up) ? 11 : cardValue(up, rules);
  const [a, b] = cards;
  const choose = (...prefs: Play[]): Play => prefs.find(legal) ?? 'stand';
  if (cards.length === 2 && a && b && cardValue(a, rules) === cardValue(b, rules)) {
    const v = isAce(a) ? 11 : cardValue(a, rules);
    if (v === 11 || v === 8) return choose('split', 'hit');
    if ((v === 9 && d !== 7 && d < 10) || ((v === 2 || v === 3 || v === 7) && d <= 7) || (v === 6 && d <= 6)) return choose('split', v === 9 ? 'stand' : 'hit');
  }
  const { total, soft } = handTotal(cards, rules);
  if (soft) {
    if (total >= 19) return 'stand';
    if (total === 18) return d >= 9 ? choose('hit') : d >= 3 && d <= 6 ? choose('double', 'stand') : 'stand';
    if (d >= 4 && d <= 6) return choose('double', 'hit');
    return choose('hit');
  }
  if (total >= 17) return 'stand';
  if (total === 16 && d >= 9) return choose('surrender', 'hit');
  if (total >= 13) return d <= 6 ? 'stand' : choose('hit');
  if (total === 12) return d >= 4 && d <= 6 ? 'stand' : choose('hit');
  if (total === 11) return choose('double', 'hit');
  if (total === 10) return d <= 9 ? choose('double', 'hit') : choose('hit');
  if (total === 9) return d >= 3 && d <= 6 ? choose('double', 'hit') : choose('hit');
  return choose('hit');
}
