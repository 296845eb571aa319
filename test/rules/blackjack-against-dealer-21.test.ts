// A player's natural against a dealer's 21 of three or more cards: every rule set pays the natural (it
// beats every other 21); only the dealer's own blackjack, two cards, pushes it. Given / when / then per
// rule set, the payout from the seed each was specified from (../shared/seeds/README.md maps seed to
// rule set; docs/rules.md):
//
// | rule set        | seed, clause                                                                                        | natural pays       |
// |-----------------|-----------------------------------------------------------------------------------------------------|--------------------|
// | six-deck        | 000, first part: «оплачивает все блэкджеки гостя в размере 3:2, так как уже не сможет их перебить» | 3:2                |
// | classic         | 000, second part: «игроку сразу выплачивается выигрыш 3 к 2»; «Одномастный "блэкджек" … 2 к 1»;     | 3:2, suited 2:1,   |
// |                 | «Пара тузов после раздачи карт выигрывает любую другую комбинацию карт»                             | pair of aces 3:2   |
// | classic-17plus4 | 000, second part, «17+4»: «Комбинация из пяти картинок на руке считается равной "блэкджеку"»        | as classic         |
// | european        | 001: «Самая старшая комбинация из двух карт – Black Jack»; «В случае BJ у дилера Вы не выигрываете  | 3:2                |
// |                 | и не проигрываете» (the ratio is blank in the seed; 3:2 is config/rules/european.yaml's reading)    |                    |
// | deluxe          | 002, «BJ»: «бьёт все остальные руки, включая не-Блэкджек 21 очко (выигрыш с "BJ")»                  | 3:2                |
// | basic           | 003: «оплачивается в соотношении 3:2 … Блэк-Джек выигрывает во всех случаях, кроме комбинации       | 3:2                |
// |                 | Блэк-Джек у дилера»                                                                                 |                    |
// | switch          | 004: «Если Блэкджек у игрока, а у крупье нет, ставка оплачивается один к одному»                   | 1:1                |
import { describe, expect, test } from 'vitest';
import { knownRuleSets, loadRuleSet } from '../../src/config/load-rule-set.js';
import type { Card } from '../../src/rules/cards.js';
import { handTotalOf } from '../../src/rules/hand-total.js';
import { naturalKind, type Hand } from '../../src/rules/hand.js';
import { settleWager } from '../../src/rules/settle-hand.js';

const cards = (...c: string[]) => c as Card[];

function natural(c: Card[]): Hand {
  return {
    index: 0, origin: 0, fromSplit: false, splitAces: false, ownSecondCard: true, doubles: 0, pendingDraw: null,
    actions: 0, auto: false, status: 'natural', wagers: [], settled: false, cards: c,
  };
}

const wager = (stake: number) => ({ player: 'p', kind: 'main' as const, original: stake, stake });

interface Case {
  readonly player: Card[];
  /** The dealer's 21 of three or more cards (not a blackjack). */
  readonly dealer: Card[];
  /** The net on a stake of 1000 and on an odd stake of 105 (fractions rounded down: src/rules/payout.ts). */
  readonly net: readonly [number, number];
}

const DEALER_21 = cards('TC', '5D', '6H');
const A_K = cards('AS', 'KD');

const CASES: Readonly<Record<string, Readonly<Record<string, Case>>>> = {
  'six-deck': { 'ace and king': { player: A_K, dealer: DEALER_21, net: [1500, 157] } },
  classic: {
    'ace and king': { player: A_K, dealer: DEALER_21, net: [1500, 157] },
    'suited ace and king': { player: cards('AS', 'KS'), dealer: DEALER_21, net: [2000, 210] },
    'pair of aces': { player: cards('AS', 'AD'), dealer: DEALER_21, net: [1500, 157] },
    'ace and king against five cards': { player: A_K, dealer: cards('2C', '3D', '4H', '5S', '7C'), net: [1500, 157] },
  },
  // 32 cards: J=2, Q=3, K=4, so the dealer's 9 + 8 + K is 21.
  'classic-17plus4': {
    'ace and ten': { player: cards('AS', 'TD'), dealer: cards('9C', '8D', 'KH'), net: [1500, 157] },
    'suited ace and ten': { player: cards('AH', 'TH'), dealer: cards('9C', '8D', 'KH'), net: [2000, 210] },
    'five pictures': { player: cards('JS', 'QD', 'KC', 'JD', 'QS'), dealer: cards('9C', '8D', 'KH'), net: [1500, 157] },
  },
  european: { 'ace and king': { player: A_K, dealer: DEALER_21, net: [1500, 157] } },
  deluxe: { 'ace and king': { player: A_K, dealer: DEALER_21, net: [1500, 157] } },
  basic: { 'ace and king': { player: A_K, dealer: DEALER_21, net: [1500, 157] } },
  switch: { 'ace and king': { player: A_K, dealer: DEALER_21, net: [1000, 105] } },
};

const ROWS = Object.entries(CASES).flatMap(([name, cases]) => Object.entries(cases).map(([what, c]) => [name, what, c] as const));

describe("a player's natural against the dealer's 21 of three or more cards", () => {
  test('every rule set in config/rules has its case', () => {
    expect(Object.keys(CASES).sort()).toEqual([...knownRuleSets()].sort());
  });

  test.each(ROWS)('%s: %s wins as a blackjack, paid as the seed says', (name, _what, c) => {
    const { rules } = loadRuleSet(name);
    // Given: the player's hand is a natural and the dealer's is 21 but no blackjack.
    expect(naturalKind(natural(c.player), rules)).not.toBeNull();
    expect(c.dealer.length).toBeGreaterThanOrEqual(3);
    expect(handTotalOf(c.dealer, rules)).toBe(21);
    // When the hand is settled, then it is won as a blackjack.
    const dealer = { cards: c.dealer, natural: false };
    expect(settleWager(natural(c.player), wager(1000), dealer, rules)).toEqual({ outcome: 'blackjack', net: c.net[0] });
    expect(settleWager(natural(c.player), wager(105), dealer, rules)).toEqual({ outcome: 'blackjack', net: c.net[1] });
  });

  test.each(Object.entries(CASES))('%s: only the dealer\'s own blackjack, two cards, pushes a player\'s natural', (name, cases) => {
    const { rules } = loadRuleSet(name);
    const first = Object.values(cases)[0] as Case;
    const dealerBlackjack = { cards: cards('AC', 'TD'), natural: true };
    expect(settleWager(natural(first.player), wager(1000), dealerBlackjack, rules)).toEqual({ outcome: 'push', net: 0 });
  });
});
