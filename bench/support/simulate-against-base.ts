// The simulation's pace against a stored checkout of the code before (BENCH_BASE: a worktree of main with
// node_modules beside it, e.g. `git worktree add /work/wt/engine-base main`), and against engine-blackjack@0.9.2,
// in one process and interleaved, so a shared machine's load falls on both alike: what bench:simulate and
// bench:engine print as ratios. Plays `shoe simulate`'s own chunks (simulate-table.ts: the production round
// machine, the computed strategy, seeded shoes to the cut card) in this thread, one seat, no insurance.
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import type { RuleSet } from '../../src/rules/rule-set.js';
import type { Strategy } from '../../src/analysis/strategy.js';
import { chunkSeed } from '../../src/app/par/shoe-cut.js';
import { CHUNK_ROUNDS } from '../../src/app/par/simulation-pool.js';
import * as current from '../../src/app/par/simulate-table.js';
import { mulberry32 } from '../../src/random/prng.js';
import { loadEngineBlackjack, playEngineBlackjack } from '../engine-blackjack-baseline.js';

type SimulateChunk = typeof current.simulateChunk;

/** The base checkout's simulateChunk, or null when BENCH_BASE is not set or holds no such module. */
export async function baseSimulateChunk(): Promise<{ simulateChunk: SimulateChunk; dir: string } | null> {
  const dir = process.env['BENCH_BASE'];
  if (!dir) return null;
  const file = join(dir, 'src/app/par/simulate-table.ts');
  if (!existsSync(file)) throw new Error(`BENCH_BASE=${dir}: no ${file}`);
  const mod = (await import(pathToFileURL(file).href)) as { simulateChunk: SimulateChunk };
  return { simulateChunk: mod.simulateChunk, dir };
}

/** CPU seconds of this process so far (every thread: the JIT's and the collector's helpers count too). */
export const cpuSeconds = (): number => {
  const u = process.cpuUsage();
  return (u.user + u.system) / 1e6;
};

/** `rounds` rounds in chunks as `shoe simulate` cuts them; returns seconds (CPU seconds: on a loaded
 *  machine the wall clock also counts the time the thread waited for a core) and a digest of the counts. */
export function playChunks(simulateChunk: SimulateChunk, rules: RuleSet, strategy: Strategy, rounds: number, seed: number): { seconds: number; counts: string } {
  const t = cpuSeconds();
  const parts: string[] = [];
  for (let i = 0, done = 0; done < rounds; i++, done += CHUNK_ROUNDS) {
    const counts = simulateChunk({ rules, strategy, seed: chunkSeed(seed, i), rounds: Math.min(CHUNK_ROUNDS, rounds - done), seats: 1, insure: false });
    if (i < 2) parts.push(JSON.stringify(counts));
  }
  return { seconds: cpuSeconds() - t, counts: parts.join('') };
}

/** Rounds per CPU second, the fastest run of each. */
export interface Paces {
  /** This checkout's simulation. */
  readonly current: number;
  readonly base: number | null;
  /** engine-blackjack's (six decks, hit below 17), when asked and installed. */
  readonly peer: number | null;
  /** The current and the base counted the same rounds alike (the first chunks compared). */
  readonly sameCounts: boolean | null;
}

/** Interleaved runs of the current checkout, the base and (when `peer`) engine-blackjack; the fastest of each. */
export function comparePaces(o: { rules: RuleSet; strategy: Strategy; rounds: number; runs: number; base: SimulateChunk | null; peer: boolean }): Paces {
  const eb = o.peer ? loadEngineBlackjack() : null;
  // Warm-up: every contender compiled before the clock counts.
  playChunks(current.simulateChunk, o.rules, o.strategy, 2 * CHUNK_ROUNDS, 1);
  if (o.base) playChunks(o.base, o.rules, o.strategy, 2 * CHUNK_ROUNDS, 1);
  if (eb) playEngineBlackjack(eb.module, 2 * CHUNK_ROUNDS, mulberry32(1));
  let cur = 0;
  let base = 0;
  let peer = 0;
  let same: boolean | null = null;
  for (let run = 0; run < o.runs; run++) {
    const seed = 100 + run;
    // Turn about (current first, then base first): the one that runs second pays the first's garbage.
    const first = run % 2 === 0 || !o.base ? current.simulateChunk : o.base;
    const a = playChunks(first, o.rules, o.strategy, o.rounds, seed);
    const b = o.base ? playChunks(first === o.base ? current.simulateChunk : o.base, o.rules, o.strategy, o.rounds, seed) : null;
    const [c, baseRun] = first === o.base ? [b as { seconds: number; counts: string }, a] : [a, b];
    cur = Math.max(cur, o.rounds / c.seconds);
    if (baseRun) {
      base = Math.max(base, o.rounds / baseRun.seconds);
      same = (same ?? true) && baseRun.counts === c.counts;
    }
    if (eb) {
      const t = cpuSeconds();
      playEngineBlackjack(eb.module, o.rounds, mulberry32(seed));
      peer = Math.max(peer, o.rounds / (cpuSeconds() - t));
    }
  }
  return { current: cur, base: o.base ? base : null, peer: eb ? peer : null, sameCounts: same };
}
