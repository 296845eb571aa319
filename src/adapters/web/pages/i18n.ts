// The pages' language (docs/adr/0008-page-language.md): plain message files (messages-en.ts,
// messages-ru.ts) and Intl for plurals, money and numbers — no library to serve. The server writes the
// chosen language into <html lang> (`?lang=`, else the table file's `language`, else Accept-Language);
// `?lang=` is read here too, so a page opened from a saved address keeps its language.
/// <reference lib="es2023.intl" />
// (`useGrouping: 'min2'` is ES2023's Intl.NumberFormat.)
import { MESSAGES_EN } from './messages-en.js';
import { MESSAGES_RU } from './messages-ru.js';
import { REASONS_EN } from './reasons-en.js';
import { REASONS_RU } from './reasons-ru.js';
import type { Catalogue, MessageParams } from './catalogue.js';

export type { Catalogue, Message, MessageParams } from './catalogue.js';

/** Each language's words: the pages' own, then the server's sentences (reasons-*.ts). */
export const CATALOGUES: Readonly<Record<string, Catalogue>> & { readonly en: Catalogue; readonly ru: Catalogue } = { en: { ...MESSAGES_EN, ...REASONS_EN }, ru: { ...MESSAGES_RU, ...REASONS_RU } };
export const LANGUAGES = Object.keys(CATALOGUES);

function chosenLanguage(): string {
  if (typeof document === 'undefined') return 'en';
  const asked = new URLSearchParams(location.search).get('lang');
  if (asked && asked in CATALOGUES) return asked;
  const lang = document.documentElement.lang;
  return lang in CATALOGUES ? lang : 'en';
}

let language = chosenLanguage();

export function currentLanguage(): string {
  return language;
}

/** For tests in Node and for pages that switch. */
export function setLanguage(lang: string): void {
  if (lang in CATALOGUES) language = lang;
}

function fill(text: string, params: MessageParams): string {
  return text.replace(/\{(\w+)\}/g, (whole, name: string) => (name in params ? String(params[name]) : whole));
}

/** The message `key` in `lang` with `params` put in; a message with plural forms picks one by `params.count`. */
export function formatIn(lang: string, key: string, params: MessageParams = {}): string {
  const message = CATALOGUES[lang]?.[key] ?? CATALOGUES.en[key];
  if (message === undefined) return key;
  if (typeof message === 'string') return fill(message, params);
  const category = new Intl.PluralRules(lang).select(Number(params.count ?? 0));
  return fill(message[category] ?? message.other ?? key, { ...params, count: formatNumber(lang, params.count ?? 0) });
}

export function t(key: string, params: MessageParams = {}): string {
  return formatIn(language, key, params);
}

/** `key` when the catalogue has it, else `fallback` (for identifiers new to the pages). */
export function tOr(key: string, fallback: string, params: MessageParams = {}): string {
  return key in CATALOGUES.en ? t(key, params) : fallback;
}

export function formatNumber(lang: string, value: unknown): string {
  return new Intl.NumberFormat(lang === 'ru' ? 'ru-RU' : 'en-GB').format(Number(value));
}

/** Integer minor units as major units with two decimals, grouped from five digits on, per locale. */
export function formatMoneyIn(lang: string, minor: number): string {
  return new Intl.NumberFormat(lang === 'ru' ? 'ru-RU' : 'en-GB', { minimumFractionDigits: 2, maximumFractionDigits: 2, useGrouping: 'min2' }).format(Math.abs(minor) / 100);
}

/** Static words of a page: every element with `data-i18n` gets its text, `data-i18n-placeholder` and `data-i18n-aria-label` those attributes. */
export function translateDocument(titleKey?: string): void {
  document.documentElement.lang = language;
  if (titleKey) document.title = t(titleKey);
  for (const el of document.querySelectorAll('[data-i18n]')) el.textContent = t(el.getAttribute('data-i18n') ?? '');
  for (const el of document.querySelectorAll('[data-i18n-placeholder]')) el.setAttribute('placeholder', t(el.getAttribute('data-i18n-placeholder') ?? ''));
  for (const el of document.querySelectorAll('[data-i18n-aria-label]')) el.setAttribute('aria-label', t(el.getAttribute('data-i18n-aria-label') ?? ''));
}
