// One `shoe par-sheet` run of a compiled build in a child process, measured as the kernel counts it: wall
// seconds, CPU seconds of the whole process (every thread: the simulation's workers and the exact analysis'
// too) and peak RSS, from the child's own resource usage at exit (a preload writes it), with the sheets it
// printed. And the comparison of two runs' sheets: what must be identical, and what may not be.
import { execFileSync } from 'node:child_process';
import { existsSync, mkdirSync, rmSync, symlinkSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { measurePeak } from './peak-rss.js';

export interface SheetRun {
  readonly code: number;
  readonly wall: number;
  readonly cpu: number;
  readonly peakMiB: number;
  readonly stdout: string;
  readonly stderr: string;
}

/** Runs `node <main> ...args` in `cwd` and measures it (./peak-rss.ts), keeping the sheets it printed. */
export async function measureSheetRun(main: string, args: readonly string[], cwd: string): Promise<SheetRun> {
  const r = await measurePeak([], main, args, cwd, true);
  return { code: r.code, wall: r.seconds, cpu: r.cpuSeconds, peakMiB: r.peakMiB, stdout: r.stdout, stderr: r.stderr };
}

/**
 * A compiled build of commit `commit` of the repository at `repo`, kept in a scratch folder of the system's
 * temporary directory (built once, reused by later runs): the files of that commit (git archive), this
 * package's node_modules beside them, `scripts/build.mjs` of that commit into its dist/. Returns the CLI's main.
 */
export function storedBuildOf(repo: string, commit: string, nodeModules: string): string {
  const full = execFileSync('git', ['-C', repo, 'rev-parse', `${commit}^{commit}`], { encoding: 'utf8' }).trim();
  const dir = join(tmpdir(), `par-sheet-base-${full.slice(0, 12)}`);
  const main = join(dir, 'dist/src/cli/main.js');
  if (existsSync(main)) return main;
  rmSync(dir, { recursive: true, force: true });
  mkdirSync(dir, { recursive: true });
  execFileSync('sh', ['-c', `git -C "${repo}" archive ${full} | tar -x -C "${dir}"`]);
  symlinkSync(nodeModules, join(dir, 'node_modules'));
  execFileSync(process.execPath, ['scripts/build.mjs', '--out-dir', 'dist', '--no-check'], { cwd: dir, stdio: ['ignore', 'ignore', 'inherit'] });
  return main;
}

/** The sheet's parts that are simulated; everything else (but the identification) is exact or words. */
const SIMULATED = ['simulation', 'lab', 'penetration'] as const;

export interface SheetAgreement {
  /** Every exact figure, word and chart the same (the identification and the run's seconds aside). */
  readonly exactSame: boolean;
  readonly simulatedSame: boolean;
  /** Each side's rounds dealt per rule set, when they differ. */
  readonly rounds: string;
  /** The first rule set and part that differ. */
  readonly first: string | null;
}

type Sheet = Record<string, unknown> & { rules: string; simulation: { dealt: number; seconds?: number } };

/** Compares two `par-sheet --all --format json` outputs, leaving out what says when, where and how long. */
export function compareSheetOutputs(a: string, b: string): SheetAgreement {
  const parse = (s: string) => JSON.parse(s) as Sheet[];
  const [x, y] = [parse(a), parse(b)];
  let exactSame = x.length === y.length;
  let simulatedSame = exactSame;
  let first: string | null = exactSame ? null : `${x.length} sheets against ${y.length}`;
  const strip = (s: Sheet) => {
    const { identity: _identity, ...rest } = s;
    const simulation = { ...s.simulation };
    delete simulation.seconds;
    return { ...rest, simulation };
  };
  for (let i = 0; i < Math.min(x.length, y.length); i++) {
    const [p, q] = [strip(x[i] as Sheet), strip(y[i] as Sheet)];
    for (const key of new Set([...Object.keys(p), ...Object.keys(q)])) {
      const same = JSON.stringify((p as Record<string, unknown>)[key]) === JSON.stringify((q as Record<string, unknown>)[key]);
      if (same) continue;
      if ((SIMULATED as readonly string[]).includes(key)) simulatedSame = false;
      else exactSame = false;
      first ??= `${p.rules}: ${key}`;
    }
  }
  const dealt = (s: Sheet[]) => s.map((t) => t.simulation.dealt).join(',');
  return { exactSame, simulatedSame, rounds: dealt(x) === dealt(y) ? `the same (${dealt(x)})` : `current ${dealt(x)}, base ${dealt(y)}`, first };
}
