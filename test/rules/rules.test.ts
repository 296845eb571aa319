// Pure rule functions, given / when / then (the seed's rule text cited per case, docs/rules.md).
import { describe, expect, test } from 'vitest';
import { loadRuleSet } from '../../src/config/load-rule-set.js';
import { parseCard, type Card } from '../../src/rules/cards.js';
import { handTotal } from '../../src/rules/hand-total.js';
import { naturalKind, type Hand } from '../../src/rules/hand.js';
import { judgePairs, judgeSuperMatch } from '../../src/rules/side-bets.js';
import { burnCount } from '../../src/rules/burn.js';
import { dealerMustDraw } from '../../src/rules/dealer-policy.js';
import { foreignCardReason } from '../../src/rules/shoe-composition.js';
import { settleWager } from '../../src/rules/settle-hand.js';
import { initialDealTargets } from '../../src/rules/deal-order.js';
import { refuseHandAction } from '../../src/rules/player-actions.js';
import { autoPlayAction } from '../../src/rules/auto-play.js';

const rules = (name: string) => loadRuleSet(name).rules;
const cards = (...c: string[]) => c as Card[];

function hand(partial: Partial<Hand> & { cards: Card[] }): Hand {
  return {
    index: 0, origin: 0, fromSplit: false, splitAces: false, ownSecondCard: true, doubles: 0, pendingDraw: null,
    actions: 0, auto: false, status: 'standing', wagers: [{ player: 'p', kind: 'main', original: 1000, stake: 1000 }], settled: false,
    ...partial,
  };
}

describe('cards', () => {
  test('accepts 10 for T and lower case; refuses unknown cards with a reason', () => {
    expect(parseCard('10h')).toEqual({ ok: true, card: 'TH' });
    expect(parseCard('qs')).toEqual({ ok: true, card: 'QS' });
    expect(parseCard('ZZ')).toEqual({ ok: false, why: { code: 'unknownCard', params: { text: 'ZZ' } } });
    expect(parseCard(7)).toEqual({ ok: false, why: { code: 'cardNotString', params: {} } });
  });
});

describe('hand totals', () => {
  const six = rules('six-deck');
  test('an ace counts 11 unless that busts', () => {
    expect(handTotal(cards('AS', '6D'), six)).toEqual({ total: 17, soft: true });
    expect(handTotal(cards('AS', '6D', 'TC'), six)).toEqual({ total: 17, soft: false });
    expect(handTotal(cards('AS', 'AD', '9C'), six)).toEqual({ total: 21, soft: true });
  });
  test('17+4 counts J=2, Q=3, K=4 and five picture cards are blackjack', () => {
    const r = rules('classic-17plus4');
    expect(handTotal(cards('JS', 'QD', 'KC'), r).total).toBe(9);
    expect(naturalKind({ cards: cards('JS', 'QD', 'KC', 'JD', 'QS'), fromSplit: false, ownSecondCard: true }, r)).toBe('blackjack');
  });
  test('split A+10 is 21, not blackjack; a switched A+10 is not blackjack', () => {
    expect(naturalKind({ cards: cards('AS', 'KD'), fromSplit: true, ownSecondCard: true }, six)).toBeNull();
    expect(naturalKind({ cards: cards('AS', 'KD'), fromSplit: false, ownSecondCard: false }, rules('switch'))).toBeNull();
    expect(naturalKind({ cards: cards('AS', 'KD'), fromSplit: false, ownSecondCard: true }, six)).toBe('blackjack');
  });
});

describe('dealer policy', () => {
  test('stands on every 17 including soft 17; draws on 16', () => {
    const r = rules('six-deck');
    expect(dealerMustDraw(cards('6C', 'AD'), r)).toBe(false);
    expect(dealerMustDraw(cards('TC', '6D'), r)).toBe(true);
    expect(dealerMustDraw(cards('6C', 'AD'), { ...r, dealer: { ...r.dealer, hitSoft17: true } })).toBe(true);
  });
  test('classic: the dealer stops at five cards', () => {
    expect(dealerMustDraw(cards('2C', '2D', '3H', '2S', 'AC'), rules('classic'))).toBe(false);
  });
});

describe('burn', () => {
  test('one card by default; deluxe burns the shown card plus its value (A=1, pictures 10)', () => {
    expect(burnCount(rules('six-deck'), 'KH')).toBe(1);
    expect(burnCount(rules('deluxe'), '7H')).toBe(8);
    expect(burnCount(rules('deluxe'), 'AH')).toBe(2);
    expect(burnCount(rules('deluxe'), 'QH')).toBe(11);
  });
});

describe('foreign cards', () => {
  test('a seventh ace of spades in six decks, or a 2 in a 32-card deck, is foreign', () => {
    expect(foreignCardReason('AS', 5, rules('six-deck'))).toBeNull();
    expect(foreignCardReason('AS', 6, rules('six-deck'))).toEqual({ code: 'foreignAllDrawn', params: { card: 'AS', count: 6 } });
    expect(foreignCardReason('2H', 0, rules('classic-17plus4'))).toMatchObject({ code: 'foreignNotInDeck', params: { card: '2H' } });
  });
});

describe('deal order', () => {
  test('seat order, each hand of a box, dealer up card, second round, hole card', () => {
    const t = initialDealTargets([{ seat: 3, hands: 2 }, { seat: 1, hands: 2 }], rules('switch'));
    expect(t.map((x) => (x.kind === 'dealer' ? (x.hole ? 'hole' : 'up') : `${x.seat}.${x.hand}`))).toEqual(
      ['1.0', '1.1', '3.0', '3.1', 'up', '1.0', '1.1', '3.0', '3.1', 'hole']);
    expect(initialDealTargets([{ seat: 1, hands: 1 }], rules('european'))).toHaveLength(3);
  });
});

describe('decisions', () => {
  const open = (c: Card[], more: Partial<Hand> = {}) => hand({ cards: c, status: 'open', ...more });
  test('six-deck: no double when either card is an ace; no surrender against an ace', () => {
    const r = rules('six-deck');
    expect(refuseHandAction('double', { hand: open(cards('AS', '5D')), lineageSize: 1, dealerUpCard: '6C' }, r)?.code).toBe('noDoubleAce');
    expect(refuseHandAction('double', { hand: open(cards('6S', '5D')), lineageSize: 1, dealerUpCard: '6C' }, r)).toBeNull();
    expect(refuseHandAction('surrender', { hand: open(cards('TS', '6D')), lineageSize: 1, dealerUpCard: 'AC' }, r)).toEqual({ code: 'noSurrenderAgainst', params: { card: 'AC' } });
  });
  test('split equal values, K+Q too, to four hands; aces not resplit', () => {
    const r = rules('six-deck');
    expect(refuseHandAction('split', { hand: open(cards('KS', 'QD')), lineageSize: 1, dealerUpCard: '6C' }, r)).toBeNull();
    expect(refuseHandAction('split', { hand: open(cards('8S', '8D')), lineageSize: 4, dealerUpCard: '6C' }, r)).toEqual({ code: 'splitMax', params: { count: 4 } });
    expect(refuseHandAction('split', { hand: open(cards('AS', 'AD'), { splitAces: true, fromSplit: true }), lineageSize: 2, dealerUpCard: '6C' }, r)?.code).toMatch(/^splitAces/);
  });
  test('european doubles for less, from the minimum up to the original stake', () => {
    const r = rules('european');
    const h = open(cards('5S', '6D'));
    expect(refuseHandAction('double', { hand: h, lineageSize: 1, dealerUpCard: '6C', amount: 500 }, r)).toBeNull();
    expect(refuseHandAction('double', { hand: h, lineageSize: 1, dealerUpCard: '6C', amount: 1500 }, r)?.code).toBe('doubleRange');
    expect(refuseHandAction('double', { hand: h, lineageSize: 1, dealerUpCard: '6C', amount: 500 }, rules('six-deck'))?.code).toBe('doubleExact');
  });
  test('basic: hit only below 21; double not on a two-card 21', () => {
    const r = rules('basic');
    expect(refuseHandAction('hit', { hand: open(cards('TS', '5D', '6C')), lineageSize: 1, dealerUpCard: '6C' }, r)?.code).toBe('noHitOn21');
    expect(refuseHandAction('double', { hand: open(cards('AS', 'TD'), { fromSplit: true }), lineageSize: 2, dealerUpCard: '6C' }, r)?.code).toBe('noDouble21');
  });
  test('classic triple after a double', () => {
    const r = rules('classic');
    expect(refuseHandAction('double', { hand: open(cards('5S', '4D', '2C'), { doubles: 1 }), lineageSize: 1, dealerUpCard: '6C' }, r)).toBeNull();
    expect(refuseHandAction('double', { hand: open(cards('5S', '4D', '2C'), { doubles: 1 }), lineageSize: 1, dealerUpCard: '6C' }, rules('six-deck'))?.code).toBe('alreadyDoubled');
  });
  test('deluxe auto-play hits while 11 or less, counting an ace as 11 unless it busts; others stand', () => {
    expect(autoPlayAction(cards('5S', '6D'), rules('deluxe'))).toBe('hit');
    expect(autoPlayAction(cards('AS', '2D'), rules('deluxe'))).toBe('stand');
    expect(autoPlayAction(cards('5S', '6D'), rules('six-deck'))).toBe('stand');
  });
});

describe('settlement', () => {
  const w = { player: 'p', kind: 'main' as const, original: 1000, stake: 1000 };
  const dealer = (c: Card[], natural = false) => ({ cards: c, natural });
  test('blackjack 3:2, rounded down on odd stakes; push against dealer blackjack', () => {
    const r = rules('six-deck');
    const bj = hand({ cards: cards('AS', 'KD'), status: 'natural' });
    expect(settleWager(bj, w, dealer(cards('9C', '8D')), r)).toEqual({ outcome: 'blackjack', net: 1500 });
    expect(settleWager(bj, { ...w, stake: 105, original: 105 }, dealer(cards('9C', '8D')), r)).toEqual({ outcome: 'blackjack', net: 157 });
    expect(settleWager(bj, w, dealer(cards('AC', 'KC'), true), r)).toEqual({ outcome: 'push', net: 0 });
  });
  test('switch: dealer 22 pushes standing hands but not a blackjack; blackjack pays 1:1', () => {
    const r = rules('switch');
    expect(settleWager(hand({ cards: cards('TS', '9D') }), w, dealer(cards('TC', '6D', '6H')), r)).toEqual({ outcome: 'push', net: 0 });
    expect(settleWager(hand({ cards: cards('AS', 'KD'), status: 'natural' }), w, dealer(cards('TC', '6D', '6H')), r)).toEqual({ outcome: 'blackjack', net: 1000 });
    expect(settleWager(hand({ cards: cards('TS', '9D') }), w, dealer(cards('TC', '6D', '7H')), r)).toEqual({ outcome: 'win', net: 1000 });
  });
  test('european: dealer blackjack takes all stakes, or the original bet only when the flag says so', () => {
    const r = rules('european');
    const doubled = hand({ cards: cards('5S', '6D', '9C'), doubles: 1 });
    const wd = { ...w, stake: 2000 };
    expect(settleWager(doubled, wd, dealer(cards('AC', 'KC'), true), r)).toEqual({ outcome: 'lose', net: -2000 });
    const obo = { ...r, blackjack: { ...r.blackjack, dealerBlackjackTakes: 'originalOnly' as const } };
    expect(settleWager(doubled, wd, dealer(cards('AC', 'KC'), true), obo)).toEqual({ outcome: 'lose', net: -1000 });
    expect(settleWager(hand({ cards: cards('8S', '9D'), index: 1, origin: 0, fromSplit: true }), w, dealer(cards('AC', 'KC'), true), obo)).toEqual({ outcome: 'push', net: 0 });
  });
  test('classic: suited blackjack 2:1, pair of aces beats dealer blackjack, three sevens bonus', () => {
    const r = rules('classic');
    expect(settleWager(hand({ cards: cards('AS', 'KS') }), w, dealer(cards('9C', '8D')), r)).toEqual({ outcome: 'blackjack', net: 2000 });
    expect(settleWager(hand({ cards: cards('AS', 'AD') }), w, dealer(cards('AC', 'KC'), true), r)).toEqual({ outcome: 'blackjack', net: 1500 });
    expect(settleWager(hand({ cards: cards('7S', '7D', '7C') }), w, dealer(cards('TC', 'AH', 'TD')), r)).toEqual({ outcome: 'win', net: 2000 });
  });
  test('surrender loses half', () => {
    expect(settleWager(hand({ cards: cards('TS', '6D'), status: 'surrendered' }), { ...w, stake: 1001 }, dealer(cards('9C', '8D')), rules('six-deck'))).toEqual({ outcome: 'surrender', net: -500 });
  });
});

describe('side bets', () => {
  test('pairs: highest combination only', () => {
    const r = rules('deluxe');
    expect(judgePairs(cards('9S', '9S'), '9S', r).combination).toBe('suitedTrips');
    expect(judgePairs(cards('9S', '9S'), '2C', r).combination).toBe('perfect');
    expect(judgePairs(cards('9S', '9C'), '2C', r).combination).toBe('coloured');
    expect(judgePairs(cards('9S', '9D'), '2C', r).combination).toBe('mixed');
    expect(judgePairs(cards('KS', 'QS'), '2C', r).combination).toBeNull();
  });
  test('super match on the first four cards: quads 40, two pair 8, trips 5, pair 1', () => {
    const r = rules('switch');
    expect(judgeSuperMatch(cards('9S', '9D', '9H', '9C'), r).ratio).toEqual([40, 1]);
    expect(judgeSuperMatch(cards('9S', '9D', 'KH', 'KC'), r).ratio).toEqual([8, 1]);
    expect(judgeSuperMatch(cards('9S', '9D', '9H', 'KC'), r).ratio).toEqual([5, 1]);
    expect(judgeSuperMatch(cards('9S', '9D', '2H', 'KC'), r).ratio).toEqual([1, 1]);
    expect(judgeSuperMatch(cards('9S', 'TD', '2H', 'KC'), r).ratio).toBeNull();
  });
});
