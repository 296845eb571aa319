// Runs the round machine's chart — the xstate definition in round-machine.ts, unchanged — one input at a
// time without an actor (issue 9: the machine at simulation speed). xstate's interpreter costs several
// microseconds per event (snapshots, microstep sets, inspection); this runner follows the same SCXML steps
// for the features the chart uses — compound states, one active leaf, deep history, eventless (`always`)
// transitions, entry actions, guards and actions by name, wildcard `*` events — and refuses to compile a
// chart that uses anything else (parallel or final states, exit actions, invokes, delays), so a chart
// change cannot silently diverge. test/round/chart-runner.test.ts checks it against xstate's own actor:
// the same facts and the same persisted snapshot after every input.
import type { AnyStateMachine } from 'xstate';
import type { TableEvent } from './events.js';
import type { MachineEvent } from './inputs.js';
import type { RoundContext } from './round-context.js';
import { directOf, type DirectAction } from './direct-action.js';

type Guard = (args: { context: RoundContext; event: MachineEvent }, params: undefined) => boolean;

/** The parts of xstate's StateNode and TransitionDefinition the runner reads. */
interface XNode {
  id: string;
  key: string;
  type: 'atomic' | 'compound' | 'parallel' | 'final' | 'history';
  history?: 'deep' | 'shallow' | false;
  order: number;
  parent?: XNode;
  states: Record<string, XNode>;
  initial?: { target: XNode[]; actions: unknown[] };
  transitions: Map<string, XTransition[]>;
  always?: XTransition[];
  entry: unknown[];
  exit: unknown[];
  invoke: unknown[];
  after: unknown[];
  config: { target?: unknown };
}
interface XTransition {
  target?: readonly XNode[];
  source: XNode;
  guard?: unknown;
  actions: unknown[];
  reenter: boolean;
}

interface Node {
  readonly x: XNode;
  readonly id: string;
  readonly order: number;
  readonly parent: Node | null;
  readonly path: string;
  readonly value: unknown;
  readonly depth: number;
  children: Node[];
  initial: Node | null;
  historyChildren: Node[];
  always: Transition[];
  entry: DirectAction[];
  /** Candidate transitions by event type: exact match first, then `*` (xstate's getCandidates). */
  on: Map<string, Transition[]>;
  wildcard: Transition[];
  isHistory: boolean;
  isAtomic: boolean;
}

interface Transition {
  readonly source: Node;
  readonly targets: Node[] | null;
  readonly guard: Guard | null;
  readonly actions: DirectAction[];
  readonly reenter: boolean;
  /** The exits and entries from each leaf, worked out once (targets without history only). */
  readonly plans: Map<Node, Plan> | null;
}

interface Plan {
  readonly history: ReadonlyArray<readonly [string, Node[]]>;
  readonly entering: readonly Node[];
  readonly leaf: Node | null;
}

export class UnsupportedChartError extends Error {}

/** The chart compiled once per machine: nodes by id, the root, the initial leaf. */
export class CompiledChart {
  readonly nodes = new Map<string, Node>();
  readonly root: Node;
  readonly initialLeaf: Node;

  constructor(readonly machine: AnyStateMachine) {
    const xroot = machine.root as unknown as XNode;
    this.root = this.node(xroot, null);
    this.link(xroot);
    let leaf = this.root;
    while (leaf.initial) leaf = leaf.initial;
    this.initialLeaf = leaf;
  }

  private node(x: XNode, parent: Node | null): Node {
    if (x.type === 'parallel' || x.type === 'final') throw new UnsupportedChartError(`state ${x.id}: ${x.type} states are not supported`);
    if (x.exit.length > 0 || x.invoke.length > 0 || (x.after?.length ?? 0) > 0) throw new UnsupportedChartError(`state ${x.id}: exit actions, invokes and delays are not supported`);
    if (x.type === 'history' && x.history !== 'deep') throw new UnsupportedChartError(`state ${x.id}: only deep history is supported`);
    if (x.type === 'history' && x.config.target !== undefined) throw new UnsupportedChartError(`state ${x.id}: a history default target is not supported`);
    if ((x.initial?.actions.length ?? 0) > 0) throw new UnsupportedChartError(`state ${x.id}: initial actions are not supported`);
    const path = parent === null ? '' : parent.path === '' ? x.key : `${parent.path}.${x.key}`;
    const n: Node = {
      x, id: x.id, order: x.order, parent, path, value: null, depth: parent ? parent.depth + 1 : 0,
      children: [], initial: null, historyChildren: [], always: [], entry: [], on: new Map(), wildcard: [],
      isHistory: x.type === 'history', isAtomic: x.type === 'atomic',
    };
    (n as { value: unknown }).value = path === '' ? null : valueOf(path.split('.'));
    this.nodes.set(x.id, n);
    for (const child of Object.values(x.states)) {
      const c = this.node(child, n);
      n.children.push(c);
      if (c.isHistory) n.historyChildren.push(c);
    }
    return n;
  }

  private link(x: XNode): void {
    const n = this.get(x.id);
    const initial = x.type === 'compound' ? x.initial?.target[0] : undefined;
    if (initial) n.initial = this.get(initial.id);
    n.entry = x.entry.map((a) => this.action(a, x.id));
    n.always = (x.always ?? []).map((t) => this.transition(t));
    for (const [type, list] of x.transitions) {
      if (type === '*') n.wildcard = list.map((t) => this.transition(t));
      else if (type.includes('*')) throw new UnsupportedChartError(`state ${x.id}: partial wildcard "${type}" is not supported`);
      else n.on.set(type, list.map((t) => this.transition(t)));
    }
    for (const [type, list] of n.on) n.on.set(type, [...list, ...n.wildcard]);
    for (const child of Object.values(x.states)) this.link(child);
  }

  private transition(t: XTransition): Transition {
    const targets = t.target && t.target.length > 0 ? t.target.map((x) => this.get(x.id)) : null;
    return {
      source: this.get(t.source.id),
      targets,
      guard: this.guard(t.guard, t.source.id),
      actions: t.actions.map((a) => this.action(a, t.source.id)),
      reenter: t.reenter,
      plans: targets && !targets.some((n) => n.isHistory) ? new Map() : null,
    };
  }

  private guard(g: unknown, where: string): Guard | null {
    if (g === undefined) return null;
    if (typeof g === 'function') return g as Guard;
    if (typeof g === 'string') {
      const impl = (this.machine.implementations.guards as Record<string, unknown>)[g];
      if (typeof impl === 'function') return impl as Guard;
    }
    throw new UnsupportedChartError(`${where}: guard ${JSON.stringify(g)} is not a named or inline function`);
  }

  private action(a: unknown, where: string): DirectAction {
    const impl = typeof a === 'string' ? (this.machine.implementations.actions as Record<string, unknown>)[a] : a;
    const direct = directOf(impl);
    if (!direct) throw new UnsupportedChartError(`${where}: action ${typeof a === 'string' ? a : typeof a} has no direct form (withDirect)`);
    return direct;
  }

  get(id: string): Node {
    const n = this.nodes.get(id);
    if (!n) throw new UnsupportedChartError(`no state ${id}`);
    return n;
  }

  /** The leaf a persisted state value names ("paused", { active: "playing" }). */
  leafOf(value: unknown): Node {
    let n = this.root;
    let v = value;
    for (;;) {
      if (typeof v === 'string') {
        const child = n.children.find((c) => c.x.key === v);
        if (!child) throw new UnsupportedChartError(`no state ${v} in ${n.id}`);
        n = child;
        break;
      }
      const entries = Object.entries((v ?? {}) as Record<string, unknown>);
      const [key, inner] = entries[0] ?? [];
      const child = n.children.find((c) => c.x.key === key);
      if (entries.length !== 1 || !child) throw new UnsupportedChartError(`state value ${JSON.stringify(value)} does not fit the chart`);
      n = child;
      v = inner;
    }
    while (n.initial) n = n.initial;
    return n;
  }
}

function valueOf(keys: string[]): unknown {
  const [head, ...rest] = keys;
  return rest.length === 0 ? head : { [head as string]: valueOf(rest) };
}

const charts = new WeakMap<AnyStateMachine, CompiledChart>();

export function compileChart(machine: AnyStateMachine): CompiledChart {
  let chart = charts.get(machine);
  if (!chart) {
    chart = new CompiledChart(machine);
    charts.set(machine, chart);
  }
  return chart;
}

/** xstate's persisted snapshot shape (getPersistedSnapshot), so stored snapshots work both ways. */
export interface PersistedChartSnapshot {
  status: 'active';
  output?: undefined;
  error?: undefined;
  value: unknown;
  historyValue: Record<string, Array<{ id: string }>>;
  context: RoundContext;
  children: Record<string, never>;
}

function isDescendant(n: Node, ancestor: Node): boolean {
  for (let p = n.parent; p; p = p.parent) if (p === ancestor) return true;
  return false;
}

/** One table's position in the chart: the active leaf, the recorded history, the context. */
export class ChartRunner {
  private leaf: Node;
  private history: Map<string, Node[]>;
  context: RoundContext;
  /** The argument every guard gets, reused (guards read it and keep nothing): no object per guard call. */
  private readonly guardArgs: { context: RoundContext; event: MachineEvent };
  /** Where mark() left the runner (see rollback). */
  private markedLeaf: Node | null = null;
  private markedHistory: Map<string, Node[]> | null = null;
  private markedContext: RoundContext | null = null;

  constructor(readonly chart: CompiledChart, context: RoundContext, snapshot?: { value: unknown; historyValue?: Record<string, Array<{ id: string }>>; context: RoundContext }) {
    if (snapshot) {
      this.leaf = chart.leafOf(snapshot.value);
      this.history = new Map(Object.entries(snapshot.historyValue ?? {}).map(([id, nodes]) => [id, nodes.map((n) => chart.get(n.id))]));
      this.context = snapshot.context;
    } else {
      // Start: enter the initial states (no entry actions on them), then settle eventless transitions.
      this.leaf = chart.initialLeaf;
      this.history = new Map();
      this.context = context;
    }
    this.guardArgs = { context: this.context, event: null as unknown as MachineEvent };
  }

  /** Starting fresh runs the eventless transitions of the initial state, as xstate's actor.start() does. */
  start(event: MachineEvent, emit: (e: TableEvent) => void): void {
    this.settle(event, emit);
  }

  get path(): string {
    return this.leaf.path;
  }

  get value(): unknown {
    return this.leaf.value;
  }

  /** One macrostep: the first enabled transition for the event, then eventless transitions until none. */
  send(event: MachineEvent, emit: (e: TableEvent) => void): void {
    const t = this.select(event);
    if (t) this.microstep(t, event, emit); // unhandled: no transition, yet eventless ones are still tried (as xstate)
    this.settle(event, emit);
  }

  /** Where the runner is now (the state is immutable, so this is cheap), to go back to on failure. */
  position(): { leaf: Node; history: Map<string, Node[]>; context: RoundContext } {
    return { leaf: this.leaf, history: this.history, context: this.context };
  }

  restore(position: { leaf: Node; history: Map<string, Node[]>; context: RoundContext }): void {
    this.leaf = position.leaf;
    this.history = position.history;
    this.context = position.context;
  }

  /** Remembers where the runner is (as position(), without an object per input). */
  mark(): void {
    this.markedLeaf = this.leaf;
    this.markedHistory = this.history;
    this.markedContext = this.context;
  }

  /** Goes back to where mark() was called. */
  rollback(): void {
    if (this.markedLeaf === null || this.markedHistory === null || this.markedContext === null) return;
    this.leaf = this.markedLeaf;
    this.history = this.markedHistory;
    this.context = this.markedContext;
  }

  persisted(): PersistedChartSnapshot {
    const historyValue: Record<string, Array<{ id: string }>> = {};
    for (const [id, nodes] of this.history) historyValue[id] = nodes.map((n) => ({ id: n.id }));
    return { status: 'active', output: undefined, error: undefined, value: this.leaf.value, historyValue, context: this.context, children: {} };
  }

  private settle(event: MachineEvent, emit: (e: TableEvent) => void): void {
    for (;;) {
      const t = this.selectEventless(event);
      if (!t) return;
      this.microstep(t, event, emit);
    }
  }

  private passes(t: Transition, event: MachineEvent): boolean {
    if (t.guard === null) return true;
    const args = this.guardArgs;
    args.context = this.context;
    args.event = event;
    return t.guard(args, undefined);
  }

  private select(event: MachineEvent): Transition | null {
    for (let n: Node | null = this.leaf; n; n = n.parent) {
      const candidates = n.on.get(event.type) ?? n.wildcard;
      for (let i = 0; i < candidates.length; i++) if (this.passes(candidates[i] as Transition, event)) return candidates[i] as Transition;
    }
    return null;
  }

  private selectEventless(event: MachineEvent): Transition | null {
    for (let n: Node | null = this.leaf; n; n = n.parent) {
      const always = n.always;
      for (let i = 0; i < always.length; i++) if (this.passes(always[i] as Transition, event)) return always[i] as Transition;
    }
    return null;
  }

  private run(actions: readonly DirectAction[], event: MachineEvent, emit: (e: TableEvent) => void): void {
    for (let i = 0; i < actions.length; i++) this.context = (actions[i] as DirectAction)(this.context, event, emit);
  }

  private effectiveTargets(t: Transition): Node[] {
    const out: Node[] = [];
    for (const target of t.targets ?? []) {
      if (!target.isHistory) out.push(target);
      else out.push(...(this.history.get(target.id) ?? [(target.parent as Node).initial as Node]));
    }
    return out;
  }

  private domain(t: Transition, targets: Node[]): Node {
    if (!t.reenter && targets.every((n) => n === t.source || isDescendant(n, t.source))) return t.source;
    const [head, ...tail] = [...targets, t.source];
    for (let a = (head as Node).parent; a; a = a.parent) {
      if (tail.every((n) => isDescendant(n, a as Node))) return a;
    }
    return this.chart.root;
  }

  private microstep(t: Transition, event: MachineEvent, emit: (e: TableEvent) => void): void {
    if (t.targets === null) {
      this.run(t.actions, event, emit);
      return;
    }
    let plan = t.plans?.get(this.leaf);
    if (!plan) {
      plan = this.plan(t);
      t.plans?.set(this.leaf, plan);
    }
    if (plan.history.length > 0) {
      this.history = new Map(this.history); // copied on write: a saved position keeps its own
      for (const [id, nodes] of plan.history) this.history.set(id, nodes);
    }
    this.run(t.actions, event, emit);
    const entering = plan.entering;
    for (let i = 0; i < entering.length; i++) {
      const n = entering[i] as Node;
      if (n.entry.length > 0) this.run(n.entry, event, emit);
    }
    if (plan.leaf) this.leaf = plan.leaf;
  }

  /** SCXML's exit and entry sets for `t` from the current leaf (xstate's computeExitSet / computeEntrySet). */
  private plan(t: Transition): Plan {
    const targets = this.effectiveTargets(t);
    const domain = this.domain(t, targets);
    // Exit: the active states below the domain; one with a deep history child records the leaf under it.
    const active: Node[] = [];
    for (let n: Node | null = this.leaf; n; n = n.parent) active.push(n);
    const exiting = active.filter((n) => isDescendant(n, domain) || (t.reenter && n === domain && t.source === domain));
    const history: Array<readonly [string, Node[]]> = [];
    for (const n of exiting) for (const h of n.historyChildren) history.push([h.id, isDescendant(this.leaf, n) ? [this.leaf] : []]);
    // Enter: the targets (history resolved), their initial descendants and the ancestors below the domain.
    const entering = new Set<Node>();
    for (const target of t.targets ?? []) {
      if (!target.isHistory && (t.source !== target || t.source !== domain || t.reenter)) entering.add(target);
      this.addDescendants(target, entering);
    }
    for (const target of targets) {
      for (let a = target.parent; a && a !== domain; a = a.parent) if (isDescendant(a, domain)) entering.add(a);
    }
    const ordered = [...entering].sort((a, b) => a.order - b.order);
    return { history, entering: ordered, leaf: ordered.filter((n) => n.isAtomic).at(-1) ?? null };
  }

  private addDescendants(n: Node, entering: Set<Node>): void {
    if (n.isHistory) {
      const recorded = this.history.get(n.id);
      const nodes = recorded ?? [(n.parent as Node).initial as Node];
      for (const s of nodes) {
        entering.add(s);
        this.addDescendants(s, entering);
        for (let a = s.parent; a && a !== n.parent; a = a.parent) entering.add(a);
      }
      return;
    }
    if (n.initial) {
      entering.add(n.initial);
      this.addDescendants(n.initial, entering);
    }
  }
}
