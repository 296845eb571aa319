// ChartRunner (TableEngine's stepper) against xstate's own actor on the same chart: random sessions with
// faults, pauses, voids and refusals for every rule set give the same facts and the same persisted
// snapshot after every input; each side restores the other's snapshot and carries on identically.
import { describe, expect, test } from 'vitest';
import { createActor, type Snapshot } from 'xstate';
import { knownRuleSets, loadRuleSet } from '../../src/config/load-rule-set.js';
import { roundMachine } from '../../src/round/round-machine.js';
import { TableEngine } from '../../src/round/table-engine.js';
import type { TableEvent } from '../../src/round/events.js';
import type { TableInput } from '../../src/round/inputs.js';
import type { RuleSet } from '../../src/rules/rule-set.js';
import { CompiledChart, UnsupportedChartError } from '../../src/round/chart-runner.js';
import { setup } from 'xstate';
import { playRandomSession } from '../support/random-session.js';

class XstateTable {
  readonly actor;
  private collected: TableEvent[] = [];
  constructor(rules: RuleSet, snapshot?: Snapshot<unknown>) {
    this.actor = createActor(roundMachine, { input: { rules }, ...(snapshot ? { snapshot } : {}) });
    this.actor.on('*', (e) => this.collected.push(e));
    this.actor.start();
    this.collected = [];
  }
  submit(input: TableInput, line: number): TableEvent[] {
    this.collected = [];
    this.actor.send({ type: input.type, input, line } as never);
    return this.collected;
  }
}

/** The snapshot without the rule set (the same object on both sides), as JSON. */
function comparable(snapshot: unknown): string {
  const s = snapshot as { context: { table: unknown } };
  return JSON.stringify({ ...s, context: { table: s.context.table } });
}

describe.each(knownRuleSets().map((name) => [name, loadRuleSet(name).rules] as const))('%s', (_name, rules) => {
  test('same facts and same persisted snapshot as the xstate actor after every input', () => {
    for (let seed = 1; seed <= 6; seed++) {
      const { inputs } = playRandomSession(rules, seed * 104729, 12);
      const reference = new XstateTable(rules);
      const engine = new TableEngine(rules);
      inputs.forEach((input, i) => {
        const expected = reference.submit(input, i + 1);
        const got = engine.submit(input, i + 1);
        expect(JSON.stringify(got), `seed ${seed} input ${i + 1}`).toBe(JSON.stringify(expected));
        expect(comparable(engine.persistedSnapshot()), `seed ${seed} input ${i + 1} snapshot`).toBe(comparable(reference.actor.getPersistedSnapshot()));
        expect(engine.phase).toBe(flatten(reference.actor.getSnapshot().value));
      });
      expect(inputs.length).toBeGreaterThan(50);
    }
  });

  test('each restores the other\'s snapshot mid-session and carries on identically', () => {
    const { inputs } = playRandomSession(rules, 4242, 12);
    for (const cut of [Math.floor(inputs.length / 3), Math.floor((2 * inputs.length) / 3)]) {
      const reference = new XstateTable(rules);
      const engine = new TableEngine(rules);
      inputs.slice(0, cut).forEach((input, i) => { reference.submit(input, i + 1); engine.submit(input, i + 1); });
      const fromEngine = new XstateTable(rules, JSON.parse(JSON.stringify(engine.persistedSnapshot())) as Snapshot<unknown>);
      const fromXstate = new TableEngine(rules, JSON.parse(JSON.stringify(reference.actor.getPersistedSnapshot())) as Snapshot<unknown>);
      inputs.slice(cut).forEach((input, j) => {
        const i = cut + j;
        const expected = JSON.stringify(reference.submit(input, i + 1));
        expect(JSON.stringify(engine.submit(input, i + 1))).toBe(expected);
        expect(JSON.stringify(fromEngine.submit(input, i + 1))).toBe(expected);
        expect(JSON.stringify(fromXstate.submit(input, i + 1))).toBe(expected);
      });
    }
  });
});

test('a chart using what the runner does not implement is refused at compile time', () => {
  const parallel = setup({}).createMachine({ type: 'parallel', states: { a: {}, b: {} } });
  expect(() => new CompiledChart(parallel)).toThrow(UnsupportedChartError);
  const withExit = setup({}).createMachine({ initial: 'a', states: { a: { exit: () => undefined } } });
  expect(() => new CompiledChart(withExit)).toThrow(/exit actions/);
});

function flatten(value: unknown): string {
  if (typeof value === 'string') return value;
  const [key, inner] = Object.entries(value as Record<string, unknown>)[0] ?? [];
  return `${key}.${flatten(inner)}`;
}
