// The pages' words (docs/adr/0008-page-language.md), from the one catalogue in src/messages: every key of
// the English catalogue has Russian words — not left in English, the same values put in, every Russian
// plural form — and each page is served in the language of `?lang=`, else the table file's `language`,
// else Accept-Language.
import { describe, expect, test } from 'vitest';
import { formatMoneyIn as formatMoneyWithCurrency } from '../../../src/messages/format-message.js';
import { pino } from 'pino';
import { CATALOGUES, formatIn, formatMoneyIn } from '../../../src/adapters/web/pages/i18n.js';
import { acceptedLanguage } from '../../../src/adapters/web/page-routes.js';
import { createTableWebServer } from '../../../src/composition/table-web-server.js';
import { parseTableConfig } from '../../../src/config/table-config.js';
import { config, openTable } from './support/table-fixture.js';
import { argumentNames, literalText, pluralForms } from './support/icu-parts.js';

// The pages' own words and the server's reasons together (src/messages/catalogue-*.ts).
const en: Readonly<Record<string, string>> = CATALOGUES.en;
const ru: Readonly<Record<string, string>> = CATALOGUES.ru;

/** Words that are the same in both languages on purpose (card ranks, numbers, symbols). */
const SAME_IN_BOTH = new Set<string>(['countdown.decision', 'source.api', 'sup.feedTarget.jetstream']);


describe('the message catalogue', () => {
  test('every English key has Russian words, and no Russian key is unknown to English', () => {
    expect(Object.keys(ru).filter((k) => !(k in en))).toEqual([]);
    expect(Object.keys(en).filter((k) => !(k in ru))).toEqual([]);
  });

  test('no Russian message is left in English (no Latin word of its own)', () => {
    const untranslated = Object.entries(ru).filter(([key, message]) => {
      if (SAME_IN_BOTH.has(key)) return false;
      // Values, paths, commands, the tokens' addresses and acronyms (JSON, NATS) are not words to translate.
      return /[A-Za-z]{3,}/.test(literalText(message).replace(/\?\w+=…|\/[\w?=.…/-]+|`[^`]*`|systemctl status|Super Match|\b[A-Z][A-Z0-9_-]*[A-Z0-9]\b/g, ''));
    }).map(([key]) => key);
    expect(untranslated).toEqual([]);
  });

  test('a Russian message puts in the same values as the English one', () => {
    const differ = Object.keys(en).filter((key) => {
      const a = argumentNames(en[key]!).sort().join();
      const b = argumentNames(ru[key]!).sort().join();
      return a !== b;
    });
    expect(differ).toEqual([]);
  });

  test('Russian counted messages have every form Russian needs (one, few, many)', () => {
    const counted = Object.entries(ru).flatMap(([key, message]) => Object.entries(pluralForms(message)).map(([value, forms]) => [`${key} {${value}}`, forms] as const));
    expect(counted.length).toBeGreaterThan(3);
    // An exact value (`=0`) may stand beside the categories; the four categories are what Russian needs.
    for (const [key, forms] of counted) expect(forms.filter((f) => !f.startsWith('=')), key).toEqual(['few', 'many', 'one', 'other']);
    expect(formatIn('ru', 'instr.burn', { count: 1 })).toBe('Сожгите ещё 1 карту');
    expect(formatIn('ru', 'instr.burn', { count: 3 })).toBe('Сожгите ещё 3 карты');
    expect(formatIn('ru', 'instr.burn', { count: 5 })).toBe('Сожгите ещё 5 карт');
    expect(formatIn('en', 'instr.burn', { count: 1 })).toBe('Burn 1 more card');
  });

  test('money per locale: a comma and spaces in Russian, a point in English; grouped from five digits', () => {
    expect(formatMoneyIn('en', 123_456)).toBe('1234.56');
    expect(formatMoneyIn('en', 12_345_678)).toBe('123,456.78');
    expect(formatMoneyIn('ru', 150)).toBe('1,50');
    expect(formatMoneyIn('ru', 12_345_678).replace(/\s/g, ' ')).toBe('123 456,78');
  });

  test('money in the table\'s currency, placed as each language places it; an unknown code leaves the amount bare', () => {
    expect(formatMoneyWithCurrency('en', 123_456, 'EUR')).toBe('€1234.56');
    expect(formatMoneyWithCurrency('ru', 123_456, 'EUR').replace(/\s/g, ' ')).toBe('1234,56 €');
    expect(formatMoneyWithCurrency('ru', 12_345_678, 'RUB').replace(/\s/g, ' ')).toBe('123 456,78 ₽');
    expect(formatMoneyWithCurrency('en', 100, 'E1')).toBe('1.00');
  });

  test('rule names follow the seed documents in Russian', () => {
    expect(formatIn('ru', 'game.Six-deck blackjack')).toBe('Шестиколодный блэкджек'); // seed 000 part 1, its title
    expect(formatIn('ru', 'game.Blackjack Deluxe')).toBe('Блэкджек Делюкс'); // seed 002
    expect(formatIn('ru', 'game.Blackjack Switch')).toBe('Блэкджек свитч'); // seed 004
    expect(formatIn('ru', 'action.stand')).toBe('Хватит'); // seed 002, the table of actions
  });
});

describe('the language a page is served in', () => {
  test('Accept-Language: the first language the pages have, by q-value', () => {
    expect(acceptedLanguage('ru-RU,ru;q=0.9,en;q=0.8')).toBe('ru');
    expect(acceptedLanguage('de-DE,en;q=0.5,ru;q=0.7')).toBe('ru');
    expect(acceptedLanguage('de-DE')).toBeNull();
    expect(acceptedLanguage(undefined)).toBeNull();
    expect(acceptedLanguage('ru;q=0, en')).toBe('en');
  });

  async function served(language: 'ru' | 'en' | undefined, url: string, headers: Record<string, string> = {}): Promise<string> {
    const { store, service } = await openTable();
    const tableConfig = parseTableConfig({ ...config, ...(language ? { language } : {}) }, 'test');
    const app = createTableWebServer({ service, store, config: tableConfig, decisionSeconds: 15, logger: pino({ level: 'silent' }) });
    try {
      const response = await app.inject({ method: 'GET', url, headers });
      expect(response.statusCode).toBe(200);
      return /<html lang="(\w+)"/.exec(response.body)?.[1] ?? 'none';
    } finally {
      await app.close();
      service.close();
      await store.close();
    }
  }

  test('?lang= first, then the table file, then Accept-Language, then English', async () => {
    expect(await served(undefined, '/')).toBe('en');
    expect(await served(undefined, '/', { 'accept-language': 'ru-RU,ru;q=0.9' })).toBe('ru');
    expect(await served('en', '/dealer', { 'accept-language': 'ru' })).toBe('en');
    expect(await served('ru', '/supervisor')).toBe('ru');
    expect(await served('ru', '/overlay?lang=en')).toBe('en');
    expect(await served(undefined, '/play?lang=ru')).toBe('ru');
    expect(await served(undefined, '/?lang=xx', { 'accept-language': 'ru' })).toBe('ru');
  });

  test('the table file refuses a language the pages do not have', () => {
    expect(() => parseTableConfig({ ...config, language: 'de' }, 'test')).toThrow(/language/);
  });
});
