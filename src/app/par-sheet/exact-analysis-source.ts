// Where the par sheets and a table get a rule set's exact analysis (analysis/exact-figures.ts): by default
// computed in a worker thread with a heap of its own (exact-in-worker.ts, `analysisInWorker`); a caller that
// keeps analyses computed before — the tests' cache of them (docs/testing.md, "Where the time goes") — gives
// its own. The analysis is pure and deterministic: a source changes how long it takes, never a figure.
import type { ExactFigures } from '../../analysis/exact-figures.js';
import type { Strategy } from '../../analysis/strategy.js';
import type { RuleSet } from '../../rules/rule-set.js';
import type { AnalysisHold, MainAnalysis } from './exact-in-worker.js';

export interface ExactAnalysisSource {
  /** Everything a par sheet states exactly, for the strategy given or else the one computed. */
  sheet(rules: RuleSet, strategy?: Strategy): Promise<ExactFigures>;
  /**
   * A table's hold on the strategy, its return and the side bets' returns (its demo bot's strategy, its edge
   * check): released when the table stops, and then no longer computed for it.
   */
  holdMain(rules: RuleSet): AnalysisHold<MainAnalysis>;
}
