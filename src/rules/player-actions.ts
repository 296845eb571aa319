// Which decisions a hand may take (per rule set, docs/rules.md). Each check returns the reason a decision
// is refused, or null when it is legal.
import type { Card } from './cards.js';
import { cardIsIn, isAce, isPictureCard } from './card-values.js';
import { naturalKind, isPair, type Hand } from './hand.js';
import { handTotalOf } from './hand-total.js';
import type { RuleSet } from './rule-set.js';

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

export function refuseHandAction(action: HandAction, s: HandSituation, rules: RuleSet): string | null {
  const { hand } = s;
  if (hand.status !== 'open') return `hand ${hand.index} is ${hand.status}`;
  if (hand.pendingDraw !== null) return `hand ${hand.index} is waiting for its card`;
  if (hand.cards.length < 2) return `hand ${hand.index} is waiting for its second card`;
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

function refuseHit({ hand }: HandSituation, rules: RuleSet): string | null {
  if (hand.splitAces && rules.split.oneCardOnAces) return 'split aces receive one card each';
  if (hand.doubles > 0) return 'a doubled hand receives one card only';
  if (handTotalOf(hand.cards, rules) >= 21) return 'no hit on 21'; // basic: hit only below 21
  const max = rules.hand.maxCards;
  if (max !== undefined && hand.cards.length >= max) return `at most ${max} cards per hand`;
  return null;
}

function refuseDouble({ hand, amount }: HandSituation, rules: RuleSet): string | null {
  const d = rules.double;
  if (!d.allowed) return `${rules.name} has no double`;
  const original = hand.wagers[0]?.original ?? 0;
  if (hand.doubles > 0) {
    // classic triple: after a double, another original stake for one more card.
    if (d.triple && hand.doubles === 1 && hand.cards.length === 3) return null;
    return 'this hand was already doubled';
  }
  if (hand.cards.length !== 2) return 'double on the first two cards only';
  if (d.forbidWithAce && hand.cards.some(isAce)) return 'no double when either card is an ace';
  if (d.forbidOn21 && (handTotalOf(hand.cards, rules) === 21 || naturalKind(hand, rules) !== null)) {
    return 'no double on 21 or blackjack';
  }
  if (hand.splitAces && !d.afterSplitAces) return 'no double on split aces';
  if (hand.fromSplit && !d.afterSplit) return 'no double after a split';
  if (amount !== undefined) {
    if (!Number.isInteger(amount) || amount <= 0) return 'double amount must be a positive whole number of minor units';
    if (!d.forLess && amount !== original) return `double adds exactly the original stake (${original})`;
    if (d.forLess && (amount < Math.min(rules.limits.min, original) || amount > original)) {
      return `double amount must be from ${Math.min(rules.limits.min, original)} to ${original}`;
    }
  }
  return null;
}

function refuseSplit({ hand, lineageSize }: HandSituation, rules: RuleSet): string | null {
  const sp = rules.split;
  if (!sp.allowed) return `${rules.name} has no split`;
  if (hand.cards.length !== 2 || hand.doubles > 0) return 'split on two cards only';
  if (!isPair(hand.cards, rules) && !(sp.anyTwoPictures && hand.cards.every(isPictureCard))) {
    return sp.anyTwoPictures ? 'split needs two cards of equal value or two pictures' : 'split needs two cards of equal value';
  }
  const aces = hand.cards.every(isAce);
  const max = aces ? sp.maxHandsAces : sp.maxHands;
  if (lineageSize >= max) return aces ? `aces split to ${max} hands at most` : `split to ${max} hands at most`;
  return null;
}

function refuseSurrender({ hand, dealerUpCard }: HandSituation, rules: RuleSet): string | null {
  const su = rules.surrender;
  if (!su.allowed) return `${rules.name} has no surrender`;
  if (hand.fromSplit || hand.cards.length !== 2 || hand.actions > 0) return 'surrender on the first two cards before any other action only';
  if (cardIsIn(dealerUpCard, su.notAgainst, rules)) return `no surrender against ${dealerUpCard}`;
  return null;
}
