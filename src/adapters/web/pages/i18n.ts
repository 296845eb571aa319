// The pages' language (docs/adr/0008-page-language.md): plain message files (messages-en.js,
// messages-ru.js) and Intl for plurals, money and numbers — no library to serve. The server writes the
// chosen language into <html lang> (`?lang=`, else the table file's `language`, else Accept-Language);
// `?lang=` is read here too, so a page opened from a saved address keeps its language.
import { MESSAGES_EN } from './messages-en.js';
import { MESSAGES_RU } from './messages-ru.js';
import { REASONS_EN } from './reasons-en.js';
import { REASONS_RU } from './reasons-ru.js';

/** Each language's words: the pages' own, then the server's sentences (reasons-*.js). */
export const CATALOGUES = { en: { ...MESSAGES_EN, ...REASONS_EN }, ru: { ...MESSAGES_RU, ...REASONS_RU } };
export const LANGUAGES = Object.keys(CATALOGUES);

function chosenLanguage() {
  if (typeof document === 'undefined') return 'en';
  const asked = new URLSearchParams(location.search).get('lang');
  if (asked && asked in CATALOGUES) return asked;
  const lang = document.documentElement.lang;
  return lang in CATALOGUES ? lang : 'en';
}

let language = chosenLanguage();

export function currentLanguage() {
  return language;
}

/** For tests in Node and for pages that switch. */
export function setLanguage(lang) {
  if (lang in CATALOGUES) language = lang;
}

function fill(text, params) {
  return text.replace(/\{(\w+)\}/g, (whole, name) => (name in params ? String(params[name]) : whole));
}

/** The message `key` in `lang` with `params` put in; a message with plural forms picks one by `params.count`. */
export function formatIn(lang, key, params = {}) {
  const message = CATALOGUES[lang]?.[key] ?? CATALOGUES.en[key];
  if (message === undefined) return key;
  if (typeof message === 'string') return fill(message, params);
  const category = new Intl.PluralRules(lang).select(Number(params.count ?? 0));
  return fill(message[category] ?? message.other, { ...params, count: formatNumber(lang, params.count ?? 0) });
}

export function t(key, params = {}) {
  return formatIn(language, key, params);
}

/** `key` when the catalogue has it, else `fallback` (for identifiers new to the pages). */
export function tOr(key, fallback, params = {}) {
  return key in CATALOGUES.en ? t(key, params) : fallback;
}

export function formatNumber(lang, value) {
  return new Intl.NumberFormat(lang === 'ru' ? 'ru-RU' : 'en-GB').format(Number(value));
}

/** Integer minor units as major units with two decimals, grouped from five digits on, per locale. */
export function formatMoneyIn(lang, minor) {
  return new Intl.NumberFormat(lang === 'ru' ? 'ru-RU' : 'en-GB', { minimumFractionDigits: 2, maximumFractionDigits: 2, useGrouping: 'min2' }).format(Math.abs(minor) / 100);
}

/** Static words of a page: every element with `data-i18n` gets its text, `data-i18n-placeholder` and `data-i18n-aria-label` those attributes. */
export function translateDocument(titleKey) {
  document.documentElement.lang = language;
  if (titleKey) document.title = t(titleKey);
  for (const el of document.querySelectorAll('[data-i18n]')) el.textContent = t(el.getAttribute('data-i18n'));
  for (const el of document.querySelectorAll('[data-i18n-placeholder]')) el.setAttribute('placeholder', t(el.getAttribute('data-i18n-placeholder')));
  for (const el of document.querySelectorAll('[data-i18n-aria-label]')) el.setAttribute('aria-label', t(el.getAttribute('data-i18n-aria-label')));
}
