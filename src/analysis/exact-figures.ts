// Everything exact a par sheet states about the main game, computed once per rule set: the strategy (or
// the one given), its return, naturals and insurance, and the return of the two naive players. One deck
// model, so the analyses share it. Pure: no I/O, no clock, no randomness.
import type { RuleSet } from '../rules/rule-set.js';
import { deckModel } from './deck-model.js';
import { exactMainReturn, type MainReturn } from './main-return.js';
import { naiveReturn, type NaivePlayer } from './player-policies.js';
import { computeStrategy, type Strategy } from './strategy.js';

export interface ExactFigures {
  readonly strategy: Strategy;
  /** Whether the strategy was computed here (false: given, e.g. read from a file). */
  readonly computed: boolean;
  readonly main: MainReturn;
  /** Expected net per initial unit of each naive player (player-policies.ts). */
  readonly naive: Record<NaivePlayer, number>;
  /** The same return with each split hand valued from the shoe less the pair only (the simpler model
   *  most tables use); null where no resplit is allowed, the two being then equal. */
  readonly perHandMain: number | null;
}

export function exactFigures(rules: RuleSet, given?: Strategy): ExactFigures {
  const deck = deckModel(rules);
  const strategy = given ?? computeStrategy(rules, deck);
  const main = exactMainReturn(rules, strategy, deck);
  const resplits = rules.split.allowed && (rules.split.maxHands > 2 || rules.split.maxHandsAces > 2) && !rules.switch.allowed;
  return {
    strategy, computed: given === undefined, main,
    perHandMain: resplits ? exactMainReturn(rules, strategy, deck, 'perHand').expectedReturn : null,
    naive: { mimicDealer: naiveReturn(rules, 'mimicDealer', deck).expectedReturn, neverBust: naiveReturn(rules, 'neverBust', deck).expectedReturn },
  };
}
