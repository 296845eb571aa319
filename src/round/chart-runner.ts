// Runs the round machine's chart — the xstate definition in round-machine.ts, compiled by
// compiled-chart.ts — one input at a time without an actor: the product's only stepping code. xstate's
// interpreter costs several microseconds per event (snapshots, microstep sets, inspection); this runner
// follows the same SCXML steps for the features the chart uses and nothing else. Why, what it supports
// and how it is held equal to xstate's actor: docs/adr/0001-fast-chart-runner.md.
import type { TableEvent } from './events.js';
import type { MachineEvent } from './inputs.js';
import type { RoundContext } from './round-context.js';
import type { TableDrafts } from './change-table.js';
import type { ChartNode, ChartTransition, CompiledChart } from './compiled-chart.js';

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

type Emit = (e: TableEvent) => void;

/** One table's position in the chart: the active leaf, the recorded history, the context. */
export class ChartRunner {
  private leaf: ChartNode;
  private history: Map<string, ChartNode[]>;
  context: RoundContext;
  /** The argument every guard gets, reused (guards read it and keep nothing): no object per guard call. */
  private readonly guardArgs: { context: RoundContext; event: MachineEvent };
  /** Where mark() left the runner (see rollback). */
  private markedLeaf: ChartNode | null = null;
  private markedHistory: Map<string, ChartNode[]> | null = null;
  private markedContext: RoundContext | null = null;

  /** `drafts`: how this runner's actions draft the table state (the engine's own). */
  constructor(
    readonly chart: CompiledChart,
    context: RoundContext,
    private readonly drafts: TableDrafts,
    snapshot?: { value: unknown; historyValue?: Record<string, Array<{ id: string }>>; context: RoundContext },
  ) {
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
  start(event: MachineEvent, emit: Emit): void {
    this.settle(event, emit);
  }

  get path(): string {
    return this.leaf.path;
  }

  get value(): unknown {
    return this.leaf.value;
  }

  /** One macrostep: the first enabled transition for the event, then eventless transitions until none. */
  send(event: MachineEvent, emit: Emit): void {
    const t = this.select(event);
    if (t) this.microstep(t, event, emit); // unhandled: no transition, yet eventless ones are still tried (as xstate)
    this.settle(event, emit);
  }

  /** Remembers where the runner is (the state is immutable, so no copy is made). */
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

  private settle(event: MachineEvent, emit: Emit): void {
    for (;;) {
      const t = this.selectEventless(event);
      if (!t) return;
      this.microstep(t, event, emit);
    }
  }

  private passes(t: ChartTransition, event: MachineEvent): boolean {
    if (t.guard === null) return true;
    const args = this.guardArgs;
    args.context = this.context;
    args.event = event;
    return t.guard(args, undefined);
  }

  /** The first enabled transition for the event: from the leaf up, exact type before `*` (the leaf's list, compiled). */
  private select(event: MachineEvent): ChartTransition | null {
    const candidates = this.leaf.candidates.get(event.type) ?? this.leaf.otherEvent;
    for (let i = 0; i < candidates.length; i++) if (this.passes(candidates[i] as ChartTransition, event)) return candidates[i] as ChartTransition;
    return null;
  }

  private selectEventless(event: MachineEvent): ChartTransition | null {
    const always = this.leaf.eventless;
    for (let i = 0; i < always.length; i++) if (this.passes(always[i] as ChartTransition, event)) return always[i] as ChartTransition;
    return null;
  }

  private run(actions: ChartTransition['actions'], event: MachineEvent, emit: Emit): void {
    for (let i = 0; i < actions.length; i++) this.context = (actions[i] as ChartTransition['actions'][number])(this.context, event, emit, this.drafts);
  }

  private microstep(t: ChartTransition, event: MachineEvent, emit: Emit): void {
    if (t.targets === null) {
      this.run(t.actions, event, emit);
      return;
    }
    const plan = t.plans?.get(this.leaf) ?? this.chart.plan(t, this.leaf, this.history);
    if (plan.history.length > 0) {
      this.history = new Map(this.history); // copied on write: a marked position keeps its own
      for (const [id, nodes] of plan.history) this.history.set(id, nodes);
    }
    this.run(t.actions, event, emit);
    const entering = plan.entering;
    for (let i = 0; i < entering.length; i++) {
      const n = entering[i] as ChartNode;
      if (n.entry.length > 0) this.run(n.entry, event, emit);
    }
    if (plan.leaf) this.leaf = plan.leaf;
  }
}
