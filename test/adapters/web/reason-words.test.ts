// The server's sentences in the pages' words (src/adapters/web/pages/reason-words.js): every code reads
// back to itself (no pattern hides another); the Russian words leave no English; the API's refusal bodies
// carry the code and the values (./command-api.test.ts checks every command). That every reason the round
// machine gives has a message in every catalogue is test/messages/reason-catalogue.test.ts (a closed union).
import { describe, expect, test } from 'vitest';
import { CATALOGUES } from '../../../src/adapters/web/pages/i18n.js';
import { reasonCode, reasonIn } from '../../../src/adapters/web/pages/reason-words.js';
import { explained } from '../../../src/adapters/web/explained-reason.js';

const en = CATALOGUES.en;
const REASON_KEYS = Object.keys(en).filter((key) => key.startsWith('reason.'));

const placeholderSample = (name: string): string =>
  name === 'phase' ? 'round 3 is being played' : name === 'status' ? 'busted' : name.endsWith('Amount') || ['count', 'seat', 'hand', 'turn', 'ms', 'seq'].includes(name) ? '12' : `x${name}`;

const fill = (template: string) => template.replace(/\{(\w+)\}/g, (_whole, name: string) => placeholderSample(name));

describe('the server\'s sentences', () => {
  test('every code reads back to itself: no earlier pattern hides it', () => {
    const hidden = REASON_KEYS.filter((key) => typeof en[key] === 'string')
      .filter((key) => reasonCode(fill(en[key] as string))?.code !== key.slice('reason.'.length))
      .map((key) => `${key} → ${reasonCode(fill(en[key] as string))?.code ?? 'nothing'}`);
    expect(hidden).toEqual([]);
  });

  test('in Russian no English word is left (values, technical tokens in backticks and acronyms apart)', () => {
    const english = REASON_KEYS.filter((key) => typeof en[key] === 'string').flatMap((key) => {
      const words = reasonIn('ru', fill(en[key] as string)).replace(/`[^`]*`/g, '').replace(/\bx\w+\b/g, '').replace(/\b[A-Z][A-Z0-9_-]*[A-Z0-9]\b/g, '');
      return /[A-Za-z]{3,}/.test(words) ? [`${key}: ${words}`] : [];
    });
    expect(english).toEqual([]);
  });

  test('values in words: phases, hands from 1, money, cards, roles and what they may not do, the fields of a malformed body', () => {
    expect(reasonIn('ru', 'no decision expected: round 4 is being played')).toBe('решения сейчас не ждут: идёт раунд 4');
    expect(reasonIn('ru', 'hand 0 is not in turn (hand 1 is)')).toBe('рука 1 не на ходу (ходит рука 2)');
    expect(reasonIn('en', 'stake 500 outside the table limits 1000–50000')).toBe('stake 5.00 outside the table limits 10.00–500.00');
    expect(reasonIn('ru', 'stake 500 outside the table limits 1000–50000')).toBe('ставка 5,00 вне лимитов стола 10,00–500,00');
    expect(reasonIn('ru', 'card KS drawn out of turn: betting is open')).toBe('карта K♠ вышла не по очереди: идёт приём ставок');
    expect(reasonIn('ru', 'role dealer (dealer-ann) may not void a round: only supervisor')).toBe('роли «дилер» (dealer-ann) нельзя аннулировать раунд: только супервайзер');
    expect(reasonIn('ru', 'role display (wall) may not read the dealer view: only dealer, supervisor or display')).toBe('роли «табло» (wall) нельзя читать картинку дилера: только дилер, супервайзер или табло');
    expect(reasonIn('ru', 'malformed bet command: seat: Too big: expected number to be <=9; : Unrecognized key: "foo"; player: player name empty'))
      .toBe('команда «ставка» составлена неверно: бокс: недопустимое значение; запрос: лишнее поле; игрок: имя игрока: пустое');
    expect(reasonIn('ru', 'too many requests from this address: at most 100 in 1000 ms, retry in 5 seconds')).toBe('слишком много запросов с этого адреса: не больше 100 за 1000 мс, повторите через 5 секунд');
    expect(reasonIn('ru', 'cannot open /dev/ttyUSB0: ENOENT; retrying in 500 ms')).toBe('не открывается /dev/ttyUSB0: ENOENT; новая попытка через 500 мс');
    expect(reasonIn('ru', 'malformed request: rounds takes a whole number, 1 or more (at most 100 are sent), not "abc"')).toBe('неверный запрос: число раундов — целое число от 1 (отдаётся не больше 100), а не "abc"');
    expect(reasonIn('ru', 'a supervisor typed this')).toBe('a supervisor typed this'); // not the server's: as it is
  });

  test('an API refusal carries the code and the values; a page puts the code in words', () => {
    const answer = explained({ reason: 'no bet on seat 3', code: 'noBetOnSeat', params: { seat: 3 } });
    expect(answer).toEqual({ reason: 'no bet on seat 3', code: 'noBetOnSeat', params: { seat: '3' } });
    expect(reasonIn('ru', answer)).toBe('на боксе 3 нет ставки');
    expect(reasonIn('ru', { code: 'noBetOnSeat', params: { seat: '5' }, reason: 'ignored when the code is known' })).toBe('на боксе 5 нет ставки');
    expect(explained('camera check')).toEqual({ reason: 'camera check' });
  });
});
