// A simulation across threads (simulation-pool.ts). The rounds are cut into fixed chunks, each with its own
// seed derived from the run's seed and the chunk's index; threads take chunks as they free up and the
// counts are merged in chunk order, so the same seed gives the same result for any number of threads.
import type { RuleSet } from '../../rules/rule-set.js';
import type { Strategy } from '../../analysis/strategy.js';
import { SimulationPool, type PoolOptions } from './simulation-pool.js';
import type { SimulationCounts } from './simulation-stats.js';

export { CHUNK_ROUNDS, SimulationFailure, SimulationPool } from './simulation-pool.js';

export interface SimulationOptions extends PoolOptions {
  readonly rules: RuleSet;
  readonly strategy: Strategy;
  readonly rounds: number;
  readonly seats: number;
  readonly seed: number;
  /** Threads that play, this one included (0 or 1: this thread alone; tests, tiny runs). */
  readonly workers: number;
  readonly insure: boolean;
  /** Share of the shoe dealt before the cut card (shoe-cut.ts cutPosition; default its own). */
  readonly penetration?: number;
  readonly onProgress?: (roundsDone: number, total: number) => void;
}

export async function runSimulation(o: SimulationOptions): Promise<SimulationCounts> {
  const pool = new SimulationPool(o.workers, o.onWorkerOnline ? { onWorkerOnline: o.onWorkerOnline } : {});
  try {
    const [counts] = await pool.run(
      { rules: o.rules, strategy: o.strategy, seats: o.seats, insure: o.insure, penetrations: [o.penetration] },
      { seed: o.seed, rounds: o.rounds, ...(o.onProgress ? { onProgress: o.onProgress } : {}) },
    );
    return counts as SimulationCounts;
  } finally {
    await pool.close();
  }
}
