// A table's round machine as one synchronous step: an input goes in, the facts it causes come out.
// The caller appends the input and its facts to the log before acting on them ("persist, then act").
// The chart is roundMachine's (xstate); ChartRunner steps it directly, without an actor per table
// (issue 9: the xstate interpreter's own cost per input was most of a step). Persisted snapshots keep
// xstate's shape, so an xstate actor and this engine restore each other's.
import type { Snapshot } from 'xstate';
import type { RuleSet } from '../rules/rule-set.js';
import type { TableEvent } from './events.js';
import type { MachineEvent, TableInput } from './inputs.js';
import { roundMachine } from './round-machine.js';
import { initialTableState, type TableState } from './table-state.js';
import { ChartRunner, compileChart, type PersistedChartSnapshot } from './chart-runner.js';
import { upgradeTableSnapshot } from './table-snapshot.js';
import { abortStep, beginStep, endStep } from './change-table.js';

const START = { type: 'xstate.init' } as unknown as MachineEvent;

export class TableEngine {
  private readonly runner: ChartRunner;
  private collected: TableEvent[] = [];
  private readonly collect = (event: TableEvent): void => {
    this.collected.push(event);
  };

  constructor(readonly rules: RuleSet, snapshot?: Snapshot<unknown>) {
    const chart = compileChart(roundMachine);
    if (snapshot !== undefined) {
      const persisted = snapshot as unknown as PersistedChartSnapshot;
      this.runner = new ChartRunner(chart, persisted.context, { ...persisted, context: { ...persisted.context, table: upgradeTableSnapshot(persisted.context.table) } });
    } else {
      this.runner = new ChartRunner(chart, { rules, table: initialTableState() });
      // Anything the machine says on start (nothing today) belongs to no input.
      this.runner.start(START, () => undefined);
    }
  }

  /** Feeds one input through the machine and returns every fact it caused, in order. */
  submit(input: TableInput, line?: number): TableEvent[] {
    const facts: TableEvent[] = [];
    this.collected = facts;
    const event = (line !== undefined ? { type: input.type, input, line } : { type: input.type, input }) as MachineEvent;
    const runner = this.runner;
    runner.mark();
    beginStep();
    try {
      runner.send(event, this.collect);
      const table = endStep(runner.context.table);
      if (table !== runner.context.table) runner.context = { rules: runner.context.rules, table };
    } catch (err) {
      // A failing operation leaves no partial state: the table is as it was before the input.
      abortStep();
      runner.rollback();
      this.collected = [];
      throw err;
    }
    this.collected = [];
    return facts;
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
