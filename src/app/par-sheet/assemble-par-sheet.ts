// One rule set's par sheet, assembled: the exact analysis once (in a worker, exact-in-worker.ts, unless the
// caller gives its source: exact-analysis-source.ts), the side
// bets' enumeration, one simulation pass with the strategy the analysis computed (on the caller's pool of
// threads, kept across rule sets), then the identification (gathered last, so it carries the run time).
// Every word is the catalogue's of the sheet's language. The clock, the date and the command line are inputs.
import type { LoadedRuleSet } from '../../config/load-rule-set.js';
import { deckModel, valueLabel } from '../../analysis/deck-model.js';
import { chartSections, columnOrder, type ChartSection } from '../../analysis/strategy-chart.js';
import { splitExactness } from '../../analysis/split-exactness.js';
import type { Strategy } from '../../analysis/strategy.js';
import type { RuleSet } from '../../rules/rule-set.js';
import type { SimulationPool } from '../par/simulation-pool.js';
import { analysisInWorker } from './exact-in-worker.js';
import type { ExactAnalysisSource } from './exact-analysis-source.js';
import { gatherIdentity } from './identity.js';
import { parSheetDocument, type ParSheetDocument } from './par-sheet-document.js';
import { parSheetWords, type ParSheetWords } from './par-sheet-words.js';
import type { ChartLetter } from './par-sheet-words-type.js';
import type { SheetLang } from './sheet-numbers.js';
import { sheetSimulations } from './sheet-simulation.js';
import { sideBetsOf } from './side-bets.js';

/** A hand's initial bet in the simulations (simulate-table.ts), minor units. */
const SIMULATED_UNIT = 1000;

export interface AssembleOptions {
  readonly lang: SheetLang;
  /** Rounds dealt; undefined: sized for ±0.1 % on the main return. */
  readonly rounds?: number;
  readonly seed: number;
  readonly seats: number;
  readonly pool: SimulationPool;
  readonly strategy?: { readonly strategy: Strategy; readonly path: string };
  /** Where the exact analysis comes from; default: computed in a worker (exact-in-worker.ts). */
  readonly analysis?: ExactAnalysisSource;
  readonly onProgress?: (label: string, done: number, total: number) => void;
  readonly now: () => number;
  readonly generated: Date;
  readonly command: string;
}

const LETTER: Record<string, ChartLetter> = { H: 'hit', S: 'stand', D: 'double', P: 'split', R: 'surrender', T: 'triple' };

/** A chart cell's code (H, S, Dh, …: analysis/strategy-chart.ts) in the language's letters. */
export function cellInWords(code: string, w: ParSheetWords): string {
  return [...code].map((c) => {
    const upper = LETTER[c];
    if (upper) return w.chartLetters[upper];
    const lower = LETTER[c.toUpperCase()];
    return lower ? w.chartLetters[lower].toLowerCase() : c;
  }).join('');
}

/** A card label (A, T, J, Q, K, or a number), and labels joined by commas (A,7 or T,T), in the language's letters. */
function cardsInWords(label: string, w: ParSheetWords): string {
  return label.split(',').map((c) => w.cardLabels[c as keyof ParSheetWords['cardLabels']] ?? c).join(',');
}

export function chartOf(strategy: Strategy, rules: RuleSet, w: ParSheetWords): { chart: string[]; chartSections: ChartSection[]; chartColumns: string[] } {
  const deck = deckModel(rules);
  const chartColumns = columnOrder(strategy).map((u) => cardsInWords(valueLabel(deck, u), w));
  const sections = chartSections(strategy, rules, deck, { ...w.chartSections, softTotal: w.softTotal, hardTotal: w.hardTotal }).map((s) => ({
    title: s.title,
    rows: s.rows.map((row) => ({ label: cardsInWords(row.label, w), cells: row.cells.map((c) => cellInWords(c, w)) })),
  }));
  const chart: string[] = [];
  for (const s of sections) {
    chart.push(`| ${s.title} | ${chartColumns.join(' | ')} |`, `|---|${chartColumns.map(() => '---').join('|')}|`);
    for (const row of s.rows) chart.push(`| ${row.label} | ${row.cells.join(' | ')} |`);
    chart.push('');
  }
  return { chart, chartSections: sections, chartColumns };
}

export async function assembleParSheet(loaded: LoadedRuleSet, o: AssembleOptions): Promise<ParSheetDocument> {
  const started = o.now();
  const { rules } = loaded;
  const words = parSheetWords(o.lang);
  const exact = await (o.analysis ?? analysisInWorker).sheet(rules, o.strategy?.strategy);
  const sideBets = sideBetsOf(rules);
  const simulations = await sheetSimulations(rules, exact.strategy, {
    ...(o.rounds === undefined ? {} : { rounds: o.rounds }),
    seats: o.seats, seed: o.seed, pool: o.pool, now: o.now, ...(o.onProgress ? { onProgress: o.onProgress } : {}),
  });
  const identity = gatherIdentity({
    rules: { name: rules.name, path: loaded.path, sha256: loaded.rulesId },
    ...(o.strategy ? { strategyFile: o.strategy.path } : {}),
    generated: o.generated, runSeconds: (o.now() - started) / 1000, command: o.command,
  });
  return parSheetDocument({
    lang: o.lang, words, identity,
    options: { rounds: o.rounds ?? null, seed: o.seed, seats: o.seats },
    name: rules.name, title: words.ruleSetTitles[rules.name] ?? rules.title, ruleSentences: words.ruleSentences(rules), exact,
    exactness: splitExactness(rules, exact), sideBets, simulations, workers: o.pool.threads, unit: SIMULATED_UNIT, ...chartOf(exact.strategy, rules, words),
  });
}
