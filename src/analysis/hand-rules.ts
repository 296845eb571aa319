// What the production rules say about a hand the analysis holds as card values: legal decisions (the
// very `refuseHandAction` the round machine uses), pairs, naturals, and what a card dealt to a hand does
// to it (src/round/operations/play.ts `dealToHand`: bust, 21 stands, a double stands, split aces take one
// card, the card limit stands). Asking the production functions keeps the analysis on the rules in force.
// Pure: no I/O, no clock, no randomness.
import type { Card } from '../rules/cards.js';
import { naturalKind, type Hand } from '../rules/hand.js';
import { refuseHandAction, type HandAction } from '../rules/player-actions.js';
import type { RuleSet } from '../rules/rule-set.js';
import { representativeCard, type DeckModel } from './deck-model.js';

export type Action = HandAction;
export const ACTIONS: readonly Action[] = ['hit', 'stand', 'double', 'split', 'surrender'];

/** A player hand as values (A=1), in the order dealt. */
export interface HandShape {
  readonly values: readonly number[];
  readonly fromSplit: boolean;
  readonly splitAces: boolean;
  readonly doubles: number;
  /** Decisions already taken on the hand (surrender only before any). */
  readonly actions: number;
  /** Hands of the split lineage, this one included. */
  readonly lineage: number;
}

export interface Totals {
  readonly total: number;
  readonly soft: boolean;
}

export function totalsOf(values: readonly number[]): Totals {
  let hard = 0;
  let ace = false;
  for (const v of values) {
    hard += v;
    if (v === 1) ace = true;
  }
  return ace && hard + 10 <= 21 ? { total: hard + 10, soft: true } : { total: hard, soft: false };
}

export function cardsOf(deck: DeckModel, values: readonly number[]): Card[] {
  return values.map((v) => representativeCard(deck, v));
}

/** A production Hand carrying these values, so the rule functions can judge it. */
export function productionHand(deck: DeckModel, shape: HandShape): Hand {
  return {
    index: shape.lineage - 1, origin: 0, cards: cardsOf(deck, shape.values), fromSplit: shape.fromSplit,
    splitAces: shape.splitAces, ownSecondCard: true, doubles: shape.doubles, pendingDraw: null,
    actions: shape.actions, auto: false, status: 'open',
    wagers: [{ player: 'analysis', kind: 'main', original: 1000, stake: 1000 * (1 + shape.doubles) }], settled: false,
  };
}

/**
 * The legality cache's key for a hand, an action and an up card: one number where it fits (up to ten
 * cards, each value 1..10 a base-11 digit, so the digits alone say how many cards there are; then the
 * other fields, each in bits of its own), else a string. The analysis asks this millions of times, and a
 * string per question was a tenth of its time and much of its garbage.
 */
function legalKey(action: Action, shape: HandShape, upValue: number): number | string {
  const { values, doubles, lineage } = shape;
  const actionIndex = ACTIONS.indexOf(action);
  if (values.length > 10 || doubles > 3 || lineage > 15 || upValue > 15 || actionIndex < 0) {
    return `${action}|${values.join(',')}|${shape.fromSplit ? 1 : 0}${shape.splitAces ? 1 : 0}|${doubles}|${shape.actions > 0 ? 1 : 0}|${lineage}|${upValue}`;
  }
  let cards = 0;
  for (let i = values.length - 1; i >= 0; i--) cards = cards * 11 + (values[i] as number);
  // 11^10 < 2^35, times 2^17 for the rest: below 2^53, every key exact.
  const rest = ((((((actionIndex * 2 + (shape.fromSplit ? 1 : 0)) * 2 + (shape.splitAces ? 1 : 0)) * 4 + doubles) * 2 + (shape.actions > 0 ? 1 : 0)) * 16 + lineage) * 16) + upValue;
  return cards * 131_072 + rest;
}

export class HandRules {
  private readonly legalCache = new Map<number | string, boolean>();

  constructor(readonly deck: DeckModel, readonly rules: RuleSet = deck.rules) {}

  /** Forgets the answers kept so far (an analysis done with an up card: its answers are not asked again). */
  forget(): void {
    this.legalCache.clear();
  }

  /** Whether the production rules accept `action` on this hand against this up card. */
  legal(action: Action, shape: HandShape, upValue: number): boolean {
    const key = legalKey(action, shape, upValue);
    let ok = this.legalCache.get(key);
    if (ok === undefined) {
      const hand = productionHand(this.deck, shape);
      const up = representativeCard(this.deck, upValue);
      ok = refuseHandAction(action, { hand, lineageSize: shape.lineage, dealerUpCard: up }, this.rules) === null;
      this.legalCache.set(key, ok);
    }
    return ok;
  }

  /** A two-card hand the rules let split (equal values; classic and 17+4 may also pair two pictures):
   *  asked of the production split check, so a reading of the rules changes the chart's pair rows too. */
  pair(values: readonly number[]): boolean {
    if (values.length !== 2) return false;
    const shape: HandShape = { values, fromSplit: false, splitAces: false, doubles: 0, actions: 0, lineage: 1 };
    return this.legal('split', shape, this.deck.values[0] ?? 1);
  }

  /** 'blackjack', 'pairOfAces' or null, for a hand as dealt (not after a switch). */
  natural(values: readonly number[], fromSplit: boolean): ReturnType<typeof naturalKind> {
    return naturalKind({ cards: cardsOf(this.deck, values), fromSplit, ownSecondCard: true }, this.rules);
  }

  /**
   * What a card dealt to a hand does (dealToHand): 'bust', 'stand' (finished), or 'open' (a decision
   * is due). `drew` says why the card came.
   */
  afterCard(shape: HandShape, drew: 'hit' | 'double' | 'split'): 'bust' | 'stand' | 'open' {
    const { total } = totalsOf(shape.values);
    if (total > 21) return 'bust';
    if (total === 21) return 'stand';
    if (drew === 'double' && !(this.rules.double.triple && shape.doubles === 1)) return 'stand';
    if (shape.splitAces && this.rules.split.oneCardOnAces && shape.values.length === 2) {
      const resplit = shape.values.every((v) => v === 1) && shape.lineage < this.rules.split.maxHandsAces;
      if (!resplit) return 'stand';
    }
    const max = this.rules.hand.maxCards;
    if (max !== undefined && shape.values.length >= max) return 'stand';
    return 'open';
  }
}
