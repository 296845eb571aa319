// The exact analysis of a rule set in a worker thread with a bounded heap, once per rule set per process
// (memoised by the rule set and the given strategy): the process that simulates never holds the analysis'
// working set (its dealer and decision caches reach ~35 MB live, several times that in garbage between
// collections), and the simulation workers get the strategy it computed. A table holds the analysis while
// it needs it (its demo bot's strategy, its edge check) and lets go when it stops: the worker ends when
// nobody holds it any more, and never keeps the process alive for a table alone.
import { workerTask, type WorkerTask } from '../par/run-worker.js';
import type { ExactFigures, MainFigures } from '../../analysis/exact-figures.js';
import type { RuleSet } from '../../rules/rule-set.js';
import type { Strategy } from '../../analysis/strategy.js';
import type { SideBetReturn } from './side-bets.js';
import type { ExactAnalysisSource } from './exact-analysis-source.js';

/** Old generation of the analysis worker: the live set stays near 35 MB (six decks); GC runs before more. */
const HEAP_MB = 96;

/** The strategy, its return and the side bets' returns: what `shoe simulate` and a table's edge check need. */
export type MainAnalysis = MainFigures & { readonly sideBets: readonly SideBetReturn[] };

type Level = 'main' | 'sheet';

interface Shared {
  readonly result: Promise<MainAnalysis | ExactFigures>;
  readonly task: WorkerTask<MainAnalysis | ExactFigures>;
  /** Holders that wait in the foreground (the CLI: the process must live until the answer). */
  foreground: number;
  background: number;
  settled: boolean;
}

const shared = new Map<string, Shared>();

/** A hold on an analysis: its result, and a release (the worker stops once no holder is left). */
export interface AnalysisHold<T> {
  readonly result: Promise<T>;
  release(): void;
}

/** Everything the par sheet states exactly (analysis/exact-figures.ts). */
export function exactInWorker(rules: RuleSet, strategy?: Strategy): Promise<ExactFigures> {
  return hold('sheet', rules, strategy, true).result as Promise<ExactFigures>;
}

/** A hold on a rule set's par-sheet figures (the computed strategy's), waited for in the foreground: released
 *  before it answers, its worker stops (analyses-ahead.ts: one started ahead and no longer needed). */
export function holdSheetAnalysis(rules: RuleSet): AnalysisHold<ExactFigures> {
  return hold('sheet', rules, undefined, true) as AnalysisHold<ExactFigures>;
}

/** The strategy and its return (`shoe simulate`): quicker, switch by the chart's values. */
export function mainInWorker(rules: RuleSet, strategy?: Strategy): Promise<MainAnalysis> {
  return hold('main', rules, strategy, true).result as Promise<MainAnalysis>;
}

/** A table's hold on its rule set's main analysis: shared by its demo bot and its edge check, in the
 *  background (the worker never keeps the process alive), released when the table stops. */
export function holdMainAnalysis(rules: RuleSet): AnalysisHold<MainAnalysis> {
  return hold('main', rules, undefined, false) as AnalysisHold<MainAnalysis>;
}

/** The analysis as the product computes it: in a worker, once per rule set per process (./exact-analysis-source.ts). */
export const analysisInWorker: ExactAnalysisSource = { sheet: exactInWorker, holdMain: holdMainAnalysis };

function hold(level: Level, rules: RuleSet, strategy: Strategy | undefined, foreground: boolean): AnalysisHold<MainAnalysis | ExactFigures> {
  const key = JSON.stringify([level, rules, strategy ?? null]);
  let entry = shared.get(key);
  if (!entry) {
    const task = workerTask<MainAnalysis | ExactFigures>(new URL('./exact-task.ts', import.meta.url), strategy ? { rules, strategy, level } : { rules, level }, {
      resourceLimits: { maxOldGenerationSizeMb: HEAP_MB, maxYoungGenerationSizeMb: 8 },
    });
    const created: Shared = { result: task.result, task, foreground: 0, background: 0, settled: false };
    entry = created;
    shared.set(key, created);
    task.result.then(
      () => (created.settled = true),
      () => {
        created.settled = true;
        if (shared.get(key) === created) shared.delete(key);
      },
    );
  }
  const e = entry;
  if (foreground) e.foreground += 1;
  else e.background += 1;
  e.task.keepAlive(e.foreground > 0);
  let released = false;
  return {
    result: e.result,
    release() {
      if (released) return;
      released = true;
      if (foreground) e.foreground -= 1;
      else e.background -= 1;
      if (e.settled) return;
      if (e.foreground + e.background === 0) {
        if (shared.get(key) === e) shared.delete(key);
        e.task.stop();
      } else e.task.keepAlive(e.foreground > 0);
    },
  };
}
