// Every reason code has a message in every catalogue and renders there with its values, none missing
// (src/messages). The codes are a closed union (src/round/reasons.ts): SAMPLES below must name every code
// with values of its type, or this file does not compile — a new reason cannot be missed.
import { describe, expect, test } from 'vitest';
import { IntlMessageFormat } from 'intl-messageformat';
import { CATALOGUES, LANGUAGES } from '../../src/messages/catalogue.js';
import { renderReason, renderStoredReason } from '../../src/messages/render-reason.js';
import { REASON_CODES, reasonSentence, withSentence } from '../../src/round/reason-sentence.js';
import type { Reason, ReasonCode, ReasonParams } from '../../src/round/reasons.js';

const SAMPLES: { readonly [K in ReasonCode]: ReasonParams[K] } = {
  cardNotString: {}, unknownCard: { text: 'ZZ' }, foreignNotInDeck: { card: '2H', game: 'Classic blackjack, 17+4 deck' },
  foreignAllDrawn: { card: 'AS', count: 6 }, handIs: { hand: 1, status: 'busted' }, handWaitsCard: { hand: 0 }, handWaitsSecond: { hand: 2 },
  splitAcesOneCard: {}, doubledOneCard: {}, noHitOn21: {}, maxCards: { count: 5 }, noDouble: { game: 'Basic blackjack' }, alreadyDoubled: {},
  doubleFirstTwo: {}, noDoubleAce: {}, noDouble21: {}, noDoubleSplitAces: {}, noDoubleAfterSplit: {}, doubleAmountPositive: {},
  doubleExact: { stakeAmount: 1000 }, doubleRange: { minAmount: 100, maxAmount: 1000 }, noSplit: { game: 'Basic blackjack' }, splitTwoCards: {},
  splitPairOrPictures: {}, splitPair: {}, splitAcesMax: { count: 2 }, splitMax: { count: 4 }, noSurrender: { game: 'Basic blackjack' },
  surrenderFirst: {}, noSurrenderAgainst: { card: 'AC' },
  cardNotExpected: { card: 'KS', phase: 'round', round: 4 }, noBettingNow: { phase: 'shoeOver' }, betRefused: {}, noBetsToCancel: { phase: 'burning' },
  noMainBet: {}, bettingNotOpen: { phase: 'noShoe' }, unknownSupervisorAction: { action: 'dance' }, notPaused: {}, noShoeToChange: {}, shoeAlreadyOut: { shoe: 2 },
  alreadyPaused: {}, noRoundToVoid: {}, roundOpenShoe: {}, noShoeChangeNow: { phase: 'betting' }, noShoeLoaded: {},
  noDecisionExpected: { phase: 'round', round: 12 }, unknownShoeFault: { text: 'smoke', list: 'linkDown, misread' },
  faultClearedBySupervisor: { fault: 'sequenceIncident' }, noFaultToClear: { fault: 'jam' }, recoveryRefused: {}, noResultsShowing: { phase: 'results', round: 3 },
  unknownBetKind: { text: 'tiger' }, noSuchSeat: { seat: 9, game: 'Six-deck blackjack', count: 7 }, amountPositive: {},
  stakeOutsideLimits: { stakeAmount: 50, minAmount: 100, maxAmount: 100000 }, seatTaken: { seat: 2, player: 'ann' }, boxFull: { seat: 2, count: 3 },
  betsBehindSeat: { player: 'bob', seat: 3 }, overBoxMax: { seat: 1, totalAmount: 250000, maxAmount: 200000 },
  seatsMost: { player: 'ann', count: 2, game: 'Blackjack Deluxe' }, stakesEqual: { other: 1, seat: 2, thereAmount: 1000, stakeAmount: 500 },
  noBetBehind: { game: 'Basic blackjack' }, noSeatedPlayer: { seat: 4 }, behindOwnSeat: {}, playsOnSeat: { player: 'bob', seat: 1 },
  noSideBet: { game: 'Basic blackjack', kind: 'pairs' }, sideBetNeedsMain: { kind: 'superMatch', seat: 5 },
  sideBetLimits: { stakeAmount: 20000, minAmount: 100, maxAmount: 10000 }, noBetToCancel: { player: 'ann', kind: 'pairs', seat: 1 },
  noBetToCancelAny: { player: 'ann', seat: 1 }, noBetOnSeat: { seat: 3 }, noStakeOnSeat: { player: 'cy', seat: 2 },
  insuranceNotOffered: { seat: 1 }, alreadyAnswered: { seat: 1 }, alreadyInsured: { player: 'ann' }, insuranceAmount: {},
  insuranceAtMostHalf: { maxAmount: 500 }, insuranceHalf: { stakeAmount: 500 }, onlyOwnerEvenMoney: { player: 'ann', seat: 1 },
  evenMoneyNotOffered: { seat: 2 }, notAnOfferAnswer: { action: 'hit' }, noOfferPending: { seat: 2 }, unknownAction: { action: 'fly' },
  offersBeforePlay: {}, onlyOwnerDecides: { player: 'ann', seat: 1 }, seatNotInTurn: { seat: 2, other: 1 }, noHandInTurn: {},
  handNotInTurn: { hand: 0, turn: 1 }, cardDueToHand: { hand: 1 }, blackjackStands: {}, followNeedsPlayer: { action: 'followDouble' },
  noBetBehindSeat: { player: 'bob', seat: 2 }, noSwitch: { game: 'Basic blackjack' }, switchAfterAction: {}, switchNeedsTwoHands: {},
  noDecisionPending: { seat: 3 }, cardDueToSeat: { seat: 3 }, noOutOfTurnCard: {}, noHandForCard: {},
  pausedShoeFault: { faults: 'linkDown, jam' }, pausedFaultCard: { fault: 'outOfTurn', card: '3S' }, pausedTable: {}, foreignCard: {},
  outOfTurn: { card: 'KS', phase: 'betting' }, cutCardMissing: { count: 15 }, recoveredRestart: {}, supervisorPause: {}, shoeRanOut: {}, shoeChange: {},
  shoeFault: { fault: 'linkDown' }, shoeFaultDetail: { fault: 'linkDown', detail: 'port closed' }, typed: { text: 'camera check' },
  procedureNeedsCard: { action: 'enterCard' }, misreadNotOpen: {}, noCardDue: {}, noRoundToCorrect: {}, noCardOnHand: { seat: 3, hand: 1 },
  noDealerCard: {}, correctionSameCard: { card: 'QH' }, misreadDecided: { read: '9S', card: 'TS' }, sideBetSettledOnCard: { read: '8D', card: '6D', kind: 'pairs' }, cardNotOnBox: { card: '7D', seat: 2, hand: 0 },
  stubNeedsCount: {}, noShoeRemoved: {}, notLastRemovedShoe: { shoe: 2, last: 3 }, stubAlreadyCounted: { shoe: 3 }, stubOutOfRange: { stub: 400, loaded: 312 },
  cardNotWithDealer: { card: '7D' }, unknownBurnCause: { text: 'wind', list: 'exposed, floor' }, dealerStillPlaying: {},
  burnAlreadyCalled: { cause: 'floor' }, noBurnNow: { phase: 'betting' }, shoeNotOut: {},
};

const sample = (code: ReasonCode): Reason => ({ code, params: SAMPLES[code] }) as Reason;

describe('the message catalogues', () => {
  test('every message of every language is ICU MessageFormat', () => {
    const broken: string[] = [];
    for (const lang of LANGUAGES) {
      for (const [key, text] of Object.entries(CATALOGUES[lang])) {
        try { new IntlMessageFormat(text, lang, undefined, { ignoreTag: true }); } catch (err) { broken.push(`${lang} ${key}: ${(err as Error).message}`); }
      }
    }
    expect(broken).toEqual([]);
    expect(Object.keys(CATALOGUES.ru).sort()).toEqual(Object.keys(CATALOGUES.en).sort());
  });

  test('every reason code has a message in every language, and renders there with its values, none missing', () => {
    expect(REASON_CODES.length).toBeGreaterThan(100);
    const problems: string[] = [];
    for (const lang of LANGUAGES) {
      for (const code of REASON_CODES) {
        if (!(`reason.${code}` in CATALOGUES[lang])) { problems.push(`${lang}: no reason.${code}`); continue; }
        try {
          const words = renderReason(lang, sample(code));
          if (words === '' || /[{}]/.test(words.replace(/`[^`]*`/g, ''))) problems.push(`${lang} ${code}: ${words}`);
        } catch (err) {
          problems.push(`${lang} ${code}: ${(err as Error).message}`);
        }
      }
    }
    expect(problems).toEqual([]);
  });

  test('in Russian no English word is left (names, game titles and typed words apart)', () => {
    const english = REASON_CODES.filter((code) => code !== 'typed' && code !== 'unknownShoeFault' && code !== 'unknownBurnCause' && code !== 'shoeFaultDetail').flatMap((code) => {
      const words = renderReason('ru', sample(code)).replace(/\b(ann|bob|cy|dance|fly|tiger|ZZ|smoke)\b/g, '');
      return /[A-Za-z]{3,}/.test(words) ? [`${code}: ${words}`] : [];
    });
    expect(english).toEqual([]);
  });

  test('values in words: hands from 1, money in major units, phases, cards, faults', () => {
    expect(renderReason('en', { code: 'handNotInTurn', params: { hand: 0, turn: 1 } })).toBe('hand 1 is not in turn (hand 2 is)');
    expect(renderReason('ru', { code: 'handNotInTurn', params: { hand: 0, turn: 1 } })).toBe('рука 1 не на ходу (ходит рука 2)');
    expect(renderReason('en', { code: 'stakeOutsideLimits', params: { stakeAmount: 500, minAmount: 1000, maxAmount: 5000000 } }))
      .toBe('stake 5.00 outside the table limits 10.00–50,000.00');
    expect(renderReason('ru', { code: 'noDecisionExpected', params: { phase: 'round', round: 4 } })).toBe('решения сейчас не ждут: идёт раунд 4');
    expect(renderReason('ru', { code: 'outOfTurn', params: { card: 'KS', phase: 'betting' } })).toBe('карта K♠ вышла не по очереди: идёт приём ставок');
    expect(renderReason('en', { code: 'pausedShoeFault', params: { faults: 'linkDown, jam' } })).toMatch(/Shoe link down, Shoe jammed/);
    expect(renderReason('ru', { code: 'boxFull', params: { seat: 2, count: 5 } })).toBe('на боксе 2 уже 5 игроков');
  });

  test('a stored reason renders from its code; a sentence from an older log from the code it maps to; an unknown one as written', () => {
    const stored = withSentence(sample('noBetOnSeat'));
    expect(renderStoredReason('ru', stored)).toBe('на боксе 3 нет ставки');
    expect(renderStoredReason('ru', { reason: stored.reason })).toBe('на боксе 3 нет ставки');
    expect(renderStoredReason('ru', { reason: 'a supervisor typed this' })).toBe('a supervisor typed this');
    expect(reasonSentence(sample('typed'))).toBe('camera check');
  });
});
