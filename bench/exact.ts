// The exact analysis of each built-in rule set (docs/benchmarks.md, "bench:exact"): seconds of `analyseGame`
// (the main game's exact return and the computed chart: what a par sheet, a table's edge check and the demo
// bots wait for), each in a fresh process so no cache of an earlier analysis helps. Prints figures only.
// Every rule set is timed BENCH_RUNS times (default 3), interleaved, and the fastest counts (the others
// measured the neighbours).
// Usage: npm run bench:exact [-- six-deck,switch]
import { spawnSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { knownRuleSets, loadRuleSet } from '../src/config/load-rule-set.js';
import { analyseGame } from '../src/analysis/main-return.js';

const self = fileURLToPath(import.meta.url);

if (process.argv[2] === '--one') {
  const { rules } = loadRuleSet(process.argv[3] as string);
  const started = performance.now();
  const { main } = analyseGame(rules);
  console.log(JSON.stringify({ seconds: (performance.now() - started) / 1000, expectedReturn: main.expectedReturn }));
} else {
  const names = process.argv[2] ? process.argv[2].split(',') : knownRuleSets();
  const runs = Math.max(1, Number(process.env['BENCH_RUNS'] ?? 3));
  const best = new Map<string, { seconds: number; expectedReturn: number }>();
  for (let run = 0; run < runs; run++) {
    for (const name of names) {
      const child = spawnSync(process.execPath, ['--import', 'tsx', self, '--one', name], { encoding: 'utf8' });
      if (child.status !== 0) throw new Error(`${name}: ${child.stderr}`);
      const m = JSON.parse(child.stdout.trim().split('\n').at(-1) as string) as { seconds: number; expectedReturn: number };
      const known = best.get(name);
      if (!known || m.seconds < known.seconds) best.set(name, m);
    }
  }
  console.log(`exact analysis (analyseGame), fastest of ${runs} fresh processes per rule set`);
  let total = 0;
  for (const [name, m] of best) {
    total += m.seconds;
    console.log(`${name.padEnd(18)} ${m.seconds.toFixed(2).padStart(6)} s   main return ${(m.expectedReturn * 100).toFixed(4)} %`);
  }
  console.log(`${'all'.padEnd(18)} ${total.toFixed(2).padStart(6)} s`);
}
