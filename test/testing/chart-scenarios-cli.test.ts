// `shoe scenarios generate`, then `shoe check`: for every rule set the generated scenarios reach every state
// and transition of the round machine — the printed counts equal the chart's own totals, counted here from
// the machine's configuration, and replaying the files through xstate's actor takes every transition — and
// they all pass; a scenario with one expectation changed fails. Both verbs run through the `shoe` dispatcher
// in this process (test/support/shoe-in-process.ts), but the failing check, which runs the CLI's process.
//
// SLOW (122 s in its worker, 2026-12-07: for each of the seven rule sets the generator walks the chart's graph
// (xstate/graph, as `shoe scenarios generate` does for a user) and every generated file is replayed through
// xstate's actor to count the transitions it takes; one test a rule set, each with its own bound;
// docs/testing.md, "Where the time goes").
import { describe, expect, test } from 'vitest';
import { existsSync, mkdtempSync, readFileSync, readdirSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createActor, type Snapshot } from 'xstate';
import { knownRuleSets, loadRuleSet } from '../../src/config/load-rule-set.js';
import { roundMachine } from '../../src/round/round-machine.js';
import type { MachineEvent, TableInput } from '../../src/round/inputs.js';
import type { TableState } from '../../src/round/table-state.js';
import { upgradeTableSnapshot } from '../../src/round/table-snapshot.js';
import { runCli } from '../support/run-cli.js';
import { shoeInProcess } from '../support/shoe-in-process.js';

/** The chart's states (not the root, not history points) and transitions, from the configuration as written. */
function chartTotals(): { states: number; transitions: number } {
  type Config = { type?: string; states?: Record<string, Config>; on?: Record<string, unknown>; always?: unknown };
  const count = (x: unknown): number => (x === undefined ? 0 : Array.isArray(x) ? x.length : 1);
  const walk = (node: Config, root: boolean): { states: number; transitions: number } =>
    Object.values(node.states ?? {}).map((child) => walk(child, false)).reduce(
      (sum, c) => ({ states: sum.states + c.states, transitions: sum.transitions + c.transitions }),
      { states: root || node.type === 'history' ? 0 : 1, transitions: Object.values(node.on ?? {}).reduce((n: number, t) => n + count(t), 0) + count(node.always) },
    );
  return walk(roundMachine.config as Config, true);
}

interface GeneratedScenario {
  inputs: TableInput[];
  expect: Array<{ net: number }>;
  start?: { value: unknown; historyValue?: unknown; context: { table: TableState } };
}

/** Every transition xstate's actor takes replaying the files (each from its stated start, if any). */
function transitionsTaken(rules: ReturnType<typeof loadRuleSet>['rules'], scenarios: readonly GeneratedScenario[]): Set<unknown> {
  const taken = new Set<unknown>();
  const inspect = (e: { type: string }): void => {
    if (e.type === '@xstate.microstep') for (const t of (e as unknown as { _transitions: unknown[] })._transitions) taken.add(t);
  };
  for (const s of scenarios) {
    const snapshot = s.start && ({ status: 'active', historyValue: {}, children: {}, ...s.start, context: { rules, table: upgradeTableSnapshot(s.start.context.table) } } as unknown as Snapshot<unknown>);
    const actor = createActor(roundMachine, { input: { rules }, ...(snapshot ? { snapshot } : {}), inspect }).start();
    s.inputs.forEach((input, i) => actor.send({ type: input.type, input, line: i + 1 } as MachineEvent));
  }
  return taken;
}

describe('shoe scenarios generate', () => {
  const totals = chartTotals();
  const root = mkdtempSync(join(tmpdir(), 'qa-chart-'));

  // One test a rule set: each names its rule set when it fails, and has its own bound (a walk and a check of
  // a rule set take 10-30 s of CPU; the seven in one test ran past 180 s under the parallel group's load).
  test.each(knownRuleSets())('%s: every state and transition of the chart, each scenario passing shoe check', async (name) => {
    expect(totals.states).toBeGreaterThanOrEqual(10);
    const dir = join(root, name);
    const generated = await shoeInProcess('scenarios', 'generate', '--rules', name, '--out', dir);
    expect(generated.stderr).toBe('');
    expect(generated.code).toBe(0);
    expect(generated.stdout).toContain(`states reached ${totals.states}/${totals.states}, transitions reached ${totals.transitions}/${totals.transitions}`);
    const scenarios = readdirSync(dir).map((f) => JSON.parse(readFileSync(join(dir, f), 'utf8')) as GeneratedScenario);
    expect(generated.stdout).toContain(`${name}: ${scenarios.length} scenarios written to ${dir}`);
    expect(transitionsTaken(loadRuleSet(name).rules, scenarios).size, name).toBe(totals.transitions);
    // The files pass `shoe check` run in this process (the verb, not the process, is what holds them).
    const checked = await shoeInProcess('check', '--quiet', dir);
    expect(checked.stdout).toBe(`${scenarios.length} passed, 0 failed, 0 unreadable\n`);
    expect(checked.code).toBe(0);
  }, 180_000);

  // The changed scenario goes through the CLI as a user runs it: its exit status and its line.
  test('a generated scenario with one expectation changed fails shoe check', async () => {
    // The six-deck files the test above wrote, or (run alone) written here.
    const dir = join(root, 'six-deck');
    if (!existsSync(dir)) expect((await shoeInProcess('scenarios', 'generate', '--rules', 'six-deck', '--out', dir)).code).toBe(0);
    const settling = readdirSync(dir).find((f) => (JSON.parse(readFileSync(join(dir, f), 'utf8')) as GeneratedScenario).expect.length > 0) as string;
    const text = readFileSync(join(dir, settling), 'utf8');
    const net = /"net": (-?\d+)/.exec(text)?.[1] as string;
    const changed = join(root, 'changed.json');
    writeFileSync(changed, text.replace(`"net": ${net}`, `"net": ${Number(net) + 1}`));
    const failed = await runCli(['check', changed]);
    expect(failed.code).toBe(1);
    expect(failed.stdout).toMatch(new RegExp(`FAILED  ${changed}: round \\d+ seat \\d+ hand \\d+ main: expected net ${Number(net) + 1 > 0 ? '\\+' : ''}${Number(net) + 1} `));
  }, 180_000);
});
