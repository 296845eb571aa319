// bench:simulate (docs/benchmarks.md): rounds per second through the PRODUCTION round machine (TableEngine), six decks,
// 1 seat, the computed strategy; one worker and two; the projection to the goal of 20,000,000 rounds in
// 2 minutes on two cores; heap before and after. Prints figures, asserts nothing. BENCH_ROUNDS sets N.
// Each line also gives the rate from the first chunk answered on (worker start-up and compilation excluded),
// the figure a 20,000,000-round run approaches. Then the same with the compiled build (the product ships
// dist/, whose workers run plain JavaScript without tsx): built into a scratch folder inside the package
// (bench-dist-<pid>, deleted after); BENCH_COMPILED=0 skips it. CPU seconds are the whole process's (all threads).
import { pathToFileURL } from 'node:url';
import { loadRuleSet } from '../src/config/load-rule-set.js';
import { analyseGame } from '../src/analysis/main-return.js';
import { runSimulation } from '../src/app/par/run-simulation.js';
import { withCompiledBuild } from './support/compiled-build.js';

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

for (const workers of [0, 1, 2]) await measure(workers === 0 ? 'in-thread' : `${workers} worker(s)`, runSimulation, workers);

if (process.env['BENCH_COMPILED'] !== '0') {
  await withCompiledBuild(async (outDir) => {
    const compiled = (await import(pathToFileURL(`${outDir}/src/app/par/run-simulation.js`).href)) as { runSimulation: Run };
    for (const workers of [1, 2]) await measure(`compiled, ${workers} worker(s)`, compiled.runSimulation, workers);
  });
}
const best = Math.max(...rates);
const bestSteady = Math.max(...steadyRates);
const goal = 20_000_000 / 120;
console.log(`20,000,000 rounds at ${Math.round(best).toLocaleString('en')} rounds/s: ${(20_000_000 / best / 60).toFixed(1)} min (goal <= 2 min, ${Math.round(goal).toLocaleString('en')} rounds/s: ${best >= goal ? `met, ${(best / goal).toFixed(2)}x the rate needed` : `short, needs ${(goal / best).toFixed(2)}x this`})`);
console.log(`at the steady rate (${Math.round(bestSteady).toLocaleString('en')} rounds/s; start-up is paid once in a long run): ${(20_000_000 / bestSteady / 60).toFixed(1)} min`);
