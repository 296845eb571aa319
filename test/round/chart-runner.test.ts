// ChartRunner (TableEngine's stepper) against xstate's own actor on the same chart. Every path xstate/graph
// finds — the shortest path to every abstract state of the table, from three starting tables, and from
// each such state every input worth trying (so every transition the walk sees) — and random sessions with
// faults, pauses, voids and refusals give the same facts and the same persisted snapshot after every
// input, for every rule set. The walk must take every transition and enter every state of the chart
// (counted from the machine definition), so coverage cannot silently drop. docs/adr/0001-fast-chart-runner.md.
//
// SLOW (60 s of CPU: every path xstate/graph finds and random sessions, for every rule set, through both runners;
// docs/testing.md, "Where the time goes").
import { describe, expect, test } from 'vitest';
import { createActor, setup, type Snapshot } from 'xstate';
import { getShortestPaths } from 'xstate/graph';
import { knownRuleSets, loadRuleSet } from '../../src/config/load-rule-set.js';
import { roundMachine } from '../../src/round/round-machine.js';
import { roundActions } from '../../src/round/round-actions.js';
import { TableEngine } from '../../src/round/table-engine.js';
import type { TableEvent } from '../../src/round/events.js';
import type { MachineEvent, TableInput } from '../../src/round/inputs.js';
import type { RuleSet } from '../../src/rules/rule-set.js';
import { CompiledChart, UnsupportedChartError } from '../../src/round/compiled-chart.js';
import { playRandomSession } from '../support/random-session.js';
import { abstractState, chartInventory, startingPoints, type RoundSnapshot } from '../../src/testing/chart-walk.js';

const inventory = chartInventory(roundMachine);

/** xstate's actor on the round machine, collecting the facts it emits and the transitions it takes. */
class XstateTable {
  readonly actor;
  private collected: TableEvent[] = [];
  constructor(rules: RuleSet, snapshot?: Snapshot<unknown>, taken?: Set<unknown>, entered?: Set<string>) {
    const inspect = (e: { type: string }): void => {
      if (e.type !== '@xstate.microstep') return;
      const step = e as unknown as { _transitions: unknown[]; snapshot: { value: unknown } };
      for (const t of step._transitions) taken?.add(t);
      entered?.add(flatten(step.snapshot.value));
    };
    this.actor = createActor(roundMachine, { input: { rules }, ...(snapshot ? { snapshot } : {}), ...(taken ? { inspect } : {}) });
    this.actor.on('*', (e) => this.collected.push(e));
    this.actor.start();
    this.collected = [];
  }
  send(event: MachineEvent): TableEvent[] {
    this.collected = [];
    this.actor.send(event);
    return this.collected;
  }
  submit(input: TableInput, line: number): TableEvent[] {
    return this.send({ type: input.type, input, line } as MachineEvent);
  }
}

/** The snapshot without the rule set (the same object on both sides), as JSON. */
function comparable(snapshot: unknown): string {
  const s = snapshot as { context: { table: unknown } };
  return JSON.stringify({ ...s, context: { table: s.context.table } });
}

const persisted = (snapshot: RoundSnapshot, rules: RuleSet): Snapshot<unknown> =>
  JSON.parse(JSON.stringify(createActor(roundMachine, { input: { rules }, snapshot }).getPersistedSnapshot())) as Snapshot<unknown>;

/** One input on both sides: the same facts, snapshot and phase. Returns the reference's persisted snapshot. */
function expectSameStep(reference: XstateTable, engine: TableEngine, event: MachineEvent, where: string): Snapshot<unknown> {
  const expected = reference.send(event);
  const got = engine.submit(event.input, event.line);
  expect(JSON.stringify(got), where).toBe(JSON.stringify(expected));
  const snapshot = reference.actor.getPersistedSnapshot();
  expect(comparable(engine.persistedSnapshot()), `${where}: snapshot`).toBe(comparable(snapshot));
  expect(engine.phase, `${where}: phase`).toBe(flatten(reference.actor.getSnapshot().value));
  return snapshot;
}

/** Frozen through and through: a runner that changed the snapshot it was restored from would throw. */
function deepFreeze<T>(value: T): T {
  if (value !== null && typeof value === 'object' && !Object.isFrozen(value)) {
    Object.freeze(value);
    for (const inner of Object.values(value)) deepFreeze(inner);
  }
  return value;
}

const coverage = { states: new Map<string, Set<string>>(), transitions: new Map<string, Set<unknown>>() };

describe.each(knownRuleSets().map((name) => [name, loadRuleSet(name).rules] as const))('%s', (name, rules) => {
  test('every path xstate/graph finds: the same facts and persisted snapshot as the actor after every input', () => {
    const taken = new Set<unknown>();
    const entered = new Set<string>();
    let paths = 0;
    let inputs = 0;
    for (const start of startingPoints(rules)) {
      const found = getShortestPaths(roundMachine, { input: { rules }, fromState: start.snapshot, events: start.inputs, serializeState: abstractState, limit: 200_000 }); // over the limit, xstate/graph throws
      const from = persisted(start.snapshot, rules);
      const walks = found.map((path) => path.steps.map((step) => step.event as MachineEvent).filter((e) => (e.type as string) !== 'xstate.init'));
      const ends = new Set(walks.map(key));
      // A path that begins another is checked as part of it (inputs are compared one by one), and its end is
      // where that longer path's reference passes after as many inputs: from there, as from every path's end,
      // every input the walk tries, each on a fresh actor and runner restored from that persisted snapshot
      // (one parse, frozen, for all of them: neither side may change what it was restored from).
      const prefixes = new Set(walks.flatMap((events) => events.map((_, i) => key(events.slice(0, i)))));
      const fromEnd = (reference: XstateTable, snapshot: Snapshot<unknown>, where: string): void => {
        const here = deepFreeze(JSON.parse(JSON.stringify(snapshot)) as Snapshot<unknown>);
        for (const event of start.inputs(reference.actor.getSnapshot())) {
          expectSameStep(new XstateTable(rules, here, taken, entered), new TableEngine(rules, here), event, `${where} then ${JSON.stringify(event.input)}`);
          inputs++;
        }
        paths++;
      };
      for (const events of walks) {
        if (prefixes.has(key(events))) continue;
        const reference = new XstateTable(rules, from, taken, entered);
        const engine = new TableEngine(rules, from);
        const path = paths;
        if (ends.delete(key([]))) fromEnd(reference, reference.actor.getPersistedSnapshot(), `${start.name} path ${path} input 0`);
        events.forEach((event, i) => {
          const where = `${start.name} path ${path} input ${i + 1}`;
          const snapshot = expectSameStep(reference, engine, event, where);
          inputs++;
          const end = key(events.slice(0, i + 1));
          if (ends.delete(end)) fromEnd(reference, snapshot, where);
        });
      }
      expect([...ends], `${start.name}: paths whose end was never reached`).toEqual([]);
    }
    const states = new Set([...entered].flatMap((path) => path.split('.').map((_, i, keys) => `table.${keys.slice(0, i + 1).join('.')}`)));
    coverage.states.set(name, states);
    coverage.transitions.set(name, taken);
    const missed = [...inventory.transitions].filter(([t]) => !taken.has(t)).map(([, key]) => key);
    console.log(`${name}: ${paths} paths, ${inputs} inputs; states ${inventory.states.filter((s) => states.has(s)).length}/${inventory.states.length}, transitions ${inventory.transitions.size - missed.length}/${inventory.transitions.size}`);
    expect(inventory.states.filter((s) => !states.has(s)), 'states never entered').toEqual([]);
    expect(missed, 'transitions never taken').toEqual([]);
  });

  test('random sessions: the same facts and persisted snapshot as the actor after every input', () => {
    for (let seed = 1; seed <= 6; seed++) {
      const { inputs } = playRandomSession(rules, seed * 104729, 12);
      const reference = new XstateTable(rules);
      const engine = new TableEngine(rules);
      inputs.forEach((input, i) => expectSameStep(reference, engine, { type: input.type, input, line: i + 1 } as MachineEvent, `seed ${seed} input ${i + 1}`));
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

test('the chart has the states and transitions the differential counts', () => {
  expect(inventory.states.length).toBeGreaterThanOrEqual(10);
  expect(inventory.transitions.size).toBeGreaterThan(50);
});

test('a chart using what the runner does not implement is refused at compile time', () => {
  const parallel = setup({}).createMachine({ type: 'parallel', states: { a: {}, b: {} } });
  expect(() => new CompiledChart(parallel, roundActions)).toThrow(UnsupportedChartError);
  const withExit = setup({}).createMachine({ initial: 'a', states: { a: { exit: () => undefined } } });
  expect(() => new CompiledChart(withExit, roundActions)).toThrow(/exit actions/);
  const inlineAction = setup({}).createMachine({ initial: 'a', states: { a: { on: { go: { actions: () => undefined } } } } });
  expect(() => new CompiledChart(inlineAction, roundActions)).toThrow(/not a named action/);
});

const key = (events: MachineEvent[]): string => JSON.stringify(events.map((e) => e.input));

function flatten(value: unknown): string {
  if (typeof value === 'string') return value;
  const [key, inner] = Object.entries(value as Record<string, unknown>)[0] ?? [];
  return `${key}.${flatten(inner)}`;
}
