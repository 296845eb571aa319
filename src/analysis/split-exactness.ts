// How exact the main game's "exact" return is, as facts for the par sheet to put in words (its catalogue):
// which split, resplit and double-after-split interactions are modelled (split-removal.ts has the
// argument), and where the return is still an approximation, what is left out. Pure: no I/O, no clock,
// no randomness.
import type { RuleSet } from '../rules/rule-set.js';
import type { ExactFigures } from './exact-figures.js';
import { deckModel } from './deck-model.js';
import { HandRules } from './hand-rules.js';

export interface SplitFacts {
  readonly splitAllowed: boolean;
  readonly maxHands: number;
  readonly maxHandsAces: number;
  readonly oneCardOnAces: boolean;
  /** Doubling after a split: not allowed, allowed, or allowed on split aces too. */
  readonly doubleAfterSplit: 'no' | 'yes' | 'acesToo';
  /** More than two hands may come of one (a resplit). */
  readonly resplit: boolean;
  /** Two cards of different values that split (17+4's pictures): their splits keep the per-hand model. */
  readonly unequalPairs: boolean;
  readonly switchGame: boolean;
  readonly exactMain: number;
  /** The return with each split hand drawn from the shoe less the pair only (in switch: each hand by the
   *  chart's two-card value), where that differs in kind; null where it changes nothing. */
  readonly perHandMain: number | null;
}

export interface SplitExactness extends SplitFacts {
  /** Largest error of the stated return, per initial unit: 0 exact (floating point aside); null not bounded. */
  readonly errorBound: number | null;
}

function unequalPairs(rules: RuleSet): boolean {
  const deck = deckModel(rules);
  const hands = new HandRules(deck);
  return deck.values.some((a) => deck.values.some((b) => a !== b && hands.pair([a, b])));
}

export function splitExactness(rules: RuleSet, exact: Pick<ExactFigures, 'main' | 'perHandMain'>): SplitExactness {
  const sp = rules.split;
  const unequal = sp.allowed && unequalPairs(rules);
  return {
    splitAllowed: sp.allowed, maxHands: sp.maxHands, maxHandsAces: sp.maxHandsAces, oneCardOnAces: sp.oneCardOnAces,
    doubleAfterSplit: !(rules.double.allowed && rules.double.afterSplit) ? 'no' : rules.double.afterSplitAces ? 'acesToo' : 'yes',
    resplit: sp.allowed && (sp.maxHands > 2 || sp.maxHandsAces > 2),
    unequalPairs: unequal, switchGame: rules.switch.allowed,
    exactMain: exact.main.expectedReturn, perHandMain: exact.perHandMain,
    errorBound: unequal ? null : 0,
  };
}
