// A message of the catalogue in a language, formatted by intl-messageformat (docs/adr/0014-message-catalogue.md).
// A key the language lacks falls back to English; a key no catalogue has is returned as it is. Each
// message is compiled once per language.
import { IntlMessageFormat } from 'intl-messageformat';
import { CATALOGUES, type Language } from './catalogue.js';

/** The values a message takes: text, or a number (for plurals and numbers). */
export type MessageValues = Readonly<Record<string, string | number>>;

const LOCALES: Readonly<Record<Language, string>> = { en: 'en-GB', ru: 'ru-RU' };
const compiled = new Map<string, IntlMessageFormat>();

function formatter(lang: Language, key: string): IntlMessageFormat | null {
  const id = `${lang}\u0000${key}`;
  const known = compiled.get(id);
  if (known) return known;
  const text = (CATALOGUES[lang] as Readonly<Record<string, string>>)[key] ?? (CATALOGUES.en as Readonly<Record<string, string>>)[key];
  if (text === undefined) return null;
  const made = new IntlMessageFormat(text, LOCALES[lang], undefined, { ignoreTag: true });
  compiled.set(id, made);
  return made;
}

export function hasMessage(key: string): boolean {
  return key in CATALOGUES.en;
}

/** The message `key` in `lang` with `values` put in. Throws when the message needs a value not given. */
export function formatMessage(lang: Language, key: string, values: MessageValues = {}): string {
  const format = formatter(lang, key);
  if (!format) return key;
  return String(format.format(values));
}

/** The message when the catalogue has `key`, else `fallback` (a value the catalogue has no word for). */
export function formatOr(lang: Language, key: string, fallback: string, values: MessageValues = {}): string {
  return hasMessage(key) ? formatMessage(lang, key, values) : fallback;
}

/** Integer minor units as major units with two decimals, grouped from five digits on (as the pages show money). */
export function formatMoney(lang: Language, minor: number): string {
  return moneyFormat(lang).format(Math.abs(minor) / 100);
}

/** The same in the table's currency (ISO 4217, e.g. EUR), placed as the language places it: "€1000.00",
 *  "1000,00 €". A code Intl does not know gives the plain amount. */
export function formatMoneyIn(lang: Language, minor: number, currency: string): string {
  const key = `${lang} ${currency}`;
  let format = currencyFormats.get(key);
  if (!format) {
    try {
      format = new Intl.NumberFormat(LOCALES[lang], { ...MONEY_OPTIONS, style: 'currency', currency });
    } catch {
      return formatMoney(lang, minor);
    }
    currencyFormats.set(key, format);
  }
  return format.format(Math.abs(minor) / 100);
}

const currencyFormats = new Map<string, Intl.NumberFormat>();

// 'min2' (ES2023 Intl.NumberFormat v3) is newer than the TypeScript lib this project compiles against.
const MONEY_OPTIONS = { minimumFractionDigits: 2, maximumFractionDigits: 2, useGrouping: 'min2' } as unknown as Intl.NumberFormatOptions;
const moneyFormats = new Map<Language, Intl.NumberFormat>();

function moneyFormat(lang: Language): Intl.NumberFormat {
  let format = moneyFormats.get(lang);
  if (!format) moneyFormats.set(lang, (format = new Intl.NumberFormat(LOCALES[lang], MONEY_OPTIONS)));
  return format;
}
