// The runner-vs-actor differential (docs/adr/0001-fast-chart-runner.md), shared by the two files that run it
// over halves of the rule sets (chart-runner.test.ts, chart-runner-more.test.ts) so the parallel group's
// workers take one half each. For each rule set: every path xstate/graph finds — the shortest path to every
// abstract state of the table, from each starting table of src/testing/chart-walk.ts — and from each such
// path's end every input worth trying (so every transition the walk sees); and random sessions with faults,
// pauses, voids and refusals. ChartRunner (TableEngine's stepper) and xstate's actor give the same facts and
// the same persisted snapshot after every input, and the walk must take every transition and enter every
// state of the chart (counted from the machine definition), so coverage cannot silently drop.
import { describe, expect, test } from 'vitest';
import { createActor, type Snapshot } from 'xstate';
import { getShortestPaths } from 'xstate/graph';
import { knownRuleSets, loadRuleSet } from '../../src/config/load-rule-set.js';
import { roundMachine } from '../../src/round/round-machine.js';
import { TableEngine } from '../../src/round/table-engine.js';
import type { TableEvent } from '../../src/round/events.js';
import type { MachineEvent, TableInput } from '../../src/round/inputs.js';
import type { RuleSet } from '../../src/rules/rule-set.js';
import { playRandomSession } from '../support/random-session.js';
import { chartInventory, abstractState, startingPoints, type RoundSnapshot, type StartingPoint } from '../../src/testing/chart-walk.js';

export const inventory = chartInventory(roundMachine);

/** A walk's bound: the worn shoe's walk of `switch` (80,000 inputs) took 178 s of the default 180 at load 23
 *  (2026-12-07), a third of that alone; the bound is there to catch a hang, not to measure. */
const WALK_TIMEOUT = 600_000;

/** The rule sets chart-runner-more.test.ts runs (about half of the inputs: `switch` alone walks a third of
 *  them); chart-runner.test.ts runs every other known rule set, so a new one is never left out. */
export const SECOND_HALF = ['switch', 'basic'];

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

/** `expect(got, where).toBe(wanted)`, called only when they differ: vitest's expect costs more than the
 *  comparison itself, and this runs a few hundred thousand times. */
function same(got: string, wanted: string, where: string): void {
  if (got !== wanted) expect(got, where).toBe(wanted);
}

/** One input on both sides: the same facts, snapshot and phase. Returns the reference's persisted snapshot. */
function expectSameStep(reference: XstateTable, engine: TableEngine, event: MachineEvent, where: string): Snapshot<unknown> {
  const expected = reference.send(event);
  const got = engine.submit(event.input, event.line);
  same(JSON.stringify(got), JSON.stringify(expected), where);
  const snapshot = reference.actor.getPersistedSnapshot();
  same(comparable(engine.persistedSnapshot()), comparable(snapshot), `${where}: snapshot`);
  same(engine.phase, flatten(reference.actor.getSnapshot().value), `${where}: phase`);
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

interface Pair { readonly reference: XstateTable; readonly engine: TableEngine; readonly snapshot: Snapshot<unknown> }

/** Every path xstate/graph finds from a starting table, compared input by input, and every input the walk
 *  tries from each path's end. The paths form a tree (a shortest path is its parent's path and one input), so
 *  they are walked depth first, each tree edge once: the inputs tried from a path's end each run on an actor
 *  and a runner restored from one parse of that end (frozen through: neither side may change what it was
 *  restored from); a longer path carries on from there, its first branch on the very actor and runner that
 *  came to the branch point, the others on those restored for the input that begins them. */
function walkEveryPath(rules: RuleSet, start: StartingPoint, taken: Set<unknown>, entered: Set<string>): { paths: number; inputs: number } {
  let paths = 0;
  let inputs = 0;
  const found = getShortestPaths(roundMachine, { input: { rules }, fromState: start.snapshot, events: start.inputs, serializeState: abstractState, limit: 200_000 }); // over the limit, xstate/graph throws
  const walks = found.map((path) => path.steps.map((step) => step.event as MachineEvent).filter((e) => (e.type as string) !== 'xstate.init'));
  const ends = new Map(walks.map((events, i) => [key(events), i] as const));
  // The inputs that lead on from each path's end to a longer path, by the path's key.
  const next = new Map<string, MachineEvent[]>();
  for (const events of walks) {
    const last = events.at(-1);
    if (!last) continue;
    const parent = key(events.slice(0, -1));
    next.set(parent, [...(next.get(parent) ?? []), last]);
  }
  const visit = (events: MachineEvent[], here: Pair): void => {
    const path = key(events);
    const index = ends.get(path);
    if (index === undefined) throw new Error(`${start.name}: a walk reached a path xstate/graph did not find: ${path}`);
    ends.delete(path);
    paths++;
    const where = `${start.name} path ${index} (${events.length} inputs)`;
    const frozen = deepFreeze(JSON.parse(JSON.stringify(here.snapshot)) as Snapshot<unknown>);
    const onward = next.get(path) ?? [];
    const restored = new Map<string, Pair>();
    for (const event of start.inputs(here.reference.actor.getSnapshot())) {
      const reference = new XstateTable(rules, frozen, taken, entered);
      const engine = new TableEngine(rules, frozen);
      const snapshot = expectSameStep(reference, engine, event, `${where} then ${JSON.stringify(event.input)}`);
      inputs++;
      if (onward.some((e, i) => i > 0 && sameInput(e, event))) restored.set(JSON.stringify(event.input), { reference, engine, snapshot });
    }
    onward.forEach((event, i) => {
      const step = `${where} then ${JSON.stringify(event.input)} (a longer path)`;
      let pair = i === 0 ? undefined : restored.get(JSON.stringify(event.input));
      if (!pair) {
        // The first branch on the actor and runner that came here; an input the walk did not try from this
        // concrete table (its abstract state's first table differed) on a pair restored for it.
        const reference = i === 0 ? here.reference : new XstateTable(rules, frozen, taken, entered);
        const engine = i === 0 ? here.engine : new TableEngine(rules, frozen);
        pair = { reference, engine, snapshot: expectSameStep(reference, engine, event, step) };
        inputs++;
      }
      restored.delete(JSON.stringify(event.input));
      visit([...events, event], pair);
    });
  };
  const reference = new XstateTable(rules, persisted(start.snapshot, rules), taken, entered);
  const engine = new TableEngine(rules, persisted(start.snapshot, rules));
  visit([], { reference, engine, snapshot: reference.actor.getPersistedSnapshot() });
  expect([...ends.keys()], `${start.name}: paths whose end was never reached`).toEqual([]);
  return { paths, inputs };
}

/** The differential for the named rule sets, one describe block each. */
export function describeDifferential(names: readonly string[]): void {
  describe.each(names.map((name) => [name, loadRuleSet(name).rules] as const))('%s', (name, rules) => {
    // One test a starting table (each has its own bound and names its table when it fails), then the chart's
    // coverage over all of them.
    const taken = new Set<unknown>();
    const entered = new Set<string>();
    const starts = startingPoints(rules);
    const walked: string[] = [];
    let paths = 0;
    let inputs = 0;
    for (const start of starts) {
      test(`from ${start.name}: every path xstate/graph finds, the same facts and persisted snapshot as the actor after every input`, () => {
        const counted = walkEveryPath(rules, start, taken, entered);
        paths += counted.paths;
        inputs += counted.inputs;
        walked.push(start.name);
      }, WALK_TIMEOUT);
    }

    test('the walks from every starting table entered every state and took every transition of the chart', () => {
      expect(walked, 'the starting tables walked to the end').toEqual(starts.map((start) => start.name));
      const states = new Set([...entered].flatMap((path) => path.split('.').map((_, i, keys) => `table.${keys.slice(0, i + 1).join('.')}`)));
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
}

/** Every known rule set but those of SECOND_HALF (chart-runner.test.ts), or those (chart-runner-more.test.ts). */
export function ruleSetHalf(second: boolean): string[] {
  return knownRuleSets().filter((name) => SECOND_HALF.includes(name) === second);
}

const sameInput = (a: MachineEvent, b: MachineEvent): boolean => JSON.stringify(a.input) === JSON.stringify(b.input);

const key = (events: MachineEvent[]): string => JSON.stringify(events.map((e) => e.input));

function flatten(value: unknown): string {
  if (typeof value === 'string') return value;
  const [key, inner] = Object.entries(value as Record<string, unknown>)[0] ?? [];
  return `${key}.${flatten(inner)}`;
}
