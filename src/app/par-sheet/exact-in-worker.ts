// The exact analysis of a rule set in a worker thread with a bounded heap, once per rule set per process
// (memoised by the rule set and the given strategy): the process that simulates never holds the analysis'
// working set (its dealer and decision caches reach ~35 MB live, several times that in garbage between
// collections), and the simulation workers get the strategy it computed.
import { runWorkerTask } from '../par/run-worker.js';
import type { ExactFigures, MainFigures } from '../../analysis/exact-figures.js';
import type { RuleSet } from '../../rules/rule-set.js';
import type { Strategy } from '../../analysis/strategy.js';

/** Old generation of the analysis worker: the live set stays near 35 MB (six decks); GC runs before more. */
const HEAP_MB = 96;
const done = new Map<string, Promise<MainFigures>>();

/** Everything the par sheet states exactly (analysis/exact-figures.ts). */
export function exactInWorker(rules: RuleSet, strategy?: Strategy): Promise<ExactFigures> {
  return memoised('sheet', rules, strategy) as Promise<ExactFigures>;
}

/** The strategy and its return only (`shoe simulate`, a table's edge check): quicker, switch by the chart's values. */
export function mainInWorker(rules: RuleSet, strategy?: Strategy): Promise<MainFigures> {
  return memoised('main', rules, strategy);
}

function memoised(level: 'main' | 'sheet', rules: RuleSet, strategy?: Strategy): Promise<MainFigures> {
  const key = JSON.stringify([level, rules, strategy ?? null]);
  let result = done.get(key);
  if (!result) {
    result = run(level, rules, strategy);
    done.set(key, result);
    result.catch(() => done.delete(key));
  }
  return result;
}

function run(level: 'main' | 'sheet', rules: RuleSet, strategy?: Strategy): Promise<MainFigures> {
  return runWorkerTask<MainFigures>(new URL('./exact-task.ts', import.meta.url), strategy ? { rules, strategy, level } : { rules, level }, false, {
    resourceLimits: { maxOldGenerationSizeMb: HEAP_MB, maxYoungGenerationSizeMb: 8 },
  });
}
