// A simulation across worker threads. The rounds are cut into fixed chunks, each with its own
// seed derived from the run's seed and the chunk's index; workers take chunks as they free up and the
// counts are merged in chunk order, so the same seed gives the same result for any number of workers.
import type { Worker } from 'node:worker_threads';
import type { RuleSet } from '../../rules/rule-set.js';
import type { TableInput } from '../../round/inputs.js';
import type { Strategy } from '../../analysis/strategy.js';
import { startWorker } from './run-worker.js';
import { simulateChunk, SimulationBug } from './simulate-table.js';
import { chunkSeed } from './shoe-cut.js';
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
  /** Share of the shoe dealt before the cut card (shoe-cut.ts cutPosition; default its own). */
  readonly penetration?: number;
  readonly onProgress?: (roundsDone: number, total: number) => void;
}

export class SimulationFailure extends Error {
  constructor(message: string, readonly session: TableInput[], readonly chunk: number) {
    super(message);
  }
}

/** Chunk `index` of a run: its rounds and its seed (the same for any worker count). */
function chunkAt(o: SimulationOptions, index: number): { index: number; rounds: number; seed: number } {
  return { index, rounds: Math.min(CHUNK_ROUNDS, o.rounds - index * CHUNK_ROUNDS), seed: chunkSeed(o.seed, index) };
}

/**
 * Adds chunks' counts in chunk order as they arrive (the merged sums do not depend on the workers), keeping
 * only those that arrived ahead of a slower one: memory stays flat however many rounds.
 */
class OrderedMerge {
  readonly total = emptyCounts();
  private next = 0;
  private readonly early = new Map<number, SimulationCounts>();
  add(index: number, counts: SimulationCounts): void {
    this.early.set(index, counts);
    for (let c = this.early.get(this.next); c !== undefined; c = this.early.get(this.next)) {
      mergeCounts(this.total, c);
      this.early.delete(this.next++);
    }
  }
}

/** A simulation worker's live set is the rules, the strategy and one chunk's tables (a few MB): a small young
 *  generation keeps each worker's resident memory near that (V8 otherwise grows it to 16 MB semi-spaces,
 *  and the old generation lazily), which is what keeps `shoe simulate` under 200 MB with two workers. */
const WORKER_LIMITS = { maxYoungGenerationSizeMb: 4, maxOldGenerationSizeMb: 96 };

/** Chunks a worker holds at once: one it plays, one waiting, so it never idles for the next message. */
const IN_FLIGHT_PER_WORKER = 2;

export async function runSimulation(o: SimulationOptions): Promise<SimulationCounts> {
  const chunkCount = Math.ceil(o.rounds / CHUNK_ROUNDS);
  const merged = new OrderedMerge();
  let answered = 0;
  let done = 0;
  if (o.workers <= 0) {
    for (let index = 0; index < chunkCount; index++) {
      const job = chunkAt(o, index);
      try {
        merged.add(index, simulateChunk({ rules: o.rules, strategy: o.strategy, seed: job.seed, rounds: job.rounds, seats: o.seats, insure: o.insure, ...(o.penetration === undefined ? {} : { penetration: o.penetration }) }));
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
        if (next < chunkCount) w.postMessage(chunkAt(o, next++));
        else if (answered === chunkCount) stop();
      };
      const count = Math.max(1, Math.min(o.workers, chunkCount));
      for (let i = 0; i < count; i++) {
        const w = startWorker(new URL('./simulate-task.ts', import.meta.url), { rules: o.rules, strategy: o.strategy, seats: o.seats, insure: o.insure, penetration: o.penetration }, { resourceLimits: WORKER_LIMITS });
        workers.push(w);
        w.on('message', (m: { index: number; counts?: SimulationCounts; bug?: { message: string; session: TableInput[] }; error?: string }) => {
          if (m.bug) return stop(new SimulationFailure(m.bug.message, m.bug.session, m.index));
          if (m.error) return stop(new Error(`simulation worker failed: ${m.error}`));
          if (m.counts) merged.add(m.index, m.counts);
          answered += 1;
          done += Math.min(CHUNK_ROUNDS, o.rounds - m.index * CHUNK_ROUNDS);
          o.onProgress?.(done, o.rounds);
          feed(w);
        });
        w.on('error', (err) => stop(err));
        w.on('exit', (code) => {
          if (!finished && code !== 0) stop(new Error(`simulation worker exited with code ${code}`));
        });
        for (let k = 0; k < IN_FLIGHT_PER_WORKER; k++) feed(w);
      }
      if (chunkCount === 0) stop();
    });
  }
  return merged.total;
}
