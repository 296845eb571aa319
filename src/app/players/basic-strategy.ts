// A compact basic strategy for the demo bot (multi-deck, dealer stands on soft 17): good enough to make
// the demo table look like real play. Pure.
import type { Card } from '../../rules/cards.js';
import { cardValue, isAce } from '../../rules/card-values.js';
import { handPoints } from '../../rules/hand-total.js';
import type { RuleSet } from '../../rules/rule-set.js';

export type Play = 'hit' | 'stand' | 'double' | 'split' | 'surrender';

/** The first of one or two plays that is legal, else stand (no closure or rest array per decision: the
 *  bench's bot decides on every input of play). */
function choose(legal: (p: Play) => boolean, first: Play, second?: Play): Play {
  if (legal(first)) return first;
  return second !== undefined && legal(second) ? second : 'stand';
}

export function basicStrategy(cards: readonly Card[], up: Card, rules: RuleSet, legal: (p: Play) => boolean): Play {
  const d = isAce(up) ? 11 : cardValue(up, rules);
  const a = cards[0];
  const b = cards[1];
  if (cards.length === 2 && a && b && cardValue(a, rules) === cardValue(b, rules)) {
    const v = isAce(a) ? 11 : cardValue(a, rules);
    if (v === 11 || v === 8) return choose(legal, 'split', 'hit');
    if ((v === 9 && d !== 7 && d < 10) || ((v === 2 || v === 3 || v === 7) && d <= 7) || (v === 6 && d <= 6)) return choose(legal, 'split', v === 9 ? 'stand' : 'hit');
  }
  const points = handPoints(cards, rules); // negative: soft
  const soft = points < 0;
  const total = soft ? -points : points;
  if (soft) {
    if (total >= 19) return 'stand';
    if (total === 18) return d >= 9 ? choose(legal, 'hit') : d >= 3 && d <= 6 ? choose(legal, 'double', 'stand') : 'stand';
    if (d >= 4 && d <= 6) return choose(legal, 'double', 'hit');
    return choose(legal, 'hit');
  }
  if (total >= 17) return 'stand';
  if (total === 16 && d >= 9) return choose(legal, 'surrender', 'hit');
  if (total >= 13) return d <= 6 ? 'stand' : choose(legal, 'hit');
  if (total === 12) return d >= 4 && d <= 6 ? 'stand' : choose(legal, 'hit');
  if (total === 11) return choose(legal, 'double', 'hit');
  if (total === 10) return d <= 9 ? choose(legal, 'double', 'hit') : choose(legal, 'hit');
  if (total === 9) return d >= 3 && d <= 6 ? choose(legal, 'double', 'hit') : choose(legal, 'hit');
  return choose(legal, 'hit');
}
