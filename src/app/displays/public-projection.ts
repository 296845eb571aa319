// The public / player display: the table's log, redacted by the public allow-list
// (./public-redaction.ts), folded into the table view. Catch-up, then one view per visible change.
import { defer, map, scan, startWith, type Observable } from 'rxjs';
import type { StoredEvent } from '../../ports/event-store.js';
import { foldTableView, type ViewContext } from './fold-table-view.js';
import { catchUpThenChanges, type Positioned } from './positioned.js';
import { NO_HOLE_CARD, publicFact, type HoleSecrecy } from './public-redaction.js';
import type { TableMeta } from './table-meta.js';
import { emptyTableView, type TableView } from './table-view.js';

export interface PublicView {
  readonly meta: TableMeta;
  readonly table: TableView;
}

export interface ProjectionOptions extends ViewContext {
  readonly meta: TableMeta;
  /** The log position when the display connected: views of the catch-up before it are not sent (0: every view). */
  readonly head?: number;
}

export interface PublicFold {
  readonly secrecy: HoleSecrecy;
  readonly positioned: Positioned<TableView>;
}

export function initialPublicFold(meta: TableMeta): PublicFold {
  return { secrecy: NO_HOLE_CARD, positioned: { seq: 0, view: emptyTableView(meta.seats) } };
}

/** One log event into the public fold (shared by every public display: src/app/displays/table-projections.ts). */
export function publicFoldStep(state: PublicFold, event: StoredEvent, context: ViewContext): PublicFold {
  const { fact, secrecy } = publicFact(event, state.secrecy);
  const view = fact ? foldTableView(state.positioned.view, { fact, at: event.wallTime }, context) : state.positioned.view;
  return { secrecy, positioned: { seq: event.seq, view } };
}

/**
 * The public view of the fold. `halted`: the table is halted by an append fault (./halt-view.ts): the
 * public sees the game paused, as for any pause — never why — and no countdown runs.
 */
export function publicViewOf(state: PublicFold, meta: TableMeta, halted = false): PublicView {
  const table = state.positioned.view;
  return { meta, table: halted ? { ...table, paused: true, countdown: null, bettingCountdown: null } : table };
}

/** The public table view at each log position (every position, including those that change nothing). */
export function publicTableViews(log$: Observable<StoredEvent>, context: ViewContext & { readonly meta: TableMeta }): Observable<Positioned<TableView>> {
  const initial = initialPublicFold(context.meta);
  return log$.pipe(
    scan((state: PublicFold, event): PublicFold => publicFoldStep(state, event, context), initial),
    map((state) => state.positioned),
    startWith(initial.positioned),
  );
}

/** What the public display is sent. Carries no log position: the public learns nothing from how many hidden events passed. */
export function publicView$(log$: Observable<StoredEvent>, options: ProjectionOptions): Observable<PublicView> {
  return defer(() =>
    publicTableViews(log$, options).pipe(
      catchUpThenChanges(options.head ?? 0),
      map((p) => ({ meta: options.meta, table: p.view })),
    ),
  );
}
