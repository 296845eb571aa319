// The exact analyses of several par sheets (`par-sheet --all`), each started before its sheet asks for it:
// one after another, in a worker each (exact-in-worker.ts), from the moment the run begins. While one rule
// set's simulation plays on the pool, the next one's analysis runs beside it instead of after it, when the
// pool's threads would wait for it — on two cores, the analyses cost half their time or less. One at a time
// once the simulations run (each analysis worker holds up to ~100 MB, a simulation's threads ~200 MB), but
// two at the start: until the first sheet has its analysis the pool has nothing to play, and the second
// core would idle through it (basic's, the first, is 8 s). A sheet only waits for its own. The figures are
// the same (the analysis is pure and deterministic); only when they are computed changes.
import type { ExactFigures } from '../../analysis/exact-figures.js';
import type { Strategy } from '../../analysis/strategy.js';
import type { RuleSet } from '../../rules/rule-set.js';
import type { ExactAnalysisSource } from './exact-analysis-source.js';
import { analysisInWorker, holdSheetAnalysis, type AnalysisHold } from './exact-in-worker.js';

/** A source of analyses that has the listed rule sets' under way; stop() lets go of those not yet asked for. */
export interface AnalysesAhead extends ExactAnalysisSource {
  /** Ends the analyses still running (the run stopped early): none keeps the process alive. */
  stop(): void;
}

/**
 * `list`: the rule sets in the order their sheets will ask. `hold` starts one rule set's analysis (default: in
 * a worker); a sheet of a rule set not in the list, or with a strategy of its own, asks `fallback`.
 */
export function analysesAhead(
  list: readonly RuleSet[],
  hold: (rules: RuleSet) => AnalysisHold<ExactFigures> = holdSheetAnalysis,
  fallback: ExactAnalysisSource = analysisInWorker,
): AnalysesAhead {
  const keys = list.map((r) => JSON.stringify(r));
  const holds: (AnalysisHold<ExactFigures> | undefined)[] = [];
  let stopped = false;
  const start = (i: number): AnalysisHold<ExactFigures> => {
    let h = holds[i];
    if (h === undefined) {
      h = hold(list[i] as RuleSet);
      holds[i] = h;
      // The next one starts when this one has answered (or failed: its sheet reports that).
      const next = () => {
        if (!stopped && i + 1 < list.length) start(i + 1);
      };
      h.result.then(next, next);
    }
    return h;
  };
  // Two at the start (the pool idles until the first answers); from then on, the next when one answers.
  for (let i = 0; i < Math.min(2, list.length); i++) start(i);
  return {
    sheet(rules: RuleSet, strategy?: Strategy): Promise<ExactFigures> {
      const i = strategy === undefined ? keys.indexOf(JSON.stringify(rules)) : -1;
      return i < 0 ? fallback.sheet(rules, strategy) : start(i).result;
    },
    holdMain: (rules) => fallback.holdMain(rules),
    stop() {
      stopped = true;
      for (const h of holds) h?.release();
    },
  };
}
