// The demo bot's strategy for whichever rule set the table runs: computed once at start in a worker thread
// (a few seconds of arithmetic must not stall the table), cached, and played as soon as it is ready.
import type { RuleSet } from '../../rules/rule-set.js';
import type { Strategy } from '../../analysis/strategy.js';
import { runWorkerTask } from './run-worker.js';
import { StrategyPlayer } from '../players/strategy-player.js';

const cache = new Map<string, Promise<Strategy>>();

export interface BackgroundStrategy {
  /** The player once the strategy is computed; undefined until then. */
  current(): StrategyPlayer | undefined;
  readonly ready: Promise<StrategyPlayer | undefined>;
}

export function strategyInBackground(rules: RuleSet, onError: (err: unknown) => void = () => undefined): BackgroundStrategy {
  const key = JSON.stringify(rules);
  let computing = cache.get(key);
  if (!computing) {
    computing = runWorkerTask<Strategy>(new URL('./strategy-task.ts', import.meta.url), { rules }, true);
    cache.set(key, computing);
  }
  let player: StrategyPlayer | undefined;
  const ready = computing.then(
    (strategy) => (player = new StrategyPlayer(strategy, rules)),
    (err: unknown) => {
      cache.delete(key);
      onError(err);
      return undefined;
    },
  );
  return { current: () => player, ready };
}
