// One rule set's par sheet, assembled: the exact analysis once (in a worker, exact-in-worker.ts), the side
// bets' enumeration, the simulations with the strategy the analysis computed, then the identification
// (gathered last, so it carries the run time). The clock, the date and the command line are inputs.
import type { LoadedRuleSet } from '../../config/load-rule-set.js';
import { deckModel, valueLabel } from '../../analysis/deck-model.js';
import { rulesInWords } from '../../analysis/rules-in-words.js';
import { chartSections, columnOrder } from '../../analysis/strategy-chart.js';
import { splitExactness } from '../../analysis/split-exactness.js';
import type { Strategy } from '../../analysis/strategy.js';
import type { RuleSet } from '../../rules/rule-set.js';
import { exactInWorker } from './exact-in-worker.js';
import { gatherIdentity } from './identity.js';
import { parSheetDocument, type ParSheetDocument } from './par-sheet-document.js';
import { sheetSimulations } from './sheet-simulation.js';
import { sideBetsOf } from './side-bets.js';

/** A hand's initial bet in the simulations (simulate-table.ts), minor units. */
const SIMULATED_UNIT = 1000;

export interface AssembleOptions {
  readonly rounds?: number;
  readonly penetrationRounds?: number;
  readonly seed: number;
  readonly seats: number;
  readonly workers: number;
  readonly strategy?: { readonly strategy: Strategy; readonly path: string };
  readonly onProgress?: (label: string, done: number, total: number) => void;
  readonly now: () => number;
  readonly generated: Date;
  readonly command: string;
}

export function chartOf(strategy: Strategy, rules: RuleSet): { chart: string[]; chartSections: ReturnType<typeof chartSections>; chartColumns: string[] } {
  const deck = deckModel(rules);
  const chartColumns = columnOrder(strategy).map((u) => valueLabel(deck, u));
  const sections = chartSections(strategy, rules, deck);
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
  const exact = await exactInWorker(rules, o.strategy?.strategy);
  const sideBets = sideBetsOf(rules);
  const simulations = await sheetSimulations(rules, exact.strategy, {
    ...(o.rounds === undefined ? {} : { rounds: o.rounds }),
    ...(o.penetrationRounds === undefined ? {} : { penetrationRounds: o.penetrationRounds }),
    seats: o.seats, seed: o.seed, workers: o.workers, now: o.now, ...(o.onProgress ? { onProgress: o.onProgress } : {}),
  });
  const identity = gatherIdentity({
    rules: { name: rules.name, path: loaded.path, sha256: loaded.rulesId },
    ...(o.strategy ? { strategyFile: o.strategy.path } : {}),
    generated: o.generated, runSeconds: (o.now() - started) / 1000, command: o.command,
  });
  return parSheetDocument({
    identity,
    options: { rounds: o.rounds ?? null, penetrationRounds: o.penetrationRounds ?? null, seed: o.seed, seats: o.seats },
    name: rules.name, title: rules.title, words: rulesInWords(rules), exact, exactness: splitExactness(rules, exact),
    sideBets, simulations, workers: o.workers, unit: SIMULATED_UNIT, ...chartOf(exact.strategy, rules),
  });
}
