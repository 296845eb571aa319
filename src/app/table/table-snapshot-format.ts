// The table's snapshot as the table service saves it beside its log (docs/event-log.md, the store's snapshots): the
// round machine's persisted state, the rule file's id and the other folds saved with it. A snapshot only
// saves time: without it the whole log is replayed. `format` says what the saved state holds. A snapshot of
// an older format lacks something the state keeps today that only the log can tell — format 2 added the
// last removed shoe's receipt, which the stub count reads (docs/procedures.md, "Missing cards") — so it is
// not used: the table is rebuilt from its whole log once, as `verify` re-derives it, and the next snapshot
// is of today's format. Using it would let the live table refuse what the log's re-derivation accepts.
import type { JsonValue } from '../../ports/event-store.js';

export const TABLE_SNAPSHOT_FORMAT = 2;

export interface TableSnapshot {
  /** Absent: format 1 (before formats were named). */
  readonly format?: number;
  readonly rulesId: string;
  readonly machine: unknown;
  /** Other folds of the same log saved with the table (e.g. the display projections), each with its own position. */
  readonly parts?: Readonly<Record<string, JsonValue>>;
}

/** The saved state when the service can rebuild from it; undefined for a snapshot of an older format. */
export function usableTableSnapshot(state: JsonValue): TableSnapshot | undefined {
  const saved = state as unknown as TableSnapshot;
  return (saved.format ?? 1) === TABLE_SNAPSHOT_FORMAT ? saved : undefined;
}
