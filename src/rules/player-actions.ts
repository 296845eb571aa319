// Which decisions a hand may take (per rule set, docs/rules.md). Each check returns the reason a decision
// is refused, or null when it is legal.
import type { Card } from './cards.js';
import { cardIsIn, isAce, isPictureCard } from './card-values.js';
import { naturalKind, isPair, type Hand } from './hand.js';
import { handTotalOf } from './hand-total.js';
import type { RuleSet } from './rule-set.js';
import { NO_PARAMS, ruleReason, type RuleReason } from './rule-reasons.js';

export const HAND_ACTIONS = ['hit', 'stand', 'double', 'split', 'surrender'] as const;
export type HandAction = (typeof HAND_ACTIONS)[number];

export interface HandSituation {
  readonly hand: Hand;
  /** How many hands descend from the same dealt hand (split lineage), this one included. */
  readonly lineageSize: number;
  readonly dealerUpCard: Card;
  /** Stake a double adds; undefined means the full original stake. */
  readonly amount?: number | undefined;
}

export function refuseHandAction(action: HandAction, s: HandSituation, rules: RuleSet): RuleReason | null {
  const { hand } = s;
  if (hand.status !== 'open') return ruleReason('handIs', { hand: hand.index, status: hand.status });
  if (hand.pendingDraw !== null) return ruleReason('handWaitsCard', { hand: hand.index });
  if (hand.cards.length < 2) return ruleReason('handWaitsSecond', { hand: hand.index });
  switch (action) {
    case 'stand':
      return null;
    case 'hit':
      return refuseHit(s, rules);
    case 'double':
      return refuseDouble(s, rules);
    case 'split':
      return refuseSplit(s, rules);
    case 'surrender':
      return refuseSurrender(s, rules);
  }
}

function refuseHit({ hand }: HandSituation, rules: RuleSet): RuleReason | null {
  if (hand.splitAces && rules.split.oneCardOnAces) return ruleReason('splitAcesOneCard', NO_PARAMS);
  if (hand.doubles > 0) return ruleReason('doubledOneCard', NO_PARAMS);
  if (handTotalOf(hand.cards, rules) >= 21) return ruleReason('noHitOn21', NO_PARAMS); // basic: hit only below 21
  const max = rules.hand.maxCards;
  if (max !== undefined && hand.cards.length >= max) return ruleReason('maxCards', { count: max });
  return null;
}

function refuseDouble({ hand, amount }: HandSituation, rules: RuleSet): RuleReason | null {
  const d = rules.double;
  if (!d.allowed) return ruleReason('noDouble', { game: rules.name });
  const original = hand.wagers[0]?.original ?? 0;
  if (hand.doubles > 0) {
    // classic triple: after a double, another original stake for one more card.
    if (d.triple && hand.doubles === 1 && hand.cards.length === 3) return null;
    return ruleReason('alreadyDoubled', NO_PARAMS);
  }
  if (hand.cards.length !== 2) return ruleReason('doubleFirstTwo', NO_PARAMS);
  if (d.forbidWithAce && hand.cards.some(isAce)) return ruleReason('noDoubleAce', NO_PARAMS);
  if (d.forbidOn21 && (handTotalOf(hand.cards, rules) === 21 || naturalKind(hand, rules) !== null)) {
    return ruleReason('noDouble21', NO_PARAMS);
  }
  if (hand.splitAces && !d.afterSplitAces) return ruleReason('noDoubleSplitAces', NO_PARAMS);
  if (hand.fromSplit && !d.afterSplit) return ruleReason('noDoubleAfterSplit', NO_PARAMS);
  if (amount !== undefined) {
    if (!Number.isInteger(amount) || amount <= 0) return ruleReason('doubleAmountPositive', NO_PARAMS);
    if (!d.forLess && amount !== original) return ruleReason('doubleExact', { stakeAmount: original });
    if (d.forLess && (amount < Math.min(rules.limits.min, original) || amount > original)) {
      return ruleReason('doubleRange', { minAmount: Math.min(rules.limits.min, original), maxAmount: original });
    }
  }
  return null;
}

function refuseSplit({ hand, lineageSize }: HandSituation, rules: RuleSet): RuleReason | null {
  const sp = rules.split;
  if (!sp.allowed) return ruleReason('noSplit', { game: rules.name });
  if (hand.cards.length !== 2 || hand.doubles > 0) return ruleReason('splitTwoCards', NO_PARAMS);
  if (!isPair(hand.cards, rules) && !(sp.anyTwoPictures && hand.cards.every(isPictureCard))) {
    return ruleReason(sp.anyTwoPictures ? 'splitPairOrPictures' : 'splitPair', NO_PARAMS);
  }
  const aces = hand.cards.every(isAce);
  const max = aces ? sp.maxHandsAces : sp.maxHands;
  if (lineageSize >= max) return ruleReason(aces ? 'splitAcesMax' : 'splitMax', { count: max });
  return null;
}

function refuseSurrender({ hand, dealerUpCard }: HandSituation, rules: RuleSet): RuleReason | null {
  const su = rules.surrender;
  if (!su.allowed) return ruleReason('noSurrender', { game: rules.name });
  if (hand.fromSplit || hand.cards.length !== 2 || hand.actions > 0) return ruleReason('surrenderFirst', NO_PARAMS);
  if (cardIsIn(dealerUpCard, su.notAgainst, rules)) return ruleReason('noSurrenderAgainst', { card: dealerUpCard });
  return null;
}
