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

/** Interleaved runs of the current checkout, the base and (when `peer`) engine-blackjack; the fastest of each.
 *  Within a run they take turns chunk by chunk (a chunk of each, the order alternating), each chunk's CPU
 *  time added to its own: a shared machine's load, which moves within seconds, falls on all alike. (Whole runs
 *  in turn, the earlier way, gave identical code 0.73–1.10× of itself at load 10; chunk by chunk, 0.98–1.04×.) */
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
  const chunk = (simulate: SimulateChunk, seed: number, i: number, rounds: number): { seconds: number; counts: string } => {
    const t = cpuSeconds();
    const counts = simulate({ rules: o.rules, strategy: o.strategy, seed: chunkSeed(seed, i), rounds, seats: 1, insure: false });
    return { seconds: cpuSeconds() - t, counts: i < 2 ? JSON.stringify(counts) : '' };
  };
  for (let run = 0; run < o.runs; run++) {
    const seed = 100 + run;
    const random = mulberry32(seed);
    let c = 0;
    let b = 0;
    let p = 0;
    for (let i = 0, done = 0; done < o.rounds; i++, done += CHUNK_ROUNDS) {
      const rounds = Math.min(CHUNK_ROUNDS, o.rounds - done);
      const others = (): { seconds: number; counts: string } | null => {
        const theirs = o.base ? chunk(o.base, seed, i, rounds) : null;
        if (eb) {
          const t = cpuSeconds();
          playEngineBlackjack(eb.module, rounds, random);
          p += cpuSeconds() - t;
        }
        return theirs;
      };
      // Turn about (current first, then the others first): the one that runs second pays the first's garbage.
      let mine: { seconds: number; counts: string };
      let theirs: { seconds: number; counts: string } | null;
      if (i % 2 === 0) {
        mine = chunk(current.simulateChunk, seed, i, rounds);
        theirs = others();
      } else {
        theirs = others();
        mine = chunk(current.simulateChunk, seed, i, rounds);
      }
      c += mine.seconds;
      if (theirs !== null) {
        b += theirs.seconds;
        if (i < 2) same = (same ?? true) && theirs.counts === mine.counts;
      }
    }
    cur = Math.max(cur, o.rounds / c);
    if (o.base) base = Math.max(base, o.rounds / b);
    if (eb) peer = Math.max(peer, o.rounds / p);
  }
  return { current: cur, base: o.base ? base : null, peer: eb ? peer : null, sameCounts: same };
}
