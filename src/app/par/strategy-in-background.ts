// The demo bot's strategy for whichever rule set the table runs: computed once at start in a worker thread
// (a few seconds of arithmetic must not stall the table), shared with the table's edge check (the same
// analysis: par-sheet/exact-in-worker.ts), and played as soon as it is ready. The table lets go of it when
// it stops: a worker still computing then ends.
import type { RuleSet } from '../../rules/rule-set.js';
import { analysisInWorker } from '../par-sheet/exact-in-worker.js';
import type { ExactAnalysisSource } from '../par-sheet/exact-analysis-source.js';
import { TaskStopped } from './run-worker.js';
import { StrategyPlayer } from '../players/strategy-player.js';

export interface BackgroundStrategy {
  /** The player once the strategy is computed; undefined until then. */
  current(): StrategyPlayer | undefined;
  readonly ready: Promise<StrategyPlayer | undefined>;
  /** The table no longer needs it (it stops). */
  release(): void;
}

/** `source`: where the analysis comes from (default: computed in a worker, shared with the edge check). */
export function strategyInBackground(rules: RuleSet, onError: (err: unknown) => void = () => undefined, source: ExactAnalysisSource = analysisInWorker): BackgroundStrategy {
  const analysis = source.holdMain(rules);
  let player: StrategyPlayer | undefined;
  const ready = analysis.result.then(
    ({ strategy }) => (player = new StrategyPlayer(strategy, rules)),
    (err: unknown) => {
      if (!(err instanceof TaskStopped)) onError(err);
      return undefined;
    },
  );
  return { current: () => player, ready, release: () => analysis.release() };
}
