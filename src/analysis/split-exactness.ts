// How exact the main game's "exact" return is, in words, for the par sheet: which split, resplit and
// double-after-split interactions are modelled (split-removal.ts has the argument), and where the return
// is still an approximation, what is left out. Pure: no I/O, no clock, no randomness.
import type { RuleSet } from '../rules/rule-set.js';
import type { ExactFigures } from './exact-figures.js';
import { deckModel } from './deck-model.js';
import { HandRules } from './hand-rules.js';

export interface SplitExactness {
  /** Which split, resplit and double-after-split interactions are modelled, in words. */
  readonly splits: string;
  /** Largest error of the stated return, per initial unit: 0 exact (floating point aside); null not bounded. */
  readonly errorBound: number | null;
  /** The return with each split hand drawn from the shoe less the pair only, where it differs in kind. */
  readonly perHandMain: number | null;
  readonly note: string;
}

const pct = (x: number) => `${x < 0 ? '−' : '+'}${(Math.abs(x) * 100).toFixed(5)} %`;

/** Values that split with a card of another value (17+4's pictures): their splits keep the per-hand model. */
function unequalPairs(rules: RuleSet): boolean {
  const deck = deckModel(rules);
  const hands = new HandRules(deck);
  return deck.values.some((a) => deck.values.some((b) => a !== b && hands.pair([a, b])));
}

export function splitExactness(rules: RuleSet, exact: Pick<ExactFigures, 'main' | 'perHandMain'>): SplitExactness {
  const sp = rules.split;
  const das = rules.double.allowed && rules.double.afterSplit ? `doubling after a split${rules.double.afterSplitAces ? ' (split aces too)' : ''} on each hand's own cards` : 'no doubling after a split';
  const resplit = sp.allowed && (sp.maxHands > 2 || sp.maxHandsAces > 2);
  const unequal = sp.allowed && unequalPairs(rules);
  let splits: string;
  if (!sp.allowed) splits = 'No splits.';
  else {
    splits = `Splits to ${sp.maxHands} hands (aces to ${sp.maxHandsAces}${sp.oneCardOnAces ? ', one card each' : ''}), ${das}: exact card removal between the split hands — each hand's cards come off the shoe less the up card, the pair, the resplit cards and the earlier hands' second cards (known to be, or not to be, of the pair's value), whether a hand is resplit following the lineage's count of hands as the round machine does; what the hands draw after that is unseen by the others and, cards being exchangeable, changes nothing (checked against brute force over every order of a small shoe).`;
    if (!resplit) splits += ' With two hands at most this equals valuing each hand from the shoe less the pair.';
    else if (exact.perHandMain !== null && !rules.switch.allowed) splits += ` Valuing each hand from the shoe less the pair only (the usual simplification) would give ${pct(exact.perHandMain)}, ${pct(exact.main.expectedReturn - exact.perHandMain)} from the exact figure.`;
    if (unequal) splits += ' Pairs of two different pictures (which split here whatever their values) keep that simplification: a hand of them may be paired again by a card of another value.';
  }
  const switchNote = rules.switch.allowed
    ? ` Switch: the arrangement is chosen as the player and the simulator choose it (the chart's value of each two-card hand, from the shoe less that hand's cards), then valued with all four of the box's cards out of the shoe — exact for that rule, as what either hand draws later is unseen by the other.${exact.perHandMain !== null ? ` Valued by the chart's two-card values instead: ${pct(exact.perHandMain)}, ${pct(exact.main.expectedReturn - exact.perHandMain)} from the exact figure.` : ''}`
    : '';
  return {
    splits,
    errorBound: unequal ? null : 0,
    perHandMain: exact.perHandMain,
    note: `Naturals, the peek, insurance, even money, surrender and doubling are exact for the shoe's composition; the figure is exact to floating point (~1e-15) where nothing here says otherwise.${switchNote}`,
  };
}
