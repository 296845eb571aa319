// A player hand as data, and what its cards make of it. Pure.
import { rankOf, type Card } from './cards.js';
import { isAce, isPictureCard, cardValue } from './card-values.js';
import { handTotalOf } from './hand-total.js';
import type { RuleSet } from './rule-set.js';

/** One player's money riding on a hand: the box owner's (or a co-player's) main stake, or a bet behind. */
export interface Wager {
  readonly player: string;
  readonly kind: 'main' | 'behind';
  /** The stake as first placed on this hand (a split hand's copy of it). */
  readonly original: number;
  /** The stake now, after doubles. */
  readonly stake: number;
}

export type HandStatus =
  | 'open' // still being dealt or played
  | 'standing'
  | 'busted'
  | 'surrendered'
  | 'evenMoney'
  | 'natural'; // a blackjack (or a pair of aces where that beats all) needing no decision

export interface Hand {
  /** Index in creation order within the box: dealt hands first, then split hands as they appear. */
  index: number;
  /** Index of the dealt hand this one descends from (split lineage). */
  origin: number;
  cards: Card[];
  fromSplit: boolean;
  splitAces: boolean;
  /** switch: the second card is the one originally dealt to this hand (a switched A+T is not blackjack). */
  ownSecondCard: boolean;
  doubles: number;
  /** A card is owed to this hand because of a hit or a double. */
  pendingDraw: 'hit' | 'double' | null;
  /** Decisions taken on this hand (surrender only before any). */
  actions: number;
  /** The decision timer ran out: the rule set's auto-play decides from now on. */
  auto: boolean;
  status: HandStatus;
  wagers: Wager[];
  settled: boolean;
}

export type NaturalKind = 'blackjack' | 'pairOfAces' | null;

/**
 * Blackjack: the first two cards make 21, not after a split (split A+10 counts as 21, docs/rules.md),
 * not a switched second card (switch). 17+4: five picture cards count as blackjack.
 * classic: a two-card pair of aces beats everything and pays as a blackjack.
 */
export function naturalKind(hand: Pick<Hand, 'cards' | 'fromSplit' | 'ownSecondCard'>, rules: RuleSet): NaturalKind {
  const { cards } = hand;
  if (hand.fromSplit) return null;
  if (cards.length === 2 && hand.ownSecondCard) {
    if (rules.blackjack.pairOfAcesBeatsAll && cards.every(isAce)) return 'pairOfAces';
    if (handTotalOf(cards, rules) === 21) return 'blackjack';
  }
  const pictures = rules.blackjack.pictureCardsCount;
  if (pictures !== undefined && cards.length === pictures && cards.every(isPictureCard)) return 'blackjack';
  return null;
}

/** classic: A + ten of one suit. */
export function isSuitedBlackjack(cards: readonly Card[]): boolean {
  const [a, b] = cards;
  return cards.length === 2 && a !== undefined && b !== undefined && a.slice(1) === b.slice(1);
}

/** classic: three sevens totalling 21. */
export function isThreeSevens(cards: readonly Card[]): boolean {
  return cards.length === 3 && cards.every((c) => rankOf(c) === '7');
}

export function isPair(cards: readonly Card[], rules: RuleSet): boolean {
  const [a, b] = cards;
  return cards.length === 2 && a !== undefined && b !== undefined && cardValue(a, rules) === cardValue(b, rules);
}

export function totalStake(hand: Pick<Hand, 'wagers'>): number {
  return hand.wagers.reduce((sum, w) => sum + w.stake, 0);
}
