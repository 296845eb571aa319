// The threads that play a simulation's chunks: this thread and (threads − 1) worker threads, kept for as
// many runs as the caller makes (`par-sheet --all` plays every rule set on the same workers: no start-up,
// module loading or compiling again per run). A run is set up in each worker once (rules, strategy, seats,
// cut cards), then chunks are handed out as threads free up — two in flight per worker, so a worker never
// idles for its next message — and this thread plays one whenever it has nothing to hand out. Counts are
// merged in chunk order as they arrive: the same seed gives the same result for any number of threads.
import type { Worker } from 'node:worker_threads';
import type { TableInput } from '../../round/inputs.js';
import { startWorker } from './run-worker.js';
import { simulateChunkAtCuts, SimulationBug } from './simulate-table.js';
import { chunkSeed } from './shoe-cut.js';
import { emptyCounts, mergeCounts, type SimulationCounts } from './simulation-stats.js';
import type { RunSpec, SimulateTaskReply, SimulateTaskRequest } from './simulate-task-protocol.js';

export const CHUNK_ROUNDS = 500;

/** A worker's live set is its modules, the rules, the strategy and one chunk's tables (old space 12-20 MB
 *  measured, six decks, three seats): a small young generation and an old one capped at under three times
 *  that keep each worker's resident memory near it (V8 otherwise grows the young generation to 16 MB
 *  semi-spaces, and the old one lazily; peaks of `shoe simulate` from the sources varied 175-195 MiB with a
 *  96 MB cap, 172-186 MiB with this one). */
const WORKER_LIMITS = { maxYoungGenerationSizeMb: 4, maxOldGenerationSizeMb: 48 };

/** Chunks a worker holds at once: one it plays, one waiting, so it never idles for the next message. */
const IN_FLIGHT_PER_WORKER = 2;

export class SimulationFailure extends Error {
  constructor(message: string, readonly session: TableInput[], readonly chunk: number) {
    super(message);
  }
}

export interface RunRange {
  /** The run's seed: chunk i is seeded chunkSeed(seed, i). */
  readonly seed: number;
  /** Rounds of the whole run (dealt to the deepest cut card). */
  readonly rounds: number;
  /** The first chunk played here; the chunks before it are already in `into` (a run continued). */
  readonly fromChunk?: number;
  readonly into?: SimulationCounts[];
  readonly onProgress?: (roundsDone: number, total: number) => void;
}

/** Adds chunks' counts in chunk order as they arrive, keeping only those that came ahead of a slower one. */
class OrderedMerge {
  private readonly early = new Map<number, SimulationCounts[]>();
  constructor(readonly total: SimulationCounts[], private next: number) {}
  add(index: number, counts: SimulationCounts[]): void {
    this.early.set(index, counts);
    for (let c = this.early.get(this.next); c !== undefined; c = this.early.get(this.next)) {
      c.forEach((x, i) => mergeCounts(this.total[i] as SimulationCounts, x));
      this.early.delete(this.next++);
    }
  }
}

export interface PoolOptions {
  /** Called when a worker has loaded its task (the CLI holds its young-generation bound again: starting a
   *  worker — and tsx's loader thread in a worker run from the sources — resets V8's flags,
   *  ../../cli/small-young-generation.ts). */
  readonly onWorkerOnline?: () => void;
}

const chunkRounds = (total: number, index: number) => Math.min(CHUNK_ROUNDS, total - index * CHUNK_ROUNDS);
const nextTurn = () => new Promise<void>((resolve) => setImmediate(resolve));

export class SimulationPool {
  private readonly workers: Worker[] = [];
  private runs = 0;
  private busy = false;

  /** `threads` that play, this one included (0 or 1: this thread alone). */
  constructor(readonly threads: number, private readonly options: PoolOptions = {}) {}

  async run(spec: RunSpec, range: RunRange): Promise<SimulationCounts[]> {
    if (this.busy) throw new Error('a simulation pool plays one run at a time');
    this.busy = true;
    try {
      return await this.play(spec, range);
    } finally {
      this.busy = false;
    }
  }

  /** Ends the workers (a pool is closed once; a run after that starts new ones). */
  async close(): Promise<void> {
    const workers = this.workers.splice(0);
    await Promise.all(workers.map((w) => w.terminate()));
  }

  /** Worker `i`, started if it is not yet: then with the promise of its running (or failing to). */
  private worker(i: number): { w: Worker; started?: Promise<void> } {
    const running = this.workers[i];
    if (running !== undefined) return { w: running };
    const w = startWorker(new URL('./simulate-task.ts', import.meta.url), {}, { resourceLimits: WORKER_LIMITS });
    this.workers[i] = w;
    const started = new Promise<void>((resolve) => {
      const ready = (m: SimulateTaskReply) => {
        if (!('ready' in m)) return;
        w.off('message', ready);
        this.options.onWorkerOnline?.();
        resolve();
      };
      w.on('message', ready);
      w.once('error', () => resolve());
      w.once('exit', () => resolve());
    });
    return { w, started };
  }

  private async play(spec: RunSpec, range: RunRange): Promise<SimulationCounts[]> {
    const chunkCount = Math.ceil(range.rounds / CHUNK_ROUNDS);
    const first = range.fromChunk ?? 0;
    const total = range.into ?? spec.penetrations.map(() => emptyCounts());
    const merged = new OrderedMerge(total, first);
    const runId = ++this.runs;
    let next = first;
    let answered = first;
    let done = first * CHUNK_ROUNDS;
    let failure: Error | null = null;
    const progress = (index: number) => {
      answered += 1;
      done += chunkRounds(range.rounds, index);
      range.onProgress?.(Math.min(done, range.rounds), range.rounds);
    };
    const workerCount = Math.max(0, Math.min(this.threads - 1, chunkCount - first));
    let wake: (() => void) | null = null;
    const listeners: Array<{ w: Worker; message: (m: SimulateTaskReply) => void; error: (e: Error) => void; exit: (code: number) => void }> = [];
    const fail = (err: Error) => {
      failure ??= err;
      wake?.();
    };
    const feed = (w: Worker) => {
      if (next < chunkCount && failure === null) {
        const index = next++;
        const request: SimulateTaskRequest = { type: 'chunk', run: runId, index, seed: chunkSeed(range.seed, index), rounds: chunkRounds(range.rounds, index) };
        w.postMessage(request);
      }
    };
    const starting: Promise<void>[] = [];
    for (let i = 0; i < workerCount; i++) {
      const { w, started } = this.worker(i);
      if (started) starting.push(started);
      const listener = {
        w,
        message: (m: SimulateTaskReply) => {
          if ('ready' in m || m.run !== runId) return;
          if ('bug' in m) return fail(new SimulationFailure(m.bug.message, m.bug.session, m.index));
          if ('error' in m) return fail(new Error(`simulation worker failed: ${m.error}`));
          merged.add(m.index, m.counts);
          progress(m.index);
          feed(w);
          wake?.();
        },
        error: (err: Error) => fail(err),
        exit: (code: number) => fail(new Error(`simulation worker exited with code ${code}`)),
      };
      w.on('message', listener.message);
      w.on('error', listener.error);
      w.on('exit', listener.exit);
      listeners.push(listener);
      const setup: SimulateTaskRequest = { type: 'setup', run: runId, spec };
      w.postMessage(setup);
      for (let k = 0; k < IN_FLIGHT_PER_WORKER; k++) feed(w);
    }
    try {
      // This thread plays once its new workers are ready: starting one resets V8's flags, which the caller
      // may want set again before this thread's own allocation grows its heap (onWorkerOnline).
      await Promise.all(starting);
      while (failure === null && answered < chunkCount) {
        if (next < chunkCount) {
          // This thread's turn: a chunk of its own, then the workers' answers that came meanwhile.
          const index = next++;
          try {
            merged.add(index, simulateChunkAtCuts({ ...spec, seed: chunkSeed(range.seed, index), rounds: chunkRounds(range.rounds, index) }, spec.penetrations));
          } catch (err) {
            if (err instanceof SimulationBug) throw new SimulationFailure(err.message, err.session, index);
            throw err;
          }
          progress(index);
          await nextTurn();
        } else {
          await new Promise<void>((resolve) => (wake = resolve));
          wake = null;
        }
      }
      if (failure !== null) throw failure;
    } catch (err) {
      // A failed run leaves no worker half-way through its chunks: they are ended, the next run starts new ones.
      await this.close();
      throw err;
    } finally {
      for (const l of listeners) {
        l.w.off('message', l.message);
        l.w.off('error', l.error);
        l.w.off('exit', l.exit);
      }
    }
    return total;
  }
}
