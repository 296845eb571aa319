// Paths from the chart (`shoe scenarios generate`, docs/qa.md): model-based testing after xstate's graph
// paths. The walk of chart-walk.ts finds the shortest path to every abstract state of the table; each prefix
// of a path, and each path followed by one more input worth trying there, is a candidate; a candidate
// becomes a scenario when it takes a transition or enters a state no scenario before it did. Paths from a
// new table (real inputs only) come first; the walk's stated starting tables (a worn shoe, a shoe near the
// cut-card reserve) only add what the walk from a new table does not reach: a foreign card while burning a
// one-card burn (no input sequence reaches it: a new shoe has every card), the cut card missing (the walk
// plays no whole shoe). Each scenario's expectations are today's results (settlements, refusals, every
// fact). Coverage is counted on xstate's own actor against the chart's states and transitions.
import { createActor, type AnyActorRef, type Snapshot } from 'xstate';
import { getShortestPaths } from 'xstate/graph';
import type { RuleSet } from '../rules/rule-set.js';
import type { MachineEvent, TableInput } from '../round/inputs.js';
import { roundMachine } from '../round/round-machine.js';
import { abstractState, chartInventory, newTable, startingPoints, type RoundSnapshot, type StartingPoint } from './chart-walk.js';
import { checkScenario, updatedScenario } from './check-scenario.js';
import { SCENARIO_FORMAT, type Scenario } from './scenario-schema.js';
import { startSnapshot, statedStart } from './stated-start.js';

export interface ChartCoverage {
  readonly statesReached: number;
  readonly statesTotal: number;
  readonly transitionsReached: number;
  readonly transitionsTotal: number;
  /** The chart's states and transitions no scenario reaches, in the chart's words. */
  readonly missed: readonly string[];
}

export interface ChartScenarios {
  readonly scenarios: readonly Scenario[];
  readonly coverage: ChartCoverage;
}

const inventory = chartInventory(roundMachine);

/** What one run of inputs took: transitions (xstate's own objects) and the states it entered. */
class Reach {
  readonly taken = new Set<unknown>();
  readonly entered = new Set<string>();
  readonly inspect = (e: { type: string }): void => {
    if (e.type !== '@xstate.microstep') return;
    const step = e as unknown as { _transitions: unknown[]; snapshot: { value: unknown } };
    for (const t of step._transitions) this.taken.add(t);
    let id = 'table';
    for (const key of statePath(step.snapshot.value)) this.entered.add((id = `${id}.${key}`));
  };
  addsTo(other: Reach): boolean {
    for (const t of this.taken) if (!other.taken.has(t)) return true;
    for (const s of this.entered) if (!other.entered.has(s)) return true;
    return false;
  }
  merge(other: Reach): void {
    for (const t of other.taken) this.taken.add(t);
    for (const s of other.entered) this.entered.add(s);
  }
  newIn(other: Reach): string[] {
    return [...this.taken].filter((t) => !other.taken.has(t)).map(transitionWords);
  }
}

/** A transition as the chart says it: "burning on card if cardForeign: raiseForeignCardFault → paused". */
function transitionWords(transition: unknown): string {
  const t = transition as { source: { id: string }; eventType: string; guard?: unknown; actions: unknown[]; target?: Array<{ id: string }> };
  const name = (x: unknown): string => (typeof x === 'string' ? x : typeof x === 'function' ? x.name || 'a test' : String((x as { type?: unknown }).type ?? '?'));
  const id = (s: string): string => s.replace(/^table\./, '');
  const on = t.eventType === '' ? ' always' : ` on ${t.eventType}`;
  const guard = t.guard !== undefined ? ` if ${name(t.guard)}` : '';
  const actions = t.actions.length > 0 ? `: ${t.actions.map(name).join(', ')}` : '';
  const target = t.target && t.target.length > 0 ? ` → ${t.target.map((n) => id(n.id)).join(', ')}` : '';
  return `${id(t.source.id)}${on}${guard}${actions}${target}`;
}

function statePath(value: unknown): string[] {
  if (typeof value === 'string') return [value];
  const [key, inner] = Object.entries(value as Record<string, unknown>)[0] ?? [];
  return key === undefined ? [] : [key, ...statePath(inner)];
}

const persist = (actor: AnyActorRef): Snapshot<unknown> => JSON.parse(JSON.stringify(actor.getPersistedSnapshot())) as Snapshot<unknown>;

function actorAt(rules: RuleSet, snapshot: Snapshot<unknown>, reach: Reach): AnyActorRef {
  return createActor(roundMachine, { input: { rules }, snapshot, inspect: reach.inspect }).start();
}

/** Whether an input tried at a path's end may take a transition not yet covered: one its type has in the
 *  state or an ancestor (xstate's candidates). Inputs whose candidates are all covered are not tried (most
 *  of them); an eventless transition only such an input would lead to is left to later paths and the
 *  stated starts — coverageOf recounts what the scenarios reach, so nothing is claimed that is not. */
function mayAdd(at: RoundSnapshot, event: MachineEvent, covered: Reach): boolean {
  const leaf = (at as unknown as { _nodes: Array<{ type: string; parent?: unknown; transitions: Map<string, unknown[]> }> })._nodes.find((n) => n.type === 'atomic');
  for (let node = leaf; node !== undefined; node = node.parent as typeof leaf) {
    for (const t of node.transitions.get(event.type) ?? node.transitions.get('*') ?? []) if (!covered.taken.has(t)) return true;
  }
  return false;
}

const complete = (reach: Reach): boolean =>
  reach.taken.size >= inventory.transitions.size && [...inventory.transitions.keys()].every((t) => reach.taken.has(t)) &&
  inventory.states.every((s) => reach.entered.has(s));

/** Where a path's first inputs leave the table, and the steps taken from there. */
interface Prefix {
  readonly persisted: Snapshot<unknown>;
  readonly at: RoundSnapshot;
  readonly next: Map<string, Prefix>;
}

/** Scenarios that together reach every state and transition the walk finds, for one rule set. */
export function chartScenarios(rules: RuleSet, rulesRef: string): ChartScenarios {
  const covered = new Reach();
  const chosen: Array<{ start: StartingPoint; events: MachineEvent[]; adds: string[] }> = [];
  for (const start of [newTable(rules), ...startingPoints(rules).filter((s) => s.name !== 'fresh table')]) {
    if (complete(covered)) break;
    const from = persist(createActor(roundMachine, { input: { rules }, snapshot: start.snapshot }));
    const found = getShortestPaths(roundMachine, { input: { rules }, fromState: start.snapshot, events: start.inputs, serializeState: abstractState, limit: 200_000 });
    const paths = found.map((p) => p.steps.map((s) => s.event as MachineEvent).filter((e) => (e.type as string) !== 'xstate.init'))
      .sort((a, b) => a.length - b.length);
    const consider = (events: MachineEvent[], reach: Reach): void => {
      if (!reach.addsTo(covered)) return;
      chosen.push({ start, events, adds: reach.newIn(covered) });
      covered.merge(reach);
    };
    // The paths share their beginnings: each step is taken once, from where its prefix left the table, and
    // the shortest prefix that takes something new becomes the scenario.
    const root: Prefix = { persisted: from, at: start.snapshot, next: new Map() };
    const step = (prefix: Prefix, events: MachineEvent[], event: MachineEvent): Prefix => {
      const reach = new Reach();
      const actor = actorAt(rules, prefix.persisted, reach);
      actor.send(event);
      consider([...events, event], reach);
      return { persisted: actor.getPersistedSnapshot() as Snapshot<unknown>, at: actor.getSnapshot() as RoundSnapshot, next: new Map() };
    };
    for (const events of paths) {
      if (complete(covered)) break;
      let prefix = root;
      events.forEach((event, i) => {
        const key = JSON.stringify(event);
        let reached = prefix.next.get(key);
        if (reached === undefined) prefix.next.set(key, (reached = step(prefix, events.slice(0, i), event)));
        prefix = reached;
      });
      for (const next of start.inputs(prefix.at)) if (mayAdd(prefix.at, next, covered)) step(prefix, events, next);
    }
  }
  const scenarios = chosen.map(({ start, events, adds }, i) => toScenario(rules, rulesRef, start, events, adds, i + 1));
  return { scenarios, coverage: coverageOf(rules, scenarios) };
}

function toScenario(rules: RuleSet, rulesRef: string, start: StartingPoint, events: MachineEvent[], adds: string[], n: number): Scenario {
  const stated = start.name !== 'new table';
  const base: Scenario = {
    format: SCENARIO_FORMAT,
    rules: rulesRef,
    note: `Chart path ${n}: from ${start.words}, ${events.length} input${events.length === 1 ? '' : 's'}; first to take ${adds.length > 0 ? adds.join('; ') : 'this way into a state'}.`,
    ...(stated ? { start: statedStart(rules, start.snapshot) } : {}),
    inputs: events.map((e) => e.input as TableInput),
    expect: [],
    refusals: [],
    facts: [],
  };
  return updatedScenario(base, checkScenario(rules, base));
}

/** The chart's states and transitions the scenarios reach, replayed afresh through xstate's actor. */
export function coverageOf(rules: RuleSet, scenarios: readonly Scenario[]): ChartCoverage {
  const reach = new Reach();
  for (const s of scenarios) {
    const snapshot = s.start === undefined
      ? persist(createActor(roundMachine, { input: { rules } }).start())
      : startSnapshot(rules, s.start);
    const actor = actorAt(rules, snapshot, reach);
    s.inputs.forEach((input, i) => actor.send({ type: input.type, input, line: i + 1 } as MachineEvent));
  }
  const states = inventory.states.filter((id) => reach.entered.has(id));
  const transitions = [...inventory.transitions].filter(([t]) => reach.taken.has(t));
  return {
    statesReached: states.length,
    statesTotal: inventory.states.length,
    transitionsReached: transitions.length,
    transitionsTotal: inventory.transitions.size,
    missed: [...inventory.states.filter((id) => !reach.entered.has(id)), ...[...inventory.transitions.keys()].filter((t) => !reach.taken.has(t)).map(transitionWords)],
  };
}
