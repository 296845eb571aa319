// The par sheet in Russian and English (app/par-sheet/par-sheet-words*.ts): the two catalogues have the same
// keys, every Russian entry is translated, and a Russian sheet — markdown and html, assembled for real on
// rule sets with every kind of row (17+4's triple and picture pairs, switch's Super Match, deluxe's Pairs
// and bets behind) — shows no English word of the catalogue, its numbers written the Russian way, and the
// Russian names the seed documents use. The sheets' exact figures come from the tests' cache of the product's
// analyses (test/support/exact-analysis-cache.ts: computed by the product's worker when missing); the CLI's
// par sheet (test/cli/par-sheet-cli.test.ts) computes its own.
//
// SLOW on a cold cache only (75-78 s on a fresh machine, as CI's; 3 s once warm): the analyses missing from
// the cache are computed by the product's worker, once; docs/testing.md, "Where the time goes".
import { afterAll, describe, expect, test } from 'vitest';
import { assembleParSheet } from '../../../src/app/par-sheet/assemble-par-sheet.js';
import type { ParSheetDocument } from '../../../src/app/par-sheet/par-sheet-document.js';
import { parSheetWords } from '../../../src/app/par-sheet/par-sheet-words.js';
import { parSheetMarkdown } from '../../../src/app/par-sheet/render-markdown.js';
import { parSheetHtml } from '../../../src/app/par-sheet/render-html.js';
import { SimulationPool } from '../../../src/app/par/simulation-pool.js';
import { cachedAnalysisSource } from '../../support/exact-analysis-cache.js';
import { knownRuleSets, loadRuleSet } from '../../../src/config/load-rule-set.js';
import type { SheetLang } from '../../../src/app/par-sheet/sheet-numbers.js';

/** Every key path of a catalogue (functions and strings are leaves; `numbers` is the formatter, not words). */
function keyPaths(x: unknown, prefix = ''): string[] {
  if (typeof x !== 'object' || x === null || Array.isArray(x)) return [prefix];
  return Object.entries(x).filter(([k]) => k !== 'numbers').flatMap(([k, v]) => keyPaths(v, prefix ? `${prefix}.${k}` : k)).sort();
}

/** Every string leaf of a catalogue, with its path. */
function strings(x: unknown, prefix = ''): Array<[string, string]> {
  if (typeof x === 'string') return [[prefix, x]];
  if (typeof x !== 'object' || x === null) return [];
  return Object.entries(x).filter(([k]) => k !== 'numbers').flatMap(([k, v]) => strings(v, prefix ? `${prefix}.${k}` : k));
}

const en = parSheetWords('en');
const ru = parSheetWords('ru');

describe('the catalogues', () => {
  test('every English key has a Russian entry, and no more', () => {
    // Rule sets' titles: English keeps each rule file's own; Russian names every rule set this product ships.
    const words = (c: typeof en) => keyPaths(c).filter((k) => !k.startsWith('ruleSetTitles'));
    expect(words(ru)).toEqual(words(en));
    expect(words(en).length).toBeGreaterThan(90);
    expect(Object.keys(ru.ruleSetTitles).sort()).toEqual(knownRuleSets());
  });

  test('every Russian string is translated (only names that are the same in both may match)', () => {
    const same = new Set(['returnColumns.2', 'htmlLang', 'chartLetters.triple']); // RTP, as the deluxe seed writes it; the language tag differs anyway
    const ruStrings = new Map(strings(ru));
    for (const [path, text] of strings(en)) {
      if (same.has(path) || text === '') continue;
      expect(ruStrings.get(path), path).not.toBe(text);
      if (/[A-Za-z]{3}/.test(text) && path !== 'returnColumns.2') expect(ruStrings.get(path), path).toMatch(/[А-Яа-яЁё]/);
    }
  });

  test('the functions speak Russian too, numbers written the Russian way', () => {
    expect(ru.tablePaysMain(0.01746, 'config/rules/classic.yaml')).toBe('этот стол платит игроку +1,746 % в основной игре (RTP 101,746 %): при этих правилах преимущество у игрока, а не у казино; проверьте файл правил config/rules/classic.yaml');
    expect(ru.numbers.int(1234567)).toBe('1\u00a0234\u00a0567');
    expect(ru.numbers.signed(-0.00435)).toBe('−0,435 %');
    expect(en.numbers.signed(-0.00435)).toBe('−0.435 %');
    expect(ru.simulated({ dealt: 3_000_000, seats: 3, seed: 1, seconds: 12.5, rounds: 2_700_021, cutCard: 234, shoeSize: 312 })).toMatch(/^Сдано 3\u00a0000\u00a0000 раундов × 3 места .*: 2\u00a0700\u00a0021 раунд; /);
  });
});

// Each test assembles whole sheets (exact analysis and simulation): switch's took 154 s on a slower two-core
// machine under the parallel group's load (docs/testing.md), so the limit here catches a hang only.
describe('a Russian sheet', { timeout: 600_000 }, () => {
  const pool = new SimulationPool(2);
  afterAll(() => pool.close());
  const sheets = new Map<string, ParSheetDocument>();
  async function sheet(name: string, lang: SheetLang): Promise<ParSheetDocument> {
    const key = `${name}:${lang}`;
    let s = sheets.get(key);
    if (!s) {
      s = await assembleParSheet(loadRuleSet(name), { lang, rounds: 1500, seed: 3, seats: name === 'classic-17plus4' ? 1 : 2, pool, analysis: cachedAnalysisSource, now: () => performance.now(), generated: new Date('2026-01-02T03:04:05Z'), command: 'shoe par-sheet --lang ru' });
      sheets.set(key, s);
    }
    return s;
  }

  /** The sheet's text without what is data, not words: the identification's values, code spans, the rule set's name. */
  function words(text: string, s: ParSheetDocument): string {
    const id = s.identity;
    let t = text.replace(/`[^`]*`/g, ' ');
    for (const v of [id.rules.path, id.rules.sha256, id.command, id.machine.host, id.machine.os, id.machine.cpu, id.machine.node, id.product.name, id.product.commit ?? '', s.rules]) if (v) t = t.split(v).join(' ');
    return t;
  }

  test.each(['classic-17plus4', 'switch', 'deluxe'])('%s: markdown and html hold no English word, and the seed documents\' Russian names', async (name) => {
    const s = await sheet(name, 'ru');
    const md = parSheetMarkdown(s).join('\n');
    const html = parSheetHtml([s]);
    const htmlText = html.replace(/<style>[\s\S]*?<\/style>/, ' ').replace(/<[^>]+>/g, ' ').replace(/&[a-z]+;/g, ' ');
    for (const text of [words(md, s), words(htmlText, s)]) {
      // Latin letters only where the Russian sheet writes them too: RTP (as the deluxe seed), SHA-256, 1e-15, Node.
      const latin = [...text.matchAll(/[A-Za-z][A-Za-z]+/g)].map((m) => m[0]).filter((x) => !['RTP', 'SHA', 'e', 'Node'].includes(x));
      expect(latin, name).toEqual([]);
      // No English sentence or label of the catalogue, whole.
      for (const [path, phrase] of strings(en)) if (phrase.length >= 5 && /[a-z]{3}/.test(phrase)) expect(text.includes(phrase), `${name}: ${path}`).toBe(false);
    }
    expect(html).toContain('<html lang="ru">');
    expect(md).toContain('## Правила');
    expect(md).toContain('**Знак.** Доходность — ожидаемый чистый выигрыш игрока');
    expect(md).toMatch(/\| основная \(вычисленная стратегия\) \| [+−]\d+,\d{3} % \|/);
    expect(md).toContain('### Доходность по глубине карты разреза');
    expect(md).toContain('| Жёсткие |');
  });

  test('the rows the seeds name: Трипл and 17+4\'s cards, Свитч and Суперматч, Пары and the bet behind', async () => {
    const c = parSheetMarkdown(await sheet('classic-17plus4', 'ru')).join('\n');
    expect(c).toContain('| Трипл | В | Д | К | 7 | 8 | 9 | 10 | Т |');
    expect(c).toContain('ВНИМАНИЕ — эта игра платит игроку.');
    expect(c).toMatch(/одномастный блэкджек 2:1/);
    const sw = parSheetMarkdown(await sheet('switch', 'ru')).join('\n');
    expect(sw).toContain('## Побочная ставка «Суперматч»: все комбинации, точно');
    expect(sw).toMatch(/\| каре \| 40:1 \|/);
    expect(sw).toContain('Свитч: вторые карты двух рук бокса можно поменять местами');
    const dx = parSheetMarkdown(await sheet('deluxe', 'ru')).join('\n');
    expect(dx).toContain('# Лист доходности: Блэкджек Делюкс (`deluxe`)');
    expect(dx).toMatch(/\| идеальная пара \| 30:1 \| 0,\d{8} \|/);
    expect(dx).toContain('| за сидячим игроком (следует за удвоениями и разделениями) |');
    expect(dx).toContain('«Сдаться», на 100 рук');
  });

  test('the same sheet in English keeps its English words (the default language)', async () => {
    const s = await sheet('deluxe', 'en');
    const md = parSheetMarkdown(s).join('\n');
    expect(s.lang).toBe('en');
    expect(md).toContain('# Par sheet: Blackjack Deluxe (`deluxe`)');
    expect(md).toMatch(/\| perfect pair \| 30:1 \| 0\.\d{8} \|/);
    expect(md).not.toMatch(/[А-Яа-яЁё]/);
  });
});
