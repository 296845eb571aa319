// The round machine's chart, read once from the xstate definition (its public config: chart-config.ts) into the form ChartRunner steps:
// states by id, candidate transitions by event type, guards and actions as functions, and the exit and
// entry sets of every transition from every leaf worked out in advance. Only the features the chart
// uses are read — compound states, one active leaf, deep history, eventless (`always`) transitions,
// entry actions, guards and actions by name, wildcard `*` events — and a chart using anything else
// (parallel or final states, exit actions, invokes, delays, inline actions) is refused here, so a chart
// change cannot silently diverge from xstate (docs/adr/0001-fast-chart-runner.md).
import type { AnyStateMachine } from 'xstate';
import type { StepAction } from './step-action.js';
import { readChartConfig, resolveTarget, UnsupportedChartError, type ConfigNode, type ConfigTransition, type Guard } from './chart-config.js';

export { UnsupportedChartError, type Guard } from './chart-config.js';

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
  /** From this state up to the root, in the order they are tried: the candidates for each event type the
   *  chart names, for any other type (the `*` ones), and the eventless ones. Looked up, not searched. */
  candidates: Map<string, ChartTransition[]>;
  otherEvent: ChartTransition[];
  eventless: ChartTransition[];
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

const NO_HISTORY: History = new Map();

/** The chart compiled once per machine: nodes by id, the root, the initial leaf. Immutable once built. */
export class CompiledChart {
  readonly nodes = new Map<string, ChartNode>();
  readonly root: ChartNode;
  readonly initialLeaf: ChartNode;
  private readonly transitions: ChartTransition[] = [];

  /** `actions`: every action the chart names, in the form the runner calls (round-actions.ts). The chart is
   *  read from the machine's public config (chart-config.ts), its guards from `machine.implementations`. */
  constructor(machine: AnyStateMachine, private readonly actions: Readonly<Record<string, StepAction>>) {
    const { root, byId } = readChartConfig(machine);
    this.root = this.node(root, null);
    for (const c of byId.values()) this.link(c, byId);
    let leaf = this.root;
    while (leaf.initial) leaf = leaf.initial;
    this.initialLeaf = leaf;
    const types = new Set([...this.nodes.values()].flatMap((n) => [...n.on.keys()]));
    for (const n of this.nodes.values()) {
      for (let a: ChartNode | null = n; a; a = a.parent) {
        n.otherEvent.push(...a.wildcard);
        n.eventless.push(...a.always);
      }
      for (const type of types) {
        const list: ChartTransition[] = [];
        for (let a: ChartNode | null = n; a; a = a.parent) list.push(...(a.on.get(type) ?? a.wildcard));
        n.candidates.set(type, list);
      }
    }
    const leaves = [...this.nodes.values()].filter((n) => n.isAtomic);
    for (const t of this.transitions) {
      if (!t.plans) continue;
      for (const leaf of leaves) if (leaf === t.source || isDescendant(leaf, t.source)) t.plans.set(leaf, this.plan(t, leaf, NO_HISTORY));
    }
  }

  private node(c: ConfigNode, parent: ChartNode | null): ChartNode {
    const path = parent === null ? '' : parent.path === '' ? c.key : `${parent.path}.${c.key}`;
    const n: ChartNode = {
      key: c.key, id: c.id, order: c.order, parent, path, value: path === '' ? null : valueOf(path.split('.')),
      children: [], initial: null, historyChildren: [], always: [], entry: [], on: new Map(), wildcard: [],
      candidates: new Map(), otherEvent: [], eventless: [], isHistory: c.isHistory, isAtomic: !c.isHistory && c.children.length === 0,
    };
    this.nodes.set(c.id, n);
    for (const child of c.children) {
      const cn = this.node(child, n);
      n.children.push(cn);
      if (cn.isHistory) n.historyChildren.push(cn);
    }
    return n;
  }

  private link(c: ConfigNode, byId: ReadonlyMap<string, ConfigNode>): void {
    const n = this.get(c.id);
    if (c.initialKey !== null) {
      const initial = n.children.find((x) => x.key === c.initialKey);
      if (!initial) throw new UnsupportedChartError(`state ${c.id}: initial state "${c.initialKey}" is not one of its states`);
      n.initial = initial;
    } else if (n.children.length > 0) {
      throw new UnsupportedChartError(`state ${c.id}: a compound state needs an initial state`);
    }
    n.entry = c.entry.map((a) => this.action(a, c.id));
    n.always = c.always.map((t) => this.transition(t, byId));
    for (const [type, list] of c.on) {
      if (type === '*') n.wildcard = list.map((t) => this.transition(t, byId));
      else n.on.set(type, list.map((t) => this.transition(t, byId)));
    }
    for (const [type, list] of n.on) n.on.set(type, [...list, ...n.wildcard]);
  }

  private transition(t: ConfigTransition, byId: ReadonlyMap<string, ConfigNode>): ChartTransition {
    const targets = t.targets && t.targets.length > 0 ? t.targets.map((x) => this.get(resolveTarget(x, t.source, byId).id)) : null;
    const transition: ChartTransition = {
      source: this.get(t.source.id),
      targets,
      guard: t.guard,
      actions: t.actions.map((a) => this.action(a, t.source.id)),
      reenter: t.reenter,
      plans: targets && !targets.some((n) => n.isHistory) ? new Map() : null,
    };
    this.transitions.push(transition);
    return transition;
  }

  private action(name: string, where: string): StepAction {
    const step = Object.hasOwn(this.actions, name) ? this.actions[name] : undefined;
    if (!step) throw new UnsupportedChartError(`${where}: action "${name}" is not a named action of the table`);
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
