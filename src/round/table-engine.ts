// A table's round machine as one synchronous step: an input goes in, the facts it causes come out.
// The caller appends the input and its facts to the log before acting on them ("persist, then act").
// The chart is roundMachine's (xstate); ChartRunner steps it directly, without an actor per table, since
// the xstate interpreter's own cost per input was most of a step (docs/adr/0001-fast-chart-runner.md).
// Persisted snapshots keep xstate's shape, so an xstate actor and this engine restore each other's.
import type { Snapshot } from 'xstate';
import { parseCard } from '../rules/cards.js';
import type { RuleSet } from '../rules/rule-set.js';
import type { TableEvent } from './events.js';
import type { MachineEvent, TableInput } from './inputs.js';
import { roundMachine } from './round-machine.js';
import { roundActions } from './round-actions.js';
import { initialTableState, type TableState } from './table-state.js';
import { CompiledChart } from './compiled-chart.js';
import { ChartRunner, type PersistedChartSnapshot } from './chart-runner.js';
import { upgradeTableSnapshot } from './table-snapshot.js';
import { IN_PLACE, markChangedInPlace, StepDrafts, type TableDrafts } from './change-table.js';

const START = { type: 'xstate.init' } as unknown as MachineEvent;

/** The round machine's chart, compiled once; immutable, so every engine shares it. */
export const ROUND_CHART = new CompiledChart(roundMachine, roundActions);

export interface TableEngineOptions {
  /** How operations draft the state (default: the product's StepDrafts; bench/engine.ts --drafts measures others). */
  readonly drafts?: TableDrafts;
}

export class TableEngine {
  private readonly runner: ChartRunner;
  private readonly drafts: TableDrafts;
  private collected: TableEvent[] = [];
  private readonly collect = (event: TableEvent): void => {
    this.collected.push(event);
  };

  constructor(readonly rules: RuleSet, snapshot?: Snapshot<unknown>, options: TableEngineOptions = {}) {
    this.drafts = options.drafts ?? new StepDrafts();
    if (snapshot !== undefined) {
      const persisted = snapshot as unknown as PersistedChartSnapshot;
      this.runner = new ChartRunner(ROUND_CHART, persisted.context, this.drafts, { ...persisted, context: { ...persisted.context, table: upgradeTableSnapshot(persisted.context.table) } });
    } else {
      this.runner = new ChartRunner(ROUND_CHART, { rules, table: initialTableState() }, this.drafts);
      // Anything the machine says on start (nothing today) belongs to no input.
      this.runner.start(START, () => undefined);
    }
    // An in-place engine's table is its only state: its shoe counts may change in place (change-table.ts).
    if (this.drafts === IN_PLACE) markChangedInPlace(this.runner.context.table);
  }

  /** Feeds one input through the machine and returns every fact it caused, in order. */
  submit(input: TableInput, line?: number): TableEvent[] {
    const facts: TableEvent[] = [];
    this.collected = facts;
    const event = machineEvent(input, line);
    const runner = this.runner;
    const drafts = this.drafts;
    runner.mark();
    drafts.beginStep();
    try {
      runner.send(event, this.collect);
      const table = drafts.endStep(runner.context.table);
      if (table !== runner.context.table) runner.context = { rules: runner.context.rules, table };
    } catch (err) {
      // A failing operation leaves no partial state: the table is as it was before the input.
      drafts.abortStep();
      runner.rollback();
      this.collected = [];
      throw err;
    }
    this.collected = [];
    return facts;
  }

  /** One input as the chart receives it (built once by the caller, e.g. with `machineEvent`), its facts
   *  handed to `observe` as they come, in order: the same step as `submit`, without an array per input. A
   *  failing step (or a throwing `observe`) leaves the table as it was, as `submit` does; the facts observed
   *  before the failure were observed. For the simulator (src/app/par/simulate-table.ts), which reuses its events. */
  step(event: MachineEvent, observe: (fact: TableEvent) => void): void {
    const runner = this.runner;
    const drafts = this.drafts;
    runner.mark();
    drafts.beginStep();
    try {
      runner.send(event, observe);
      const table = drafts.endStep(runner.context.table);
      if (table !== runner.context.table) runner.context = { rules: runner.context.rules, table };
    } catch (err) {
      drafts.abortStep();
      runner.rollback();
      throw err;
    }
  }

  get table(): TableState {
    return this.runner.context.table;
  }

  /** Where the machine is, e.g. "active.playing" or "paused". */
  get phase(): string {
    return this.runner.path;
  }

  /** A snapshot to restart from (an optimisation: replaying the inputs rebuilds the same state). The
   *  state is immutable (change-table.ts), so this costs nothing and later inputs never change it. */
  persistedSnapshot(): Snapshot<unknown> {
    return this.runner.persisted() as unknown as Snapshot<unknown>;
  }
}

/** The input as the chart receives it; a card input carries its card parsed once for the guards and actions. */
export function machineEvent(input: TableInput, line?: number): MachineEvent {
  if (input.type === 'card') {
    const parsed = parseCard(input.card);
    const card = parsed.ok ? parsed.card : null;
    return line !== undefined ? { type: 'card', input, line, card } : { type: 'card', input, card };
  }
  return (line !== undefined ? { type: input.type, input, line } : { type: input.type, input }) as MachineEvent;
}
