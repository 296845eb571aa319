// Everything exact a par sheet states about the main game, computed once per rule set: the strategy (or
// the one given), its return, naturals and insurance, and the return of the two naive players. One deck
// model, so the analyses share it. Pure: no I/O, no clock, no randomness.
import type { RuleSet } from '../rules/rule-set.js';
import { deckModel } from './deck-model.js';
import { exactMainReturn, type MainReturn } from './main-return.js';
import { naiveReturn, type NaivePlayer } from './player-policies.js';
import { computeStrategy, type Strategy } from './strategy.js';

/** What `shoe simulate` needs: the strategy and its return (switch by the chart's two-card values). */
export interface MainFigures {
  readonly strategy: Strategy;
  /** Whether the strategy was computed here (false: given, e.g. read from a file). */
  readonly computed: boolean;
  readonly main: MainReturn;
}

export function mainFigures(rules: RuleSet, given?: Strategy): MainFigures {
  const deck = deckModel(rules);
  const strategy = given ?? computeStrategy(rules, deck);
  return { strategy, computed: given === undefined, main: exactMainReturn(rules, strategy, deck) };
}

export interface ExactFigures extends MainFigures {
  /** Expected net per initial unit of each naive player (player-policies.ts). */
  readonly naive: Record<NaivePlayer, number>;
  /** The same return by the simpler models most tables use — each split hand from the shoe less the pair
   *  only; in switch, each hand by the chart's two-card value — null where that changes nothing. */
  readonly perHandMain: number | null;
}

export function exactFigures(rules: RuleSet, given?: Strategy): ExactFigures {
  const deck = deckModel(rules);
  const strategy = given ?? computeStrategy(rules, deck);
  // switch: the exact figure values each box with its four cards out; the chart's two-card values beside it.
  const main = exactMainReturn(rules, strategy, deck, 'exact', rules.switch.allowed);
  const resplits = rules.split.allowed && (rules.split.maxHands > 2 || rules.split.maxHandsAces > 2);
  return {
    strategy, computed: given === undefined, main,
    perHandMain: resplits || rules.switch.allowed ? exactMainReturn(rules, strategy, deck, 'perHand').expectedReturn : null,
    naive: { mimicDealer: naiveReturn(rules, 'mimicDealer', deck).expectedReturn, neverBust: naiveReturn(rules, 'neverBust', deck).expectedReturn },
  };
}
