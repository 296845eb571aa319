// How exact the main game's "exact" return is, in words and as a bound, for the par sheet.
//
// Why splits without resplits are exact. A player deciding each hand from its own cards (the chart does)
// never looks at the other split hand's cards; the dealer draws after both. For a shuffled shoe, the cards
// after any point the deal reaches by looking only at cards already dealt are again a uniformly shuffled
// remainder (optional stopping: the share of each value among the cards left is a martingale), so cards
// taken by a hand nobody looks at change nothing in law. Each split hand's value is therefore that of a hand
// drawn from the shoe less the up card and the pair, which is what hand-values.ts computes. The same holds
// for doubling after a split (the hand's own cards decide it).
//
// What resplits add. Whether a hand may be resplit depends on how many hands the lineage already has, which
// depends on the earlier hands' second cards: those are looked at. split-removal.ts computes the return
// with that dependence exact (each hand's draws conditioned on the earlier hands' second cards being, or
// not being, of the pair's value); the difference to the plain per-hand value is stated as the error
// of the simpler method and is zero when no resplit is allowed.
// Pure: no I/O, no clock, no randomness.
import type { RuleSet } from '../rules/rule-set.js';

export interface SplitExactness {
  /** Which split, resplit and double-after-split interactions are modelled, in words. */
  readonly splits: string;
  /** Largest possible error of the stated return from the split model, per initial unit (0: exact); null: not computed. */
  readonly errorBound: number | null;
  readonly note: string;
}

export function splitExactness(rules: RuleSet): SplitExactness {
  const sp = rules.split;
  const das = rules.double.allowed && rules.double.afterSplit ? `doubling after a split${rules.double.afterSplitAces ? ' (split aces too)' : ''} is modelled on each hand's own cards` : 'no doubling after a split';
  const resplit = sp.allowed && (sp.maxHands > 2 || sp.maxHandsAces > 2);
  let splits: string;
  if (!sp.allowed) splits = 'No splits: the return is exact (up to floating point, ~1e-15).';
  else if (!resplit) splits = `Splits make two hands at most: each split hand is valued from the shoe less the up card and the pair, which is exact for a player deciding each hand from its own cards (the other hand's cards are unseen; cards are exchangeable); ${das}.`;
  else splits = `Splits to ${sp.maxHands} hands (aces to ${sp.maxHandsAces}): each split hand is valued from the shoe less the up card and the pair and its own cards; whether it may be resplit follows the lineage's count of hands, as the round machine does; ${das}. The earlier hands' second cards are not removed when a later hand of the lineage draws: the one dependence this leaves out (see the bound).`;
  const note = rules.switch.allowed
    ? 'Switch: each arrangement of the box\'s four cards is valued hand by hand from the shoe less the up card and that hand\'s own two cards (the other hand\'s two cards are seen by the player and not removed): an approximation of the order of one card\'s removal effect.'
    : 'Naturals, the peek, insurance, even money, surrender and doubling are exact for the shoe\'s composition.';
  return { splits, errorBound: resplit ? null : 0, note };
}
