// A simulation across worker threads (issue 13). The rounds are cut into fixed chunks, each with its own
// seed derived from the run's seed and the chunk's index; workers take chunks as they free up and the
// counts are merged in chunk order, so the same seed gives the same result for any number of workers.
import type { Worker } from 'node:worker_threads';
import type { RuleSet } from '../../rules/rule-set.js';
import type { TableInput } from '../../round/inputs.js';
import type { Strategy } from '../../analysis/strategy.js';
import { startWorker } from './run-worker.js';
import { chunkSeed, simulateChunk, SimulationBug } from './simulate-table.js';
import { emptyCounts, mergeCounts, type SimulationCounts } from './simulation-stats.js';

export const CHUNK_ROUNDS = 500;

export interface SimulationOptions {
  readonly rules: RuleSet;
  readonly strategy: Strategy;
  readonly rounds: number;
  readonly seats: number;
  readonly seed: number;
  /** 0 plays in this thread (tests, tiny runs). */
  readonly workers: number;
  readonly insure: boolean;
  readonly onProgress?: (roundsDone: number, total: number) => void;
}

export class SimulationFailure extends Error {
  constructor(message: string, readonly session: TableInput[], readonly chunk: number) {
    super(message);
  }
}

function chunks(rounds: number): Array<{ index: number; rounds: number }> {
  const out: Array<{ index: number; rounds: number }> = [];
  for (let index = 0, left = rounds; left > 0; index++, left -= CHUNK_ROUNDS) out.push({ index, rounds: Math.min(CHUNK_ROUNDS, left) });
  return out;
}

export async function runSimulation(o: SimulationOptions): Promise<SimulationCounts> {
  const jobs = chunks(o.rounds).map((c) => ({ ...c, seed: chunkSeed(o.seed, c.index) }));
  const results: (SimulationCounts | undefined)[] = Array.from({ length: jobs.length }, () => undefined);
  let answered = 0;
  let done = 0;
  if (o.workers <= 0) {
    for (const job of jobs) {
      try {
        results[job.index] = simulateChunk({ rules: o.rules, strategy: o.strategy, seed: job.seed, rounds: job.rounds, seats: o.seats, insure: o.insure });
      } catch (err) {
        if (err instanceof SimulationBug) throw new SimulationFailure(err.message, err.session, job.index);
        throw err;
      }
      done += job.rounds;
      o.onProgress?.(done, o.rounds);
    }
  } else {
    await new Promise<void>((resolve, reject) => {
      const workers: Worker[] = [];
      let next = 0;
      let finished = false;
      const stop = (err?: Error) => {
        if (finished) return;
        finished = true;
        for (const w of workers) void w.terminate();
        if (err) reject(err);
        else resolve();
      };
      const feed = (w: Worker) => {
        const job = jobs[next++];
        if (job) w.postMessage(job);
        else if (answered === jobs.length) stop();
      };
      const count = Math.max(1, Math.min(o.workers, jobs.length));
      for (let i = 0; i < count; i++) {
        const w = startWorker(new URL('./simulate-task.ts', import.meta.url), { rules: o.rules, strategy: o.strategy, seats: o.seats, insure: o.insure });
        workers.push(w);
        w.on('message', (m: { index: number; counts?: SimulationCounts; bug?: { message: string; session: TableInput[] }; error?: string }) => {
          if (m.bug) return stop(new SimulationFailure(m.bug.message, m.bug.session, m.index));
          if (m.error) return stop(new Error(`simulation worker failed: ${m.error}`));
          results[m.index] = m.counts;
          answered += 1;
          done += jobs[m.index]?.rounds ?? 0;
          o.onProgress?.(done, o.rounds);
          feed(w);
        });
        w.on('error', (err) => stop(err));
        w.on('exit', (code) => {
          if (!finished && code !== 0) stop(new Error(`simulation worker exited with code ${code}`));
        });
        feed(w);
      }
      if (jobs.length === 0) stop();
    });
  }
  const total = emptyCounts();
  for (const r of results) if (r) mergeCounts(total, r);
  return total;
}
