// The exact analysis of a rule set for the tests that need its figures, computed once and kept in a file
// (docs/testing.md, "Where the time goes"): the analysis is pure and deterministic, seconds to a minute of CPU
// per rule set, and several files ask for the same rule sets. Three kinds are kept: analyseGame's (the chart
// and its return: src/analysis/main-return.ts), and the two the product computes in its worker
// (src/app/par-sheet/exact-task.ts): a par sheet's exact figures and a table's main analysis, given to the
// product through its source of analyses (`cachedAnalysisSource`, src/app/par-sheet/exact-analysis-source.ts).
// The file's name is a digest of the kind, the rule set (and strategy, when one is given) and of every source
// the analysis reads (src/analysis/, src/rules/, the worker's task: the layer lint keeps it to those), so a
// change to either computes it afresh — the tests always hold the analysis as it is — and a file another
// checkout wrote is used only when it is the same. Files that ask for the same analysis at once: the first
// computes it, the others wait for it.
import { createHash } from 'node:crypto';
import { closeSync, existsSync, mkdirSync, openSync, readdirSync, readFileSync, renameSync, rmSync, statSync, writeFileSync, writeSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { setTimeout as wait } from 'node:timers/promises';
import { isDeepStrictEqual } from 'node:util';
import { analyseGame, type GameAnalysis } from '../../src/analysis/main-return.js';
import type { ExactFigures } from '../../src/analysis/exact-figures.js';
import type { Strategy } from '../../src/analysis/strategy.js';
import type { RuleSet } from '../../src/rules/rule-set.js';
import type { ExactAnalysisSource } from '../../src/app/par-sheet/exact-analysis-source.js';
import { analysisInWorker, type MainAnalysis } from '../../src/app/par-sheet/exact-in-worker.js';
import { ROOT } from './run-cli.js';

/** Where the analyses are kept: one JSON file per digest. */
export const ANALYSIS_CACHE_DIR = join(tmpdir(), 'blackjack-exact-analysis');
const INPUTS = ['src/analysis', 'src/rules', 'src/app/par-sheet/exact-task.ts', 'src/app/par-sheet/side-bets.ts', 'test/support/exact-analysis-cache.ts'];
/** Longer than any one analysis takes on the slower machine under load: a lock older than this was abandoned. */
const LOCK_STALE_MS = 10 * 60_000;

let sourcesDigest: string | undefined;

/** A digest of every file the analysis is computed by. */
function digestOfSources(): string {
  if (sourcesDigest !== undefined) return sourcesDigest;
  const hash = createHash('sha256');
  const add = (path: string): void => {
    const full = join(ROOT, path);
    if (statSync(full).isDirectory()) for (const name of readdirSync(full).sort()) add(join(path, name));
    else hash.update(`${path}\0`).update(readFileSync(full)).update('\0');
  };
  for (const input of INPUTS) add(input);
  return (sourcesDigest = hash.digest('hex'));
}

const sleep = (ms: number): void => void Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, ms);

/** The file's analysis, or undefined when it is not there (yet). */
function read<T>(file: string): T | undefined {
  return existsSync(file) ? (JSON.parse(readFileSync(file, 'utf8')) as T) : undefined;
}

/** The cache file of one analysis. */
function fileOf(kind: string, rules: RuleSet, strategy?: Strategy): string {
  const key = createHash('sha256').update(digestOfSources()).update(kind).update(JSON.stringify(rules)).update(JSON.stringify(strategy ?? null)).digest('hex').slice(0, 32);
  mkdirSync(ANALYSIS_CACHE_DIR, { recursive: true });
  return join(ANALYSIS_CACHE_DIR, `${kind}-${rules.name.replace(/[^A-Za-z0-9-]/g, '_')}-${key}.json`);
}

/** Kept only when JSON gives back exactly what was computed (no NaN, infinity or undefined to lose). */
function keep(file: string, analysis: unknown): void {
  const text = JSON.stringify(analysis);
  if (!isDeepStrictEqual(JSON.parse(text), analysis)) return;
  writeFileSync(`${file}.${process.pid}`, text);
  renameSync(`${file}.${process.pid}`, file);
}

/** The lock of a file being computed, taken; or, when another holds it, false (a lock abandoned is removed). */
function takeLock(lock: string): number | false {
  try {
    const fd = openSync(lock, 'wx');
    writeSync(fd, String(process.pid));
    return fd;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
    const held = statSync(lock, { throwIfNoEntry: false });
    if (held !== undefined && (Date.now() - held.mtimeMs > LOCK_STALE_MS || holderGone(lock))) rmSync(lock, { force: true });
    return false;
  }
}

/**
 * Whether the process that wrote the lock has ended: a test file's worker (a fork) that ends while its
 * analysis is still computing leaves its lock behind, and every file after it would wait LOCK_STALE_MS.
 */
export function holderGone(lock: string): boolean {
  let pid: number;
  try {
    pid = Number(readFileSync(lock, 'utf8'));
  } catch {
    return false;
  }
  if (!Number.isInteger(pid) || pid <= 0) return false; // being written: its pid follows at once
  try {
    process.kill(pid, 0);
    return false;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'ESRCH';
  }
}

function releaseLock(lock: string, fd: number): void {
  closeSync(fd);
  rmSync(lock, { force: true });
}

/** analyseGame(rules), from the cache when this analysis of this rule set was computed before. */
export function cachedAnalysis(rules: RuleSet): GameAnalysis {
  const file = fileOf('game', rules);
  const lock = `${file}.lock`;
  for (;;) {
    const kept = read<GameAnalysis>(file);
    if (kept !== undefined) return kept;
    const fd = takeLock(lock);
    if (fd === false) {
      sleep(200); // another test file is computing it
      continue;
    }
    try {
      const analysis = analyseGame(rules);
      keep(file, analysis);
      return analysis;
    } finally {
      releaseLock(lock, fd);
    }
  }
}

/** One analysis the product's worker computes, from the cache, else computed by it (once across test files). */
async function cachedInWorker<T>(kind: string, rules: RuleSet, strategy: Strategy | undefined, compute: () => Promise<T>): Promise<T> {
  const file = fileOf(kind, rules, strategy);
  const lock = `${file}.lock`;
  for (;;) {
    const kept = read<T>(file);
    if (kept !== undefined) return kept;
    const fd = takeLock(lock);
    if (fd === false) {
      await wait(200);
      continue;
    }
    try {
      const analysis = await compute();
      keep(file, analysis);
      return analysis;
    } finally {
      releaseLock(lock, fd);
    }
  }
}

/**
 * The product's analyses as the tests get them: the same figures its worker computes (the worker computes
 * them on a miss), kept across runs. A table's hold is released at once: nothing is computing for it.
 */
export const cachedAnalysisSource: ExactAnalysisSource = {
  sheet: (rules, strategy) => cachedInWorker<ExactFigures>('sheet', rules, strategy, () => analysisInWorker.sheet(rules, strategy)),
  holdMain: (rules) => ({
    result: cachedInWorker<MainAnalysis>('main', rules, undefined, () => {
      const hold = analysisInWorker.holdMain(rules);
      return hold.result.finally(() => hold.release());
    }),
    release: () => undefined,
  }),
};
