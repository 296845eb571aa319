// The stub count in the pages' words (src/adapters/web/pages/log-words.ts): the count and the cards missing, or
// over, in English and Russian, as the Shoes section and the log show them (docs/procedures.md, "Missing cards").
import { afterEach, expect, test } from 'vitest';
import { setLanguage } from '../../../src/adapters/web/pages/i18n.js';
import { factWords, stubWords } from '../../../src/adapters/web/pages/log-words.js';

afterEach(() => setLanguage('en'));

test('a stub count: none missing, cards missing, cards over — in English and Russian', () => {
  expect(stubWords(307, 0)).toBe('307 cards, none missing');
  expect(stubWords(306, 1)).toBe('306 cards, 1 missing');
  expect(stubWords(1, -2)).toBe('1 card, 2 more than the shoe should hold');
  expect(factWords('shoe.stubCounted', { round: 3, shoe: 1, stub: 306, left: 307, missing: 1, by: 'sup1' })).toBe('Stub of shoe 1 counted: 306 cards, 1 missing');
  setLanguage('ru');
  expect(stubWords(306, 1)).toBe('306 карт, не хватает 1');
  expect(stubWords(302, -1)).toBe('302 карты, на 1 больше, чем должно быть');
  expect(factWords('shoe.stubCounted', { shoe: 2, stub: 301, left: 301, missing: 0 })).toBe('Остаток шуза 2 пересчитан: 301 карта, недостачи нет');
});
