// A settled round of the floor in words: money in major units with the table's currency, hands from 1,
// each outcome said, the house's side of the round, a voided round as returned bets.
import { describe, expect, test } from 'vitest';
import { floorRoundWords } from '../../../src/app/audit/floor-round-words.js';
import type { FloorBetResult, FloorRound } from '../../../src/app/audit/floor-rounds.js';

const bet = (over: Partial<FloorBetResult>): FloorBetResult => ({ seat: 1, hand: 0, bet: 'main', player: 'ana', stake: 1000, outcome: 'lose', net: -1000, ...over });
const round = (results: FloorBetResult[], over: Partial<FloorRound> = {}): FloorRound => ({ tableId: 'bj-3', round: 12, endedAt: '2026-03-04T21:05:09.123Z', voided: false, currency: 'USD', results, ...over });

describe('a floor round in words', () => {
  test('each bet with its seat, player, kind, stake and result; the house side in the currency', () => {
    expect(floorRoundWords(round([bet({}), bet({ seat: 3, player: 'bo', outcome: 'blackjack', net: 1500 })]))).toBe(
      "2026-03-04 21:05:09 UTC table bj-3, round 12: seat 1, ana's main bet of 10.00 loses 10.00; seat 3, bo's main bet of 10.00 wins 15.00 with blackjack; the house loses 5.00 USD",
    );
  });

  test('a split hand counts from 1, side bets and pushes are named, an even round says so', () => {
    expect(floorRoundWords(round([bet({ hand: 1, outcome: 'push', net: 0 }), bet({ bet: 'pairs', stake: 250, outcome: 'lose', net: -250 }), bet({ bet: 'insurance', stake: 500, outcome: 'win', net: 250 })]))).toBe(
      "2026-03-04 21:05:09 UTC table bj-3, round 12: seat 1 hand 2, ana's main bet of 10.00 pushes; seat 1, ana's pairs side bet of 2.50 loses 2.50; seat 1, ana's insurance of 5.00 wins 2.50; the house is even (0.00 USD)",
    );
  });

  test('a voided round returns its bets; a round without bets says so', () => {
    expect(floorRoundWords(round([bet({ outcome: 'void', net: 0 })], { voided: true }))).toBe('2026-03-04 21:05:09 UTC table bj-3, round 12 voided: 1 bet returned');
    expect(floorRoundWords(round([]))).toBe('2026-03-04 21:05:09 UTC table bj-3, round 12: no bets');
  });

  test('surrender and even money', () => {
    expect(floorRoundWords(round([bet({ outcome: 'surrender', net: -500 }), bet({ seat: 2, outcome: 'evenMoney', net: 1000 })]))).toContain("seat 1, ana's main bet of 10.00 surrenders, loses 5.00; seat 2, ana's main bet of 10.00 takes even money, 10.00; the house loses 5.00 USD");
  });
});
