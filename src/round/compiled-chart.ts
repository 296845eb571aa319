// The round machine's chart, read once from the xstate definition into the form ChartRunner steps:
// states by id, candidate transitions by event type, guards and actions as functions, and the exit and
// entry sets of every transition from every leaf worked out in advance. Only the features the chart
// uses are read — compound states, one active leaf, deep history, eventless (`always`) transitions,
// entry actions, guards and actions by name, wildcard `*` events — and a chart using anything else
// (parallel or final states, exit actions, invokes, delays, inline actions) is refused here, so a chart
// change cannot silently diverge from xstate (docs/adr/0001-fast-chart-runner.md).
import type { AnyStateMachine } from 'xstate';
import type { MachineEvent } from './inputs.js';
import type { RoundContext } from './round-context.js';
import type { StepAction } from './step-action.js';

export type Guard = (args: { context: RoundContext; event: MachineEvent }, params: undefined) => boolean;

/** The parts of xstate's StateNode and TransitionDefinition the compiler reads (xstate 5.x internals:
 *  check them on an upgrade, see the ADR). */
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

export interface ChartNode {
  readonly key: string;
  readonly id: string;
  readonly order: number;
  readonly parent: ChartNode | null;
  readonly path: string;
  readonly value: unknown;
  children: ChartNode[];
  initial: ChartNode | null;
  historyChildren: ChartNode[];
  always: ChartTransition[];
  entry: StepAction[];
  /** Candidate transitions by event type: exact match first, then `*` (xstate's getCandidates). */
  on: Map<string, ChartTransition[]>;
  wildcard: ChartTransition[];
  isHistory: boolean;
  isAtomic: boolean;
}

export interface ChartTransition {
  readonly source: ChartNode;
  readonly targets: ChartNode[] | null;
  readonly guard: Guard | null;
  readonly actions: StepAction[];
  readonly reenter: boolean;
  /** The exits and entries from each leaf, worked out at compile time (targets without history only). */
  readonly plans: Map<ChartNode, Plan> | null;
}

export interface Plan {
  readonly history: ReadonlyArray<readonly [string, ChartNode[]]>;
  readonly entering: readonly ChartNode[];
  readonly leaf: ChartNode | null;
}

export type History = ReadonlyMap<string, ChartNode[]>;

export class UnsupportedChartError extends Error {}

const NO_HISTORY: History = new Map();

/** The chart compiled once per machine: nodes by id, the root, the initial leaf. Immutable once built. */
export class CompiledChart {
  readonly nodes = new Map<string, ChartNode>();
  readonly root: ChartNode;
  readonly initialLeaf: ChartNode;
  private readonly transitions: ChartTransition[] = [];

  /** `actions`: every action the chart names, in the form the runner calls (round-actions.ts). */
  constructor(readonly machine: AnyStateMachine, private readonly actions: Readonly<Record<string, StepAction>>) {
    const xroot = machine.root as unknown as XNode;
    this.root = this.node(xroot, null);
    this.link(xroot);
    let leaf = this.root;
    while (leaf.initial) leaf = leaf.initial;
    this.initialLeaf = leaf;
    const leaves = [...this.nodes.values()].filter((n) => n.isAtomic);
    for (const t of this.transitions) {
      if (!t.plans) continue;
      for (const leaf of leaves) if (leaf === t.source || isDescendant(leaf, t.source)) t.plans.set(leaf, this.plan(t, leaf, NO_HISTORY));
    }
  }

  private node(x: XNode, parent: ChartNode | null): ChartNode {
    if (x.type === 'parallel' || x.type === 'final') throw new UnsupportedChartError(`state ${x.id}: ${x.type} states are not supported`);
    if (x.exit.length > 0 || x.invoke.length > 0 || (x.after?.length ?? 0) > 0) throw new UnsupportedChartError(`state ${x.id}: exit actions, invokes and delays are not supported`);
    if (x.type === 'history' && x.history !== 'deep') throw new UnsupportedChartError(`state ${x.id}: only deep history is supported`);
    if (x.type === 'history' && x.config.target !== undefined) throw new UnsupportedChartError(`state ${x.id}: a history default target is not supported`);
    if ((x.initial?.actions.length ?? 0) > 0) throw new UnsupportedChartError(`state ${x.id}: initial actions are not supported`);
    const path = parent === null ? '' : parent.path === '' ? x.key : `${parent.path}.${x.key}`;
    const n: ChartNode = {
      key: x.key, id: x.id, order: x.order, parent, path, value: path === '' ? null : valueOf(path.split('.')),
      children: [], initial: null, historyChildren: [], always: [], entry: [], on: new Map(), wildcard: [],
      isHistory: x.type === 'history', isAtomic: x.type === 'atomic',
    };
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

  private transition(t: XTransition): ChartTransition {
    const targets = t.target && t.target.length > 0 ? t.target.map((x) => this.get(x.id)) : null;
    const transition: ChartTransition = {
      source: this.get(t.source.id),
      targets,
      guard: this.guard(t.guard, t.source.id),
      actions: t.actions.map((a) => this.action(a, t.source.id)),
      reenter: t.reenter,
      plans: targets && !targets.some((n) => n.isHistory) ? new Map() : null,
    };
    this.transitions.push(transition);
    return transition;
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

  private action(a: unknown, where: string): StepAction {
    const step = typeof a === 'string' && Object.hasOwn(this.actions, a) ? this.actions[a] : undefined;
    if (!step) throw new UnsupportedChartError(`${where}: action ${typeof a === 'string' ? `"${a}"` : typeof a} is not a named action of the table`);
    return step;
  }

  get(id: string): ChartNode {
    const n = this.nodes.get(id);
    if (!n) throw new UnsupportedChartError(`no state ${id}`);
    return n;
  }

  /** The leaf a persisted state value names ("paused", { active: "playing" }). */
  leafOf(value: unknown): ChartNode {
    let n = this.root;
    let v = value;
    for (;;) {
      if (typeof v === 'string') {
        const child = n.children.find((c) => c.key === v);
        if (!child) throw new UnsupportedChartError(`no state ${v} in ${n.id}`);
        n = child;
        break;
      }
      const entries = Object.entries((v ?? {}) as Record<string, unknown>);
      const [key, inner] = entries[0] ?? [];
      const child = n.children.find((c) => c.key === key);
      if (entries.length !== 1 || !child) throw new UnsupportedChartError(`state value ${JSON.stringify(value)} does not fit the chart`);
      n = child;
      v = inner;
    }
    while (n.initial) n = n.initial;
    return n;
  }

  /** SCXML's exit and entry sets for `t` from `leaf` (xstate's computeExitSet / computeEntrySet). */
  plan(t: ChartTransition, leaf: ChartNode, history: History): Plan {
    const targets = effectiveTargets(t, history);
    const domain = this.domain(t, targets);
    // Exit: the active states below the domain; one with a deep history child records the leaf under it.
    const active: ChartNode[] = [];
    for (let n: ChartNode | null = leaf; n; n = n.parent) active.push(n);
    const exiting = active.filter((n) => isDescendant(n, domain) || (t.reenter && n === domain && t.source === domain));
    const recorded: Array<readonly [string, ChartNode[]]> = [];
    for (const n of exiting) for (const h of n.historyChildren) recorded.push([h.id, isDescendant(leaf, n) ? [leaf] : []]);
    // Enter: the targets (history resolved), their initial descendants and the ancestors below the domain.
    const entering = new Set<ChartNode>();
    for (const target of t.targets ?? []) {
      if (!target.isHistory && (t.source !== target || t.source !== domain || t.reenter)) entering.add(target);
      addDescendants(target, entering, history);
    }
    for (const target of targets) {
      for (let a = target.parent; a && a !== domain; a = a.parent) if (isDescendant(a, domain)) entering.add(a);
    }
    const ordered = [...entering].sort((a, b) => a.order - b.order);
    return { history: recorded, entering: ordered, leaf: ordered.filter((n) => n.isAtomic).at(-1) ?? null };
  }

  private domain(t: ChartTransition, targets: ChartNode[]): ChartNode {
    if (!t.reenter && targets.every((n) => n === t.source || isDescendant(n, t.source))) return t.source;
    const [head, ...tail] = [...targets, t.source];
    for (let a = (head as ChartNode).parent; a; a = a.parent) {
      if (tail.every((n) => isDescendant(n, a as ChartNode))) return a;
    }
    return this.root;
  }
}

function effectiveTargets(t: ChartTransition, history: History): ChartNode[] {
  const out: ChartNode[] = [];
  for (const target of t.targets ?? []) {
    if (!target.isHistory) out.push(target);
    else out.push(...(history.get(target.id) ?? [(target.parent as ChartNode).initial as ChartNode]));
  }
  return out;
}

function addDescendants(n: ChartNode, entering: Set<ChartNode>, history: History): void {
  if (n.isHistory) {
    const nodes = history.get(n.id) ?? [(n.parent as ChartNode).initial as ChartNode];
    for (const s of nodes) {
      entering.add(s);
      addDescendants(s, entering, history);
      for (let a = s.parent; a && a !== n.parent; a = a.parent) entering.add(a);
    }
    return;
  }
  if (n.initial) {
    entering.add(n.initial);
    addDescendants(n.initial, entering, history);
  }
}

export function isDescendant(n: ChartNode, ancestor: ChartNode): boolean {
  for (let p = n.parent; p; p = p.parent) if (p === ancestor) return true;
  return false;
}

function valueOf(keys: string[]): unknown {
  const [head, ...rest] = keys;
  return rest.length === 0 ? head : { [head as string]: valueOf(rest) };
}
