// The pages' language (docs/adr/0008-page-language.md): the one ICU message catalogue per language in
// src/messages (docs/adr/0014-message-catalogue.md), the same words the server and the CLI use, formatted
// by intl-messageformat. The server writes the chosen language into <html lang> (`?lang=`, else the table
// file's `language`, else Accept-Language); `?lang=` is read here too, so a page opened from a saved
// address keeps its language.
import { CATALOGUES, isLanguage, LANGUAGES, type Language } from '../../../messages/catalogue.js';
import { formatMessage, formatMoney, hasMessage, type MessageValues } from '../../../messages/format-message.js';

export { CATALOGUES, LANGUAGES, type Language };

/** The values put into a message by name (numbers stay numbers, for plurals; anything else becomes text). */
export type MessageParams = Readonly<Record<string, unknown>>;

function chosenLanguage(): Language {
  if (typeof document === 'undefined') return 'en';
  const asked = new URLSearchParams(location.search).get('lang');
  if (asked && isLanguage(asked)) return asked;
  const lang = document.documentElement.lang;
  return isLanguage(lang) ? lang : 'en';
}

let language: Language = chosenLanguage();

export function currentLanguage(): Language {
  return language;
}

/** For tests in Node and for pages that switch. */
export function setLanguage(lang: string): void {
  if (isLanguage(lang)) language = lang;
}

/** The values as a message takes them; a value not given stays `{name}` in the text rather than failing the page. */
function valuesOf(params: MessageParams): MessageValues {
  const values: Record<string, string | number> = {};
  for (const [name, value] of Object.entries(params)) values[name] = typeof value === 'number' ? value : String(value ?? '');
  return new Proxy(values, {
    has: () => true,
    get: (target, name) => (typeof name !== 'string' ? undefined : name in target ? target[name] : `{${name}}`),
  });
}

/** The message `key` in `lang` with `params` put in (a message with plural forms picks one by its number). */
export function formatIn(lang: string, key: string, params: MessageParams = {}): string {
  try {
    return formatMessage(isLanguage(lang) ? lang : 'en', key, valuesOf(params));
  } catch {
    return key; // a plural without its number: the key shows, as for a key no catalogue has
  }
}

export function t(key: string, params: MessageParams = {}): string {
  return formatIn(language, key, params);
}

/** `key` when the catalogue has it, else `fallback` (for identifiers new to the pages). */
export function tOr(key: string, fallback: string, params: MessageParams = {}): string {
  return hasMessage(key) ? t(key, params) : fallback;
}

/** Integer minor units as major units with two decimals, grouped from five digits on, per locale. */
export function formatMoneyIn(lang: string, minor: number): string {
  return formatMoney(isLanguage(lang) ? lang : 'en', minor);
}

/** Static words of a page: every element with `data-i18n` gets its text, `data-i18n-placeholder` and `data-i18n-aria-label` those attributes. */
export function translateDocument(titleKey?: string): void {
  document.documentElement.lang = language;
  if (titleKey) document.title = t(titleKey);
  for (const el of document.querySelectorAll('[data-i18n]')) el.textContent = t(el.getAttribute('data-i18n') ?? '');
  for (const el of document.querySelectorAll('[data-i18n-placeholder]')) el.setAttribute('placeholder', t(el.getAttribute('data-i18n-placeholder') ?? ''));
  for (const el of document.querySelectorAll('[data-i18n-aria-label]')) el.setAttribute('aria-label', t(el.getAttribute('data-i18n-aria-label') ?? ''));
}
