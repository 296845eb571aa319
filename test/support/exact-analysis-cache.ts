// The exact analysis of a rule set (src/analysis/main-return.ts, analyseGame: the chart and its return) for
// the tests that need its figures, computed once and kept in a file (docs/testing.md, "Where the time goes"):
// the analysis is pure and deterministic, seconds to a minute of CPU per rule set, and several files ask for
// the same rule sets. The file's name is a digest of the rule set and of every source the analysis reads
// (src/analysis/, src/rules/: the layer lint keeps it to those), so a change to either computes it afresh —
// the tests always hold the analysis as it is — and a file another checkout wrote is used only when it is
// the same. Files that ask for the same rule set at once: the first computes it, the others wait for it.
import { createHash } from 'node:crypto';
import { closeSync, existsSync, mkdirSync, openSync, readdirSync, readFileSync, renameSync, rmSync, statSync, writeFileSync, writeSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { isDeepStrictEqual } from 'node:util';
import { analyseGame, type GameAnalysis } from '../../src/analysis/main-return.js';
import type { RuleSet } from '../../src/rules/rule-set.js';
import { ROOT } from './run-cli.js';

/** Where the analyses are kept: one JSON file per digest. */
export const ANALYSIS_CACHE_DIR = join(tmpdir(), 'blackjack-exact-analysis');
const INPUTS = ['src/analysis', 'src/rules', 'test/support/exact-analysis-cache.ts'];
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
function read(file: string): GameAnalysis | undefined {
  return existsSync(file) ? (JSON.parse(readFileSync(file, 'utf8')) as GameAnalysis) : undefined;
}

/** analyseGame(rules), from the cache when this analysis of this rule set was computed before. */
export function cachedAnalysis(rules: RuleSet): GameAnalysis {
  const key = createHash('sha256').update(digestOfSources()).update(JSON.stringify(rules)).digest('hex').slice(0, 32);
  const file = join(ANALYSIS_CACHE_DIR, `${rules.name.replace(/[^A-Za-z0-9-]/g, '_')}-${key}.json`);
  const lock = `${file}.lock`;
  mkdirSync(ANALYSIS_CACHE_DIR, { recursive: true });
  for (;;) {
    const kept = read(file);
    if (kept !== undefined) return kept;
    let fd: number;
    try {
      fd = openSync(lock, 'wx');
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
      // Another test file is computing it: wait for its file (or take over a lock its holder abandoned).
      const held = statSync(lock, { throwIfNoEntry: false });
      if (held !== undefined && Date.now() - held.mtimeMs > LOCK_STALE_MS) rmSync(lock, { force: true });
      else if (held !== undefined) sleep(200);
      continue;
    }
    try {
      writeSync(fd, String(process.pid));
      const analysis = analyseGame(rules);
      const text = JSON.stringify(analysis);
      // Kept only when JSON gives back exactly what was computed (no NaN, infinity or undefined to lose).
      if (isDeepStrictEqual(JSON.parse(text), analysis)) {
        writeFileSync(`${file}.${process.pid}`, text);
        renameSync(`${file}.${process.pid}`, file);
      }
      return analysis;
    } finally {
      closeSync(fd);
      rmSync(lock, { force: true });
    }
  }
}
