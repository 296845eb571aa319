// Expected values of a player's decisions against one dealer up card, exact for the shoe's composition
// — stand, hit, double (and classic triple), surrender and split, each as a value "joint with no
// dealer blackjack" — U = E[net · 1{no dealer blackjack}] — so that under a peek every decision is compared
// on the same footing (the player knows the dealer has no blackjack) and the values add up exactly.
// Cards the player draws come from the shoe less the up card and the player's known cards; the hole card
// is drawn after them, excluding blackjack under a peek (cards are exchangeable, so the order is free).
//
// Play after a decision is either `optimal` (the best legal action at every later point, composition
// dependent: used to choose the chart) or a `policy` (the chart itself: used for the exact return of it).
//
// Splits: played by a policy, a pair of equal values is valued with the card removal between the split
// hands exact (split-removal.ts: what the later hands see of the earlier ones is only whether their second
// cards paired them again; everything else they took is unseen and changes nothing in law). The optimal
// search, and pairs of unequal values (17+4's pictures), value each split hand from the shoe less the up card
// and the pair (plus its own cards), resplits in the engine's order with the lineage count exact.
// Pure: no I/O, no clock, no randomness.
import { DealerCache, idOf, multisetKey, packDecisionKey, sharedDealerCache } from './analysis-caches.js';
import { dealerOutcomes, dealerRule, noBlackjackMass, OUTCOMES, type DealerRule } from './dealer-outcomes.js';
import { VALUE_SLOTS, type DeckModel } from './deck-model.js';
import { HandRules, totalsOf, type Action, type HandShape } from './hand-rules.js';
import { standingPayoff } from './payoff.js';
import { exactSplitValue } from './split-removal.js';

export type Policy = (shape: HandShape, upValue: number, legal: (a: Action) => boolean) => Action;

/** Hitting a hard 17 or more, or a soft 19 or more, never pays under any rule set here (no bonus needs it):
 *  the optimal search leaves it out, which keeps it to the hands that matter. */
function worthHitting(shape: HandShape): boolean {
  const { total, soft } = totalsOf(shape.values);
  return soft ? total < 19 : total < 17;
}

export class UpCardAnalysis {
  readonly rule: DealerRule;
  private readonly base: number[];
  private readonly valueCache = new Map<number | string, number>();
  /** Each multiset of cards out, and of a hand's values, met so far, numbered from 0 (decisionKey). */
  private readonly removedIds = new Map<number, number>();
  private readonly valuesIds = new Map<number, number>();
  private readonly scratch = new Array<number>(VALUE_SLOTS).fill(0);

  constructor(
    readonly deck: DeckModel,
    readonly up: number,
    readonly hands: HandRules,
    private readonly policy?: Policy,
    /** Dealer distributions by removed cards, shareable between analyses of the same up card. */
    private readonly dealerCache: DealerCache = sharedDealerCache(deck, up),
    /** How a policy's splits are valued: 'exact' (split-removal.ts) or 'perHand' (the pair only removed). */
    private readonly splitModel: 'exact' | 'perHand' = 'exact',
  ) {
    this.rule = dealerRule(deck.rules, up);
    this.base = [...deck.counts];
    this.base[up - 1] = (this.base[up - 1] as number) - 1;
  }

  get rules() {
    return this.deck.rules;
  }

  /** Counts left in the shoe after the up card and `removed`. */
  shoe(removed: readonly number[]): number[] {
    const s = this.base.slice();
    for (const v of removed) s[v - 1] = (s[v - 1] as number) - 1;
    return s;
  }

  /** Where the dealer's distribution for these cards out starts in `dealerCache.slots` (computed once). */
  dealer(removed: readonly number[]): number {
    const key = multisetKey(removed);
    let at = this.dealerCache.at.get(key);
    if (at === undefined) {
      at = this.dealerCache.claim(key);
      dealerOutcomes(this.shoe(removed), this.up, this.rule, this.dealerCache.slots, at);
    }
    return at;
  }

  /** P(no dealer blackjack | removed): 1 unless the dealer peeked. */
  mass(removed: readonly number[]): number {
    return noBlackjackMass(this.shoe(removed), this.up, this.rule);
  }

  /** P(dealer blackjack | removed), whether or not the dealer peeks. */
  blackjackChance(removed: readonly number[]): number {
    const s = this.shoe(removed);
    const size = s.reduce((a, b) => a + b, 0);
    if (this.up === 1) return (s[9] as number) / size;
    if (this.up === 10) return (s[0] as number) / size;
    return 0;
  }

  /** Probability of each value as the next card the player draws. */
  nextCard(removed: readonly number[]): number[] {
    const s = this.shoe(removed);
    const size = s.reduce((a, b) => a + b, 0);
    return s.map((n) => (size > 0 ? n / size : 0));
  }

  /** U of standing with `shape` (its cards in `removed` too). */
  stand(shape: HandShape, removed: readonly number[]): number {
    const { total } = totalsOf(shape.values);
    const at = this.dealer(removed);
    const d = this.dealerCache.slots;
    const hand = {
      total, stake: 1 + shape.doubles,
      threeSevens: shape.values.length === 3 && shape.values.every((v) => v === 7) && this.rules.deck.ranks.includes('7'),
      pictureBlackjack: this.hands.natural(shape.values, shape.fromSplit) === 'blackjack' && shape.values.length > 2,
      splitOffspring: shape.fromSplit && shape.lineage > 1,
    };
    let u = 0;
    for (let o = 0; o < OUTCOMES; o++) {
      const p = d[at + o] as number;
      if (p !== 0) u += p * standingPayoff(this.rules, hand, o);
    }
    return u;
  }

  /** U of a hand to which a card was just dealt (bust, stand by itself, or a decision). */
  private afterCard(shape: HandShape, removed: readonly number[], drew: 'hit' | 'double' | 'split'): number {
    const state = this.hands.afterCard(shape, drew);
    if (state === 'bust') return -(1 + shape.doubles) * this.mass(removed);
    if (state === 'stand') return this.stand(shape, removed);
    return this.decide(shape, removed, drew !== 'split');
  }

  /** U of each legal action at a decision point (split only when `splitHere`). */
  actionValues(shape: HandShape, removed: readonly number[], splitHere = true): Map<Action, number> {
    const out = new Map<Action, number>();
    const legal = (a: Action) => this.hands.legal(a, shape, this.up);
    if (legal('stand')) out.set('stand', this.stand(shape, removed));
    if (legal('hit') && worthHitting(shape)) out.set('hit', this.draw(shape, removed, 'hit'));
    if (legal('double')) out.set('double', this.draw(shape, removed, 'double'));
    if (legal('surrender')) out.set('surrender', -0.5 * this.mass(removed));
    if (splitHere && legal('split')) out.set('split', this.split(shape, removed));
    return out;
  }

  /** U of the hand at a decision point, played optimally or by the policy. */
  decide(shape: HandShape, removed: readonly number[], splitHere = true): number {
    const key = this.decisionKey(shape, removed, splitHere);
    const cached = this.valueCache.get(key);
    if (cached !== undefined) return cached;
    let u: number;
    if (this.policy) {
      const legal = (a: Action) => (a !== 'split' || splitHere) && this.hands.legal(a, shape, this.up);
      u = this.valueOf(this.policy(shape, this.up, legal), shape, removed);
    } else {
      u = -Infinity;
      for (const v of this.actionValues(shape, removed, splitHere).values()) if (v > u) u = v;
    }
    this.valueCache.set(key, u);
    return u;
  }

  /**
   * The value cache's key of a decision point: the cards out, the hand's values (their count follows from
   * them), whether it comes from a split (of aces), its doubles, whether it has acted, and its lineage where
   * it may split. One number (the two multisets numbered as met, the rest in bits of their own) instead of a
   * string per question: a string each was much of the analysis' garbage. A string where the numbers
   * would not fit (never with these rule sets).
   */
  private decisionKey(shape: HandShape, removed: readonly number[], splitHere: boolean): number | string {
    const flags = (shape.fromSplit ? 1 : 0) | (shape.splitAces ? 2 : 0) | (shape.actions > 0 ? 4 : 0);
    return packDecisionKey(idOf(this.removedIds, multisetKey(removed)), idOf(this.valuesIds, multisetKey(shape.values)), flags, shape.doubles, splitHere ? shape.lineage : 0);
  }

  valueOf(action: Action, shape: HandShape, removed: readonly number[]): number {
    switch (action) {
      case 'stand':
        return this.stand(shape, removed);
      case 'hit':
      case 'double':
        return this.draw(shape, removed, action);
      case 'surrender':
        return -0.5 * this.mass(removed);
      case 'split':
        return this.split(shape, removed);
    }
  }

  private draw(shape: HandShape, removed: readonly number[], how: 'hit' | 'double'): number {
    const p = this.nextCard(removed);
    let u = 0;
    for (let i = 0; i < VALUE_SLOTS; i++) {
      const pv = p[i] as number;
      if (pv === 0) continue;
      const v = i + 1;
      const next: HandShape = {
        ...shape, values: [...shape.values, v], actions: shape.actions + 1, doubles: shape.doubles + (how === 'double' ? 1 : 0),
      };
      u += pv * this.afterCard(next, [...removed, v], how);
    }
    return u;
  }

  /** U of splitting a two-card pair: the sum over the hands it makes. Played by a policy, a pair of equal
   *  values is valued with the card removal between the split hands exact (split-removal.ts); otherwise
   *  (the optimal search, 17+4's unequal pictures, or asked for) each hand draws from the shoe less the pair. */
  split(shape: HandShape, removed: readonly number[]): number {
    const [a, b] = shape.values as [number, number];
    if (this.policy && this.splitModel === 'exact' && a === b && this.pairClassIsValue(a)) return this.exactSplit(a, removed);
    const aces = a === 1 && b === 1;
    const memo = new Map<string, number>();
    const p = this.nextCard(removed);
    const pending = (firsts: readonly number[], hands: number): number => {
      if (firsts.length === 0) return 0;
      const key = `${firsts.join(',')}|${hands}`;
      const hit = memo.get(key);
      if (hit !== undefined) return hit;
      const [first, ...rest] = firsts as [number, ...number[]];
      let u = 0;
      for (let i = 0; i < VALUE_SLOTS; i++) {
        const pv = p[i] as number;
        if (pv === 0) continue;
        const v = i + 1;
        const hand: HandShape = { values: [first, v], fromSplit: true, splitAces: aces, doubles: 0, actions: 0, lineage: hands };
        const own = [...removed, v];
        const played = (): number => this.afterCard(hand, own, 'split') + pending(rest, hands);
        const resplit = (): number => pending([first, v, ...rest], hands + 1);
        const canResplit = this.hands.afterCard(hand, 'split') === 'open' && this.hands.legal('split', hand, this.up);
        let value: number;
        if (!canResplit) value = played();
        else if (this.policy) {
          const legal = (x: Action) => this.hands.legal(x, hand, this.up);
          value = this.policy(hand, this.up, legal) === 'split' ? resplit() : played();
        } else value = Math.max(resplit(), played());
        u += pv * value;
      }
      memo.set(key, u);
      return u;
    };
    return pending([a, b], 2);
  }

  /** Whether only a card of the pair's own value pairs a split hand again (not so where two different
   *  pictures split: 17+4's J=2 Q=3 K=4). */
  private pairClassIsValue(pair: number): boolean {
    return this.deck.values.every((v) => v === pair || !this.hands.pair([pair, v]));
  }

  private exactSplit(pair: number, removed: readonly number[]): number {
    const policy = this.policy as Policy;
    const splitAces = pair === 1;
    const hand = (second: number, lineage: number): HandShape => ({ values: [pair, second], fromSplit: true, splitAces, doubles: 0, actions: 0, lineage });
    return exactSplitValue({
      shoe: this.shoe(removed),
      pair,
      resplits: (hands) => {
        const h = hand(pair, hands);
        const legal = (x: Action) => this.hands.legal(x, h, this.up);
        return this.hands.afterCard(h, 'split') === 'open' && legal('split') && policy(h, this.up, legal) === 'split';
      },
      handValue: (second, morePairs, hands) => {
        const own = [...removed, second];
        for (let i = 0; i < morePairs; i++) own.push(pair);
        return this.afterCard(hand(second, hands), own, 'split');
      },
    });
  }
}
