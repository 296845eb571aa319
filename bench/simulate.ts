// bench:simulate (docs/benchmarks.md): rounds per second through the PRODUCTION round machine (TableEngine), six decks,
// 1 seat, the computed strategy; this thread alone and with a worker beside it; the projection to the goal of
// 20,000,000 rounds in 2 minutes on two cores; heap before and after. Then the memory goals, on the real CLI
// in a child process, from the sources (tsx) and compiled: peak RSS of `shoe simulate` (default threads,
// --workers 1 and 2; goal under 200 MB) and of `shoe par-sheet --all` (goal under 400 MB), beside
// `shoe --version` as the baseline. Prints figures, asserts nothing. BENCH_ROUNDS sets N;
// BENCH_MEMORY_ROUNDS the simulate runs (default 400,000); BENCH_PAR_SHEET_ROUNDS the par-sheet run's
// --rounds (default 20,000; "default" for its own size: enough for ±0.1 %, long); BENCH_MEMORY=0 skips them.
// Each line also gives the rate from the first chunk answered on (worker start-up and compilation excluded),
// the figure a 20,000,000-round run approaches. Then the same with the compiled build (the product ships
// dist/, whose workers run plain JavaScript without tsx): built into a scratch folder inside the package
// (bench-dist-<pid>, deleted after); BENCH_COMPILED=0 skips it. CPU seconds are the whole process's (all threads).
import { pathToFileURL } from 'node:url';
import { analyseGame } from '../src/analysis/main-return.js';
import { runSimulation } from '../src/app/par/run-simulation.js';
import { knownRuleSets, loadRuleSet } from '../src/config/load-rule-set.js';
import { PACKAGE_ROOT, withCompiledBuild } from './support/compiled-build.js';
import { measurePeak } from './support/peak-rss.js';
import { baseSimulateChunk, comparePaces } from './support/simulate-against-base.js';

// First the pace of one thread against the code before (BENCH_BASE) and against engine-blackjack, every
// rule set, interleaved in this process: the ratios the engine's goals are set in.
if (process.env['BENCH_PACE'] !== '0') {
  const paceRounds = Number(process.env['BENCH_PACE_ROUNDS'] ?? 50_000);
  const runs = Number(process.env['BENCH_PACE_RUNS'] ?? 3);
  const base = await baseSimulateChunk();
  console.log(`one thread, one seat, no insurance, ${paceRounds.toLocaleString('en')} rounds a run, fastest of ${runs} interleaved runs, rounds per CPU second (the machine may be shared); ${base ? `base: ${base.dir}` : 'no base (BENCH_BASE=DIR, a checkout of the code before)'}`);
  for (const name of process.env['BENCH_PACE_RULES']?.split(',') ?? knownRuleSets()) {
    const r = loadRuleSet(name).rules;
    const p = comparePaces({ rules: r, strategy: analyseGame(r).strategy, rounds: paceRounds, runs, base: base?.simulateChunk ?? null, peer: name === 'six-deck' });
    const k = (n: number) => Math.round(n).toLocaleString('en').padStart(9);
    let line = `  ${name.padEnd(16)} ${k(p.current)} rounds/s`;
    if (p.base !== null) line += `; base ${k(p.base)}: ${(p.current / p.base).toFixed(2)}x (goal >= 1.5x)${p.sameCounts ? '' : ' — COUNTS DIFFER from the base'}`;
    if (p.peer !== null) line += `; engine-blackjack (hit below 17) ${k(p.peer)}: ${(p.current / p.peer).toFixed(2)}x (goal >= 6x)`;
    console.log(line);
  }
  if (process.env['BENCH_PACE_ONLY'] === '1') process.exit(0);
}

const rounds = Number(process.env['BENCH_ROUNDS'] ?? 4000);
const { rules } = loadRuleSet('six-deck');
const { strategy } = analyseGame(rules);
const heap = () => `${(process.memoryUsage().heapUsed / 2 ** 20).toFixed(1)} MiB`;
console.log(`six-deck, ${rounds.toLocaleString('en')} rounds, 1 seat, heap ${heap()}`);
const rates: number[] = [];
const steadyRates: number[] = [];
type Run = typeof runSimulation;
/** The first run's counts: every other run (any worker count, sources or compiled) must give the same. */
let reference: string | null = null;

async function measure(label: string, run: Run, workers: number): Promise<void> {
  const t0 = performance.now();
  const cpu0 = process.cpuUsage();
  // Steady rate: from the first chunk answered (workers started, modules loaded and compiled) to the end.
  let firstAt = 0;
  let firstDone = 0;
  const counts = await run({
    rules, strategy, rounds, seats: 1, seed: 7, workers, insure: false,
    onProgress: (done) => {
      if (firstAt === 0) {
        firstAt = performance.now();
        firstDone = done;
      }
    },
  });
  const end = performance.now();
  const cpu = process.cpuUsage(cpu0);
  const s = (end - t0) / 1000;
  const rate = counts.counts.rounds / s;
  const steady = firstAt > 0 && end > firstAt && rounds > firstDone ? ((rounds - firstDone) * 1000) / (end - firstAt) : rate;
  rates.push(rate);
  steadyRates.push(steady);
  const cpuS = (cpu.user + cpu.system) / 1e6;
  const json = JSON.stringify(counts);
  reference ??= json;
  console.log(`${label}: ${s.toFixed(1)} s, ${Math.round(rate).toLocaleString('en')} rounds/s (first chunk after ${((firstAt - t0) / 1000).toFixed(1)} s; from then on ${Math.round(steady).toLocaleString('en')} rounds/s), CPU ${cpuS.toFixed(1)} s (${((cpuS * 1e6) / rounds).toFixed(2)} µs a round), heap ${heap()}${json === reference ? '' : ' — COUNTS DIFFER from the first run'}`);
}

const threads = (n: number) => (n === 1 ? 'this thread alone' : `${n} threads (this one and ${n - 1} worker${n > 2 ? 's' : ''})`);
for (const workers of [1, 2]) await measure(threads(workers), runSimulation, workers);

if (process.env['BENCH_COMPILED'] !== '0') {
  await withCompiledBuild(async (outDir) => {
    const compiled = (await import(pathToFileURL(`${outDir}/src/app/par/run-simulation.js`).href)) as { runSimulation: Run };
    for (const workers of [1, 2]) await measure(`compiled, ${threads(workers)}`, compiled.runSimulation, workers);
  });
}
const best = Math.max(...rates);
const bestSteady = Math.max(...steadyRates);
const goal = 20_000_000 / 120;
console.log(`20,000,000 rounds at ${Math.round(best).toLocaleString('en')} rounds/s: ${(20_000_000 / best / 60).toFixed(1)} min (goal <= 2 min, ${Math.round(goal).toLocaleString('en')} rounds/s: ${best >= goal ? `met, ${(best / goal).toFixed(2)}x the rate needed` : `short, needs ${(goal / best).toFixed(2)}x this`})`);
console.log(`at the steady rate (${Math.round(bestSteady).toLocaleString('en')} rounds/s; start-up is paid once in a long run): ${(20_000_000 / bestSteady / 60).toFixed(1)} min`);

if (process.env['BENCH_MEMORY'] !== '0') {
  const memoryRounds = String(Number(process.env['BENCH_MEMORY_ROUNDS'] ?? 400_000));
  const parSheetRounds = process.env['BENCH_PAR_SHEET_ROUNDS'] ?? '20000';
  const MB = 1.048576; // MiB to MB
  const row = async (how: string, nodeArgs: string[], script: string, label: string, args: string[], goalMB: number | null) => {
    const r = await measurePeak(nodeArgs, script, args, PACKAGE_ROOT);
    const mb = r.peakMiB * MB;
    const verdict = goalMB === null ? '' : `, goal < ${goalMB} MB: ${mb < goalMB ? 'met' : 'NOT MET'}`;
    console.log(`${how.padEnd(8)} ${label.padEnd(44)} peak RSS ${r.peakMiB.toFixed(0).padStart(4)} MiB (${mb.toFixed(0)} MB)${verdict}, ${r.seconds.toFixed(1)} s${r.code === 0 ? '' : ` — exit ${r.code}: ${r.stderr.trim().split('\n').at(-1)}`}`);
  };
  const verbs = async (how: string, nodeArgs: string[], script: string) => {
    await row(how, nodeArgs, script, 'shoe --version (baseline)', ['--version'], null);
    const simulate = ['simulate', '--rules', 'six-deck', '--rounds', memoryRounds];
    await row(how, nodeArgs, script, `simulate six-deck ${Number(memoryRounds).toLocaleString('en')} rounds`, simulate, 200);
    for (const w of ['1', '2']) await row(how, nodeArgs, script, `  the same, --workers ${w}`, [...simulate, '--workers', w], 200);
    const all = ['par-sheet', '--all', ...(parSheetRounds === 'default' ? [] : ['--rounds', parSheetRounds])];
    await row(how, nodeArgs, script, `par-sheet --all ${parSheetRounds === 'default' ? '(its default size)' : `--rounds ${Number(parSheetRounds).toLocaleString('en')}`}`, all, 400);
  };
  console.log(`\nmemory: the real CLI in a child process, peak RSS of the whole process (all threads); ${process.env['BENCH_COMPILED'] === '0' ? 'sources' : 'sources, then compiled'}`);
  await verbs('sources', ['--import', 'tsx'], 'src/cli/main.ts');
  if (process.env['BENCH_COMPILED'] !== '0') await withCompiledBuild((outDir) => verbs('compiled', [], `${outDir}/src/cli/main.js`));
}
