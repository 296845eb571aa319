// The server's reasons in the pages' words (src/adapters/web/pages/reason-words.ts): a reason with its
// code renders from the one catalogue (src/messages) in both languages — every `reason.<code>`, the round
// machine's and the adapters' alike, with no English left in Russian; a sentence without a code is shown
// as it came, never read back to a code. The API's refusal bodies carry the code and the values as text
// (./command-api.test.ts checks every command); that every round-machine reason has a message in every
// catalogue is test/messages/reason-catalogue.test.ts (a closed union).
import { describe, expect, test } from 'vitest';
import { CATALOGUES } from '../../../src/messages/catalogue.js';
import { reasonIn } from '../../../src/adapters/web/pages/reason-words.js';
import { explained } from '../../../src/adapters/web/explained-reason.js';
import { argumentNames } from './support/icu-parts.js';

const REASON_KEYS = Object.keys(CATALOGUES.en).filter((key) => key.startsWith('reason.'));

/** A value as the API sends it (text), of the kind its name says; free text is `x<name>`, easy to strip. */
const SAMPLE_VALUES: Readonly<Record<string, string>> = {
  phase: 'round', round: '3', status: 'busted', fault: 'linkDown', faults: 'linkDown, jam', kind: 'main', action: 'hit',
  card: 'KS', role: 'dealer', state: 'down', command: 'bet', game: 'Basic blackjack',
};
const sampleValue = (name: string): string =>
  SAMPLE_VALUES[name] ?? (name.endsWith('Amount') || ['count', 'seat', 'other', 'hand', 'turn', 'ms', 'seq', 'limit', 'seconds'].includes(name) ? '12' : `x${name}`);
const sampleParams = (key: string): Record<string, string> =>
  Object.fromEntries(argumentNames(CATALOGUES.en[key] as string).map((name) => [name, sampleValue(name)]));

describe('a reason with its code', () => {
  test('every reason of the catalogue renders in both languages with its values, none left as a place', () => {
    const problems = REASON_KEYS.flatMap((key) => (['en', 'ru'] as const).flatMap((lang) => {
      const words = reasonIn(lang, { code: key.slice('reason.'.length), params: sampleParams(key), reason: 'the sentence' });
      return words === 'the sentence' || words === '' || /\{\w+\}/.test(words) ? [`${lang} ${key}: ${words}`] : [];
    }));
    expect(REASON_KEYS.length).toBeGreaterThan(150);
    expect(problems).toEqual([]);
  });

  test('in Russian no English word is left (free-text values, technical tokens in backticks and acronyms apart)', () => {
    const english = REASON_KEYS.flatMap((key) => {
      const words = reasonIn('ru', { code: key.slice('reason.'.length), params: sampleParams(key) })
        .replace(/`[^`]*`/g, '').replace(/\bx\w+\b/g, '').replace(/\b[A-Z][A-Z0-9_-]*[A-Z0-9]\b/g, '');
      return /[A-Za-z]{3,}/.test(words) ? [`${key}: ${words}`] : [];
    });
    expect(english).toEqual([]);
  });

  test('values as the API sends them (text) in words: phases, hands from 1, money, cards, roles, link states', () => {
    expect(reasonIn('ru', { code: 'noDecisionExpected', params: { phase: 'round', round: '4' } })).toBe('решения сейчас не ждут: идёт раунд 4');
    expect(reasonIn('ru', { code: 'handNotInTurn', params: { hand: '0', turn: '1' } })).toBe('рука 1 не на ходу (ходит рука 2)');
    expect(reasonIn('en', { code: 'stakeOutsideLimits', params: { stakeAmount: '500', minAmount: '1000', maxAmount: '50000' } })).toBe('stake 5.00 outside the table limits 10.00–500.00');
    expect(reasonIn('ru', { code: 'stakeOutsideLimits', params: { stakeAmount: '500', minAmount: '1000', maxAmount: '50000' } })).toBe('ставка 5,00 вне лимитов стола 10,00–500,00');
    expect(reasonIn('ru', { code: 'outOfTurn', params: { card: 'KS', phase: 'betting' } })).toBe('карта K♠ вышла не по очереди: идёт приём ставок');
    expect(reasonIn('ru', { code: 'shoeLinkState', params: { state: 'down' } })).toBe('связь с шузом: нет');
    // Values as a view carries them (numbers): the same words.
    expect(reasonIn('ru', { code: 'handNotInTurn', params: { hand: 0, turn: 1 } })).toBe('рука 1 не на ходу (ходит рука 2)');
  });

  test('an API refusal carries the code and the values; a page puts the code in words', () => {
    const answer = explained({ reason: 'no bet on seat 3', code: 'noBetOnSeat', params: { seat: 3 } });
    expect(answer).toEqual({ reason: 'no bet on seat 3', code: 'noBetOnSeat', params: { seat: '3' } });
    expect(reasonIn('ru', answer)).toBe('на боксе 3 нет ставки');
    expect(reasonIn('ru', { code: 'noBetOnSeat', params: { seat: '5' }, reason: 'no bet on seat 5' })).toBe('на боксе 5 нет ставки');
  });
});

describe('a reason without a code', () => {
  test('is shown as it came, even when it reads like a sentence the catalogue has', () => {
    expect(reasonIn('ru', 'no bet on seat 3')).toBe('no bet on seat 3');
    expect(reasonIn('ru', { reason: 'no link to the shoe within 5 s of start' })).toBe('no link to the shoe within 5 s of start');
    expect(reasonIn('ru', { reason: 'a supervisor typed this', code: 'noSuchCodeAnywhere', params: {} })).toBe('a supervisor typed this');
    expect(reasonIn('ru', undefined)).toBe('');
  });

  test('a person\'s own words (the code `typed`) are shown as typed', () => {
    expect(reasonIn('ru', { code: 'typed', params: { text: 'camera check' }, reason: 'camera check' })).toBe('camera check');
  });
});
