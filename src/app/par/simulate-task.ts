// Worker task: plays the chunks it is sent (simulate-table.ts) and answers each with its counts, or the
// session of the bug that stopped it.
import { parentPort, workerData } from 'node:worker_threads';
import type { RuleSet } from '../../rules/rule-set.js';
import type { Strategy } from '../../analysis/strategy.js';
import { simulateChunk, SimulationBug } from './simulate-table.js';

const { rules, strategy, seats, insure, penetration } = workerData as { rules: RuleSet; strategy: Strategy; seats: number; insure: boolean; penetration?: number };

parentPort?.on('message', (job: { index: number; seed: number; rounds: number }) => {
  try {
    const counts = simulateChunk({ rules, strategy, seed: job.seed, rounds: job.rounds, seats, insure, ...(penetration === undefined ? {} : { penetration }) });
    parentPort?.postMessage({ index: job.index, counts });
  } catch (err) {
    if (err instanceof SimulationBug) parentPort?.postMessage({ index: job.index, bug: { message: err.message, session: err.session } });
    else parentPort?.postMessage({ index: job.index, error: String((err as Error).stack ?? err) });
  }
});
