// bench:simulate (issue 13): rounds per second through the PRODUCTION round machine (TableEngine), six decks,
// 1 seat, the computed strategy; one worker and two; the projection to the goal of 20,000,000 rounds in
// 2 minutes on two cores; heap before and after. Prints figures, asserts nothing. BENCH_ROUNDS sets N.
import { loadRuleSet } from '../src/config/load-rule-set.js';
import { analyseGame } from '../src/analysis/main-return.js';
import { runSimulation } from '../src/app/par/run-simulation.js';

const rounds = Number(process.env['BENCH_ROUNDS'] ?? 4000);
const { rules } = loadRuleSet('six-deck');
const { strategy } = analyseGame(rules);
const heap = () => `${(process.memoryUsage().heapUsed / 2 ** 20).toFixed(1)} MiB`;
console.log(`six-deck, ${rounds.toLocaleString('en')} rounds, 1 seat, heap ${heap()}`);
const rates: number[] = [];
for (const workers of [0, 1, 2]) {
  const t0 = performance.now();
  const counts = await runSimulation({ rules, strategy, rounds, seats: 1, seed: 7, workers, insure: false });
  const s = (performance.now() - t0) / 1000;
  const rate = counts.counts.rounds / s;
  rates.push(rate);
  console.log(`${workers === 0 ? 'in-thread' : `${workers} worker(s)`}: ${s.toFixed(1)} s, ${Math.round(rate).toLocaleString('en')} rounds/s, heap ${heap()}`);
}
const best = Math.max(...rates);
console.log(`20,000,000 rounds at ${Math.round(best).toLocaleString('en')} rounds/s: ${(20_000_000 / best / 60).toFixed(1)} min (goal <= 2 min: needs ${Math.round(20_000_000 / 120).toLocaleString('en')} rounds/s, ${(20_000_000 / 120 / best).toFixed(1)}x this)`);
