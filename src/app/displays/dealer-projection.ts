// The dealer's display: what to do next, the table as the players see it (the dealer does not see the
// hole card either), the pause and open faults with their cards (the dealer pulls them), and the halt
// when the log cannot be written (./halt-view.ts).
import { defer, distinctUntilChanged, filter, map, scan, startWith, type Observable } from 'rxjs';
import type { StoredEvent } from '../../ports/event-store.js';
import { dealerInstruction, type DealerInstruction, type LiveTable } from './dealer-instruction.js';
import { stageBeside } from './consistent-stage.js';
import { foldTableView, type ViewContext } from './fold-table-view.js';
import { NO_FAULTS, foldFaults, type OpenFault, type PauseView, type FaultsView } from './open-faults.js';
import type { ProjectionOptions } from './public-projection.js';
import { NO_HOLE_CARD, publicFact, type HoleSecrecy } from './public-redaction.js';
import { haltView, type HaltView } from './halt-view.js';
import type { TableMeta } from './table-meta.js';
import { emptyTableView, type TableView } from './table-view.js';

export interface DealerView {
  readonly meta: TableMeta;
  /** The log position the view reflects. */
  readonly seq: number;
  readonly phase: string;
  readonly instruction: DealerInstruction;
  readonly table: TableView;
  readonly paused: PauseView | null;
  readonly faults: readonly OpenFault[];
  /** The table halted by an append fault (the log cannot be written), or null. */
  readonly halt: HaltView | null;
}

export interface DealerFold {
  readonly seq: number;
  readonly secrecy: HoleSecrecy;
  readonly table: TableView;
  readonly faults: FaultsView;
}

export interface LiveProjectionOptions extends ProjectionOptions {
  /** The live table, read when a view is sent (TableService satisfies it). */
  readonly live: LiveTable;
}

/** What the dealer's and the supervisor's views share: the next step, the table, the pause and faults. */
export function staffView(state: { readonly seq: number; readonly table: TableView; readonly faults: FaultsView }, options: LiveProjectionOptions): DealerView {
  const instruction = dealerInstruction(options.live);
  // One phase per view (./consistent-stage.ts): the header's stage agrees with the next step.
  const stage = stageBeside(instruction, state.table.stage);
  return {
    meta: options.meta,
    seq: state.seq,
    phase: options.live.phase,
    instruction,
    table: stage === state.table.stage ? state.table : { ...state.table, stage },
    paused: state.faults.paused,
    faults: state.faults.faults,
    halt: haltView(options.live.halted),
  };
}

export function initialDealerFold(meta: TableMeta): DealerFold {
  return { seq: 0, secrecy: NO_HOLE_CARD, table: emptyTableView(meta.seats), faults: NO_FAULTS };
}

/** One log event into the dealer's fold (shared by every dealer display: src/app/displays/table-projections.ts). */
export function dealerFoldStep(state: DealerFold, event: StoredEvent, context: ViewContext): DealerFold {
  const { fact, secrecy } = publicFact(event, state.secrecy);
  const table = fact ? foldTableView(state.table, { fact, at: event.wallTime }, context) : state.table;
  return { seq: event.seq, secrecy, table, faults: foldFaults(state.faults, event) };
}

export function dealerView$(log$: Observable<StoredEvent>, options: LiveProjectionOptions): Observable<DealerView> {
  return defer(() => {
    const initial = initialDealerFold(options.meta);
    return log$.pipe(
      scan((state: DealerFold, event): DealerFold => dealerFoldStep(state, event, options), initial),
      startWith(initial),
      filter((state) => state.seq >= (options.head ?? 0)),
      map((state) => staffView(state, options)),
      distinctUntilChanged((a, b) => JSON.stringify({ ...a, seq: 0 }) === JSON.stringify({ ...b, seq: 0 })),
    );
  });
}
