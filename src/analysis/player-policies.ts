// Two non-optimal players a par sheet reports beside basic strategy (labs ask what a naive player loses):
// mimic the dealer (hit below 17, and soft 17 where the dealer hits it; never double, split, surrender,
// insure or take even money) and never bust (hit only a hand no card can bust: hard 11 or less, and soft
// hands below soft 18; nothing else). Each decides from its own hand only, so its exact return is the
// hand-by-hand return of main-return.ts (in a switch game such a player never switches).
// Pure: no I/O, no clock, no randomness.
import type { RuleSet } from '../rules/rule-set.js';
import { deckModel, type DeckModel } from './deck-model.js';
import { totalsOf } from './hand-rules.js';
import type { Policy } from './hand-values.js';
import { handByHandReturn, type MainReturn } from './main-return.js';

export type NaivePlayer = 'mimicDealer' | 'neverBust';

/** The naive players a par sheet reports (its catalogue describes each). */
export const NAIVE_PLAYERS: readonly NaivePlayer[] = ['mimicDealer', 'neverBust'];

export function naivePolicy(rules: RuleSet, player: NaivePlayer): Policy {
  return (shape, _up, legal) => {
    const { total, soft } = totalsOf(shape.values);
    const hits = player === 'mimicDealer'
      ? total < rules.dealer.standOn || (total === 17 && soft && rules.dealer.hitSoft17)
      : soft ? total < 18 : total <= 11;
    return hits && legal('hit') ? 'hit' : 'stand';
  };
}

export function naiveReturn(rules: RuleSet, player: NaivePlayer, deck: DeckModel = deckModel(rules)): MainReturn {
  return handByHandReturn(rules, naivePolicy(rules, player), {}, deck);
}
