// Exact dealer outcomes and side-bet odds (docs/par-sheets.md): checked against brute force and by hand.
import fc from 'fast-check';
import { describe, expect, test } from 'vitest';
import { loadRuleSet } from '../../src/config/load-rule-set.js';
import { dealerOutcomes, dealerRule, noBlackjackMass, OUT_22, OUT_BLACKJACK, OUT_BUST, OUTCOMES } from '../../src/analysis/dealer-outcomes.js';
import { pairsOdds, superMatchOdds } from '../../src/analysis/side-bet-odds.js';
import { standingPayoff } from '../../src/analysis/payoff.js';
import { deckModel } from '../../src/analysis/deck-model.js';
import { ruleSetSchema, type RuleSet } from '../../src/rules/rule-set.js';
import { settleWager } from '../../src/rules/settle-hand.js';
import { handTotal } from '../../src/rules/hand-total.js';
import type { Card } from '../../src/rules/cards.js';
import { naturalKind, type Hand } from '../../src/rules/hand.js';

const rules = (name: string) => loadRuleSet(name).rules;

/** Brute force: every order of the remaining cards, the dealer drawing from the front. */
function bruteForce(shoe: number[], up: number, rule: ReturnType<typeof dealerRule>): number[] {
  const out = new Array<number>(OUTCOMES).fill(0);
  const cards = shoe.flatMap((n, i) => Array<number>(n).fill(i + 1));
  const walk = (hand: number[], left: number[], p: number): void => {
    const hard = hand.reduce((a, b) => a + b, 0);
    const soft = hand.includes(1) && hard + 10 <= 21;
    const total = soft ? hard + 10 : hard;
    if (hand.length === 2 && total === 21) { out[OUT_BLACKJACK]! += p; return; }
    if (total > 21) { out[total === 22 ? OUT_22 : OUT_BUST]! += p; return; }
    const draws = hand.length < 2 || (hand.length < rule.maxCards && (total < 17 || (total === 17 && soft && rule.hitSoft17)));
    if (!draws) { out[total]! += p; return; }
    left.forEach((v, i) => {
      const rest = [...left.slice(0, i), ...left.slice(i + 1)];
      if (hand.length === 1 && rule.peeked && ((v === 1 && up === 10) || (v === 10 && up === 1))) return;
      walk([...hand, v], rest, p / left.length);
    });
  };
  walk([up], cards, 1);
  return out;
}

describe('dealer outcomes', () => {
  test('agree with brute force over every order of a small shoe (peek, no peek, hit soft 17, five-card limit)', () => {
    const shoe = [2, 1, 1, 1, 1, 2, 1, 0, 1, 3]; // 13 cards
    for (const rule of [
      { standOn: 17, hitSoft17: false, maxCards: 99, peeked: false },
      { standOn: 17, hitSoft17: true, maxCards: 99, peeked: true },
      { standOn: 17, hitSoft17: false, maxCards: 5, peeked: true },
    ]) {
      for (const up of [1, 6, 10]) {
        const out = new Float64Array(OUTCOMES);
        dealerOutcomes(shoe, up, rule, out);
        const expected = bruteForce(shoe, up, rule);
        expected.forEach((p, o) => expect(out[o]).toBeCloseTo(p, 12));
      }
    }
  });

  test('sum to one without a peek and to P(no blackjack) under a peek; six decks, up 6, S17 busts 42.3 %', () => {
    const six = rules('six-deck');
    const deck = deckModel(six);
    const shoe = [...deck.counts];
    shoe[5]! -= 1;
    const out = new Float64Array(OUTCOMES);
    dealerOutcomes(shoe, 6, dealerRule(six, 6), out);
    expect(out.reduce((a, b) => a + b, 0)).toBeCloseTo(1, 12);
    // Published six-deck S17 figure: the dealer busts with a 6 up about 42.3 % of the time.
    expect(out[OUT_22]! + out[OUT_BUST]!).toBeCloseTo(0.4229, 3);
    const aceShoe = [...deck.counts];
    aceShoe[0]! -= 1;
    dealerOutcomes(aceShoe, 1, dealerRule(six, 1), out);
    expect(out.reduce((a, b) => a + b, 0)).toBeCloseTo(noBlackjackMass(aceShoe, 1, dealerRule(six, 1)), 12);
    expect(noBlackjackMass(aceShoe, 1, dealerRule(six, 1))).toBeCloseTo(1 - 96 / 311, 12);
  });
});

function handOf(cards: Card[], doubles: number): Hand {
  return {
    index: 0, origin: 0, cards, fromSplit: false, splitAces: false, ownSecondCard: true, doubles, pendingDraw: null, actions: 1,
    auto: false, status: 'standing', wagers: [{ player: 'p', kind: 'main', original: 1000, stake: 1000 * (1 + doubles) }], settled: false,
  };
}

describe('payoff of a standing hand', () => {
  const dealerFor: Record<number, Card[]> = {
    17: ['TS', '7S'], 18: ['TS', '8S'], 19: ['TS', '9S'], 20: ['TS', 'QS'], 21: ['TS', '5S', '6S'],
    [OUT_22]: ['TS', '6S', '6H'], [OUT_BUST]: ['TS', '6S', '8H'], [OUT_BLACKJACK]: ['AS', 'KS'],
  };
  test('matches the production settlement (settleWager) for every rule set, hand and dealer outcome', () => {
    const names = ['six-deck', 'classic', 'european', 'switch', 'deluxe'];
    const ranks = ['2', '3', '4', '5', '6', '7', '8', '9', 'T', 'A'];
    fc.assert(fc.property(
      fc.constantFrom(...names), fc.array(fc.constantFrom(...ranks), { minLength: 2, maxLength: 4 }), fc.integer({ min: 0, max: 1 }),
      fc.constantFrom(17, 18, 19, 20, 21, OUT_22, OUT_BUST, OUT_BLACKJACK),
      (name, hand, doubles, o) => {
        const r = rules(name);
        const cards = hand.map((x, i) => `${x}${'SHDC'[i % 4]}` as Card);
        if (naturalKind({ cards, fromSplit: false, ownSecondCard: true }, r) !== null) return; // naturals are settled at the deal
        const wager = handOf(cards, doubles);
        const dealer = { cards: dealerFor[o]!, natural: o === OUT_BLACKJACK };
        const { net } = settleWager(wager, wager.wagers[0]!, dealer, r);
        const expected = standingPayoff(r, {
          total: handTotal(cards, r).total, stake: 1 + doubles, splitOffspring: false, pictureBlackjack: false,
          threeSevens: cards.length === 3 && hand.every((x) => x === '7'),
        }, o);
        expect(net).toBe(Math.floor(expected * 1000));
      },
    ), { numRuns: 2000, seed: 13 });
  });
});

describe('side bets, exact', () => {
  test('deluxe Pairs (8 decks): counts add up to every ordered deal; each combination counted by hand', () => {
    const odds = pairsOdds(rules('deluxe'));
    const n = 416n;
    expect(odds.deals).toBe(n * (n - 1n) * (n - 2n));
    expect(odds.outcomes.reduce((s, o) => s + o.count, 0n)).toBe(odds.deals);
    const count = (c: string) => odds.outcomes.find((o) => o.combination === c)?.count;
    // 52 card types, 8 copies each. Suited trips: the same card three times.
    expect(count('suitedTrips')).toBe(52n * 8n * 7n * 6n);
    // Perfect: same card twice, the up card any other but that card.
    expect(count('perfect')).toBe(52n * 8n * 7n * (414n - 6n));
    // Coloured: same rank, the other suit of the same colour (8 cards); mixed: the two suits of the other colour (16).
    expect(count('coloured')).toBe(52n * 8n * 8n * 414n);
    expect(count('mixed')).toBe(52n * 8n * 16n * 414n);
    // Return: -826/28635 = -2.885 % (5:1, 10:1, 30:1, 50:1).
    expect([odds.returnNumerator, odds.returnDenominator]).toEqual([-826n, 28635n]);
  });

  test('switch Super Match (6 decks): counts add up; quads and trips by hand; return about -2.55 %', () => {
    const odds = superMatchOdds(rules('switch'));
    const n = 312n;
    expect(odds.outcomes.reduce((s, o) => s + o.count, 0n)).toBe(n * (n - 1n) * (n - 2n) * (n - 3n));
    const count = (c: string) => odds.outcomes.find((o) => o.combination === c)?.count;
    expect(count('quads')).toBe(13n * 24n * 23n * 22n * 21n);
    // Trips: choose the rank of three (13), the odd card's rank (12), its position (4): 24·23·22 · 24.
    expect(count('trips')).toBe(13n * 12n * 4n * 24n * 23n * 22n * 24n);
    // Two pair: two ranks (78 pairs of ranks), arrangements 4!/(2!2!) = 6: 24·23 · 24·23.
    expect(count('twoPair')).toBe(78n * 6n * 24n * 23n * 24n * 23n);
    expect(odds.expectedReturn).toBeCloseTo(-0.02548, 4);
  });
});

export function withRules(base: RuleSet, patch: Record<string, unknown>): RuleSet {
  return ruleSetSchema.parse({ ...base, ...patch });
}
