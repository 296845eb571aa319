// The message catalogues (docs/adr/0014-message-catalogue.md): one per language, ICU MessageFormat, by key.
// DOM-free: the server, the CLI and (bundled) the pages read the same words.
import { MESSAGES_EN } from './catalogue-en.js';
import { MESSAGES_RU } from './catalogue-ru.js';

/** A language's messages: key → ICU MessageFormat text. */
export type Catalogue = Readonly<Record<string, string>>;

export const CATALOGUES = { en: MESSAGES_EN, ru: MESSAGES_RU } as const satisfies Record<string, Catalogue>;
export type Language = keyof typeof CATALOGUES;
export const LANGUAGES = Object.keys(CATALOGUES) as Language[];

export function isLanguage(lang: string): lang is Language {
  return lang in CATALOGUES;
}
