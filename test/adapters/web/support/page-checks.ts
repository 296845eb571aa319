// What a page shows, checked inside it: text that leaves its box, words a Russian page shows in English
// (a catalogue key, an English catalogue sentence, a run of English words), and elements outside the
// first viewport.
import type { Page } from 'playwright-core';
import { CATALOGUES } from '../../../../src/messages/catalogue.js';

const en: Readonly<Record<string, string>> = CATALOGUES.en;
const ru: Readonly<Record<string, string>> = CATALOGUES.ru;

/** English words of the catalogue (the pages' and the server's sentences) that a Russian page must not show: a Latin word of 4+ letters, nothing put in. */
export const ENGLISH_ONLY = Object.entries(en)
  .filter(([key, text]) => ru[key] !== text && !text.includes('{') && /[A-Za-z]{4,}/.test(text))
  .map(([, text]) => text);

const KEY_PREFIXES = [...new Set(Object.keys(en).map((key) => key.split('.')[0]!))];

/** Elements holding text wider than their box (clipped or spilling); an ellipsis on purpose is allowed. */
export async function textOverflows(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const problems: string[] = [];
    const root = document.documentElement;
    if (root.scrollWidth > root.clientWidth + 1) problems.push(`page wider than the viewport (${root.scrollWidth} > ${root.clientWidth})`);
    for (const el of document.querySelectorAll<HTMLElement>('body *')) {
      const style = getComputedStyle(el);
      if (style.display === 'inline' || style.display === 'none' || style.visibility === 'hidden' || style.textOverflow === 'ellipsis') continue;
      if (el.getClientRects().length === 0) continue;
      const ownText = [...el.childNodes].some((n) => n.nodeType === Node.TEXT_NODE && (n.textContent ?? '').trim() !== '');
      if (!ownText) continue;
      if (el.scrollWidth > el.clientWidth + 1) problems.push(`${el.tagName.toLowerCase()}.${[...el.classList].join('.')} "${(el.textContent ?? '').slice(0, 40)}": ${el.scrollWidth} > ${el.clientWidth}`);
    }
    return problems;
  });
}

/** The page's visible words: its title, its rendered text (a closed <details> hides its content) and the labels a reader meets. */
export async function shownText(page: Page): Promise<string> {
  return page.evaluate(() => `${document.title}\n${document.body.innerText}\n${[...document.querySelectorAll('[aria-label],[placeholder],[title]')].map((e) => `${e.getAttribute('aria-label') ?? ''} ${e.getAttribute('placeholder') ?? ''} ${e.getAttribute('title') ?? ''}`).join('\n')}`);
}

/** The page's visible words less the sentences given (a server's sentence without a code is shown as it came). */
async function shownBesides(page: Page, asCame: readonly string[]): Promise<string> {
  let shown = await shownText(page);
  for (const sentence of asCame) shown = shown.split(sentence).join(' ');
  return shown;
}

/** What a Russian page shows that is not Russian: a catalogue key, or English words of the catalogue; `asCame`: sentences without a code, shown as they came. */
export async function untranslated(page: Page, asCame: readonly string[] = []): Promise<string[]> {
  const shown = await shownBesides(page, asCame);
  const keys = shown.match(new RegExp(`\\b(?:${KEY_PREFIXES.join('|')})\\.[A-Za-z][\\w.-]*`, 'g')) ?? [];
  // Whole words only: "dealer" in an address (/dealer?token=…) or a name (dealer-ann) is not a word shown.
  const escape = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
  return [...keys, ...ENGLISH_ONLY.filter((text) => new RegExp(`(?<![\\p{L}/-])${escape(text)}(?![\\p{L}?-])`, 'u').test(shown))];
}

/** Runs of three or more Latin words on one line (an English sentence), apart from the names given (players, staff) and sentences shown as they came. */
export async function englishRuns(page: Page, names: readonly string[] = []): Promise<string[]> {
  const shown = await shownBesides(page, names);
  return shown.match(/[A-Za-z][A-Za-z'’-]+(?:[ ,:;()"«»]+[A-Za-z][A-Za-z'’-]+){2,}/g) ?? [];
}

/** The selectors (each element they match) not wholly inside the first viewport. */
export async function outsideFirstViewport(page: Page, selectors: readonly string[]): Promise<string[]> {
  return page.evaluate((list) => {
    const inView = (el: Element) => {
      const r = el.getBoundingClientRect();
      return r.top >= 0 && r.bottom <= window.innerHeight + 0.5 && r.left >= 0 && r.right <= window.innerWidth + 0.5;
    };
    return list.flatMap((selector) => [...document.querySelectorAll(selector)].filter((el) => !inView(el)).map((el) => `${selector} "${(el.textContent ?? '').slice(0, 30)}" ${JSON.stringify(el.getBoundingClientRect())}`));
  }, selectors);
}
