/**
 * The same recorded sessions stepped three ways (printed, not asserted; docs/adr/0001-fast-chart-runner.md):
 * TableEngine (ChartRunner over the compiled chart), xstate's actor on the same machine, and xstate's pure
 * `transition()` (a snapshot in, the next snapshot and its actions out). Inputs per second, and the ratio.
 * `npx tsx bench/engine-vs-xstate.ts [--rounds N] [--rules name]` (default 3000 rounds of six-deck).
 */
import { createActor, initialTransition, transition } from 'xstate';
import { loadRuleSet } from '../src/config/load-rule-set.js';
import { TableEngine } from '../src/round/table-engine.js';
import { roundMachine } from '../src/round/round-machine.js';
import type { MachineEvent, TableInput } from '../src/round/inputs.js';
import { playBotRounds } from '../src/app/players/bot-rounds.js';
import { mulberry32 } from '../src/random/prng.js';

const arg = (flag: string, fallback: string): string => {
  const i = process.argv.indexOf(flag);
  return i >= 0 ? (process.argv[i + 1] ?? fallback) : fallback;
};
const rounds = Number(arg('--rounds', '3000'));
const { rules } = loadRuleSet(arg('--rules', 'six-deck'));

// The sessions: a basic-strategy bot on one seat, recorded as its inputs (three seeds).
const sessions: TableInput[][] = [1, 2, 3].map((seed) => {
  const inputs: TableInput[] = [];
  playBotRounds(new TableEngine(rules), rules, { rounds, strategy: 'basic', random: mulberry32(seed), onStep: (input) => inputs.push(input) });
  return inputs;
});
const total = sessions.reduce((n, s) => n + s.length, 0);
const event = (input: TableInput, line: number): MachineEvent => ({ type: input.type, input, line } as MachineEvent);

const ways: Record<string, () => void> = {
  TableEngine: () => {
    for (const inputs of sessions) {
      const engine = new TableEngine(rules);
      inputs.forEach((input, i) => engine.submit(input, i + 1));
    }
  },
  'xstate actor': () => {
    for (const inputs of sessions) {
      const actor = createActor(roundMachine, { input: { rules } });
      actor.on('*', () => undefined);
      actor.start();
      inputs.forEach((input, i) => actor.send(event(input, i + 1)));
      actor.stop();
    }
  },
  'xstate transition()': () => {
    for (const inputs of sessions) {
      let [snapshot] = initialTransition(roundMachine, { rules });
      inputs.forEach((input, i) => {
        [snapshot] = transition(roundMachine, snapshot, event(input, i + 1));
      });
    }
  },
};

console.log(`${rules.name}: ${total.toLocaleString('en-US')} inputs (${sessions.length} sessions of ${rounds} rounds), best of 3 runs each`);
const rates: Record<string, number> = {};
for (const [name, run] of Object.entries(ways)) {
  run(); // warm-up
  let best = Infinity;
  for (let r = 0; r < 3; r++) {
    const t = performance.now();
    run();
    best = Math.min(best, performance.now() - t);
  }
  rates[name] = (total * 1000) / best;
}
const engine = rates.TableEngine as number;
for (const [name, rate] of Object.entries(rates)) {
  console.log(`  ${name.padEnd(20)} ${Math.round(rate).toLocaleString('en-US').padStart(10)} inputs/s  (TableEngine is ${(engine / rate).toFixed(1)}x)`);
}
