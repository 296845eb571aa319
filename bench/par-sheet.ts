// bench:par-sheet (docs/benchmarks.md): `shoe par-sheet --all` of this checkout against a stored build of the
// code before (BENCH_BASE_COMMIT, default 5b36f63: the main the par sheet's speed goal is set against), both
// compiled, run alternately in this one process so a shared machine's load falls on both alike: wall seconds,
// CPU seconds (the whole process, every thread) and peak RSS of each, and the ratios. Then whether the two
// sides' sheets agree: every exact figure, word and chart identical, and the simulated figures too (same seed,
// same rounds: the same chunks played). Prints figures, asserts nothing.
//   BENCH_PAR_SHEET_ROUNDS  --rounds of each run (default: the sheets' own size, ±0.1 % on the main return,
//                           about ten minutes a side on two cores); a smaller number for a quick look
//   BENCH_RUNS              alternate pairs (default 1; the order flips each pair)
//   BENCH_BASE_COMMIT       the base (built once into the system's temporary folder, reused)
import { join } from 'node:path';
import { loadavg } from 'node:os';
import { PACKAGE_ROOT, withCompiledBuild } from './support/compiled-build.js';
import { compareSheetOutputs, measureSheetRun, storedBuildOf, type SheetRun } from './support/par-sheet-runs.js';

const rounds = process.env['BENCH_PAR_SHEET_ROUNDS'];
const runs = Math.max(1, Number(process.env['BENCH_RUNS'] ?? 1));
const baseCommit = process.env['BENCH_BASE_COMMIT'] ?? '5b36f63';
const size = rounds === undefined ? 'its default size (±0.1 % on the main return)' : `--rounds ${Number(rounds).toLocaleString('en')} (a reduced size, not the goal's)`;
const args = ['par-sheet', '--all', '--format', 'json', '--quiet', ...(rounds === undefined ? [] : ['--rounds', rounds])];

const baseMain = storedBuildOf(PACKAGE_ROOT, baseCommit, join(PACKAGE_ROOT, 'node_modules'));
const load = () => loadavg().map((l) => l.toFixed(1)).join(' ');
console.log(`par-sheet --all at ${size}, compiled, ${runs} alternate pair${runs > 1 ? 's' : ''}; base ${baseCommit} (${baseMain}); load ${load()}`);

await withCompiledBuild(async (outDir) => {
  const currentMain = `${outDir}/src/cli/main.js`;
  const sides = { current: [] as SheetRun[], base: [] as SheetRun[] };
  const line = (label: string, r: SheetRun) =>
    console.log(`  ${label.padEnd(8)} ${r.wall.toFixed(1).padStart(7)} s wall ${r.cpu.toFixed(1).padStart(7)} s CPU  peak RSS ${r.peakMiB.toFixed(0).padStart(4)} MiB (${(r.peakMiB * 1.048576).toFixed(0)} MB, goal < 400 MB)${r.code === 0 ? '' : ` — exit ${r.code}: ${r.stderr.trim().split('\n').at(-1)}`}`);
  for (let run = 0; run < runs; run++) {
    const order = run % 2 === 0 ? (['current', 'base'] as const) : (['base', 'current'] as const);
    console.log(`pair ${run + 1} (load ${load()}):`);
    const pair: Partial<Record<'current' | 'base', SheetRun>> = {};
    for (const side of order) {
      const r = await measureSheetRun(side === 'current' ? currentMain : baseMain, args, PACKAGE_ROOT);
      pair[side] = r;
      sides[side].push(r);
      line(side, r);
    }
    const c = pair.current as SheetRun;
    const b = pair.base as SheetRun;
    console.log(`  ratio    current/base wall ${(c.wall / b.wall).toFixed(3)}, CPU ${(c.cpu / b.cpu).toFixed(3)} (goal: wall <= 0.5)`);
    if (c.code === 0 && b.code === 0) {
      const a = compareSheetOutputs(c.stdout, b.stdout);
      console.log(`  sheets   exact figures ${a.exactSame ? 'identical' : 'DIFFER'}; simulated figures ${a.simulatedSame ? 'identical' : 'DIFFER'}; rounds dealt ${a.rounds}${a.first ? `; first difference: ${a.first}` : ''}`);
    }
  }
  if (runs > 1) {
    const sum = (xs: SheetRun[], f: (r: SheetRun) => number) => xs.reduce((t, r) => t + f(r), 0);
    console.log(`all pairs: current/base wall ${(sum(sides.current, (r) => r.wall) / sum(sides.base, (r) => r.wall)).toFixed(3)}, CPU ${(sum(sides.current, (r) => r.cpu) / sum(sides.base, (r) => r.cpu)).toFixed(3)}; peak RSS current max ${Math.max(...sides.current.map((r) => r.peakMiB)).toFixed(0)} MiB, base max ${Math.max(...sides.base.map((r) => r.peakMiB)).toFixed(0)} MiB`);
  }
});
