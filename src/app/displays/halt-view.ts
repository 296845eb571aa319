// The table halted by an append fault (src/app/table/append-fault.ts), as the dealer's and the supervisor's
// views show it (docs/operations.md, "Storage faults"): what happened and what to do, coded for the pages'
// language. It is no fact of the log — a halted table cannot write one — so it comes from the live table,
// and the projections send the views again when it starts and ends (./table-projections.ts). The public
// view learns only that the game is paused (./public-projection.ts, `publicViewOf`).
import type { AppendFault, AppendFaultKind } from '../table/append-fault.js';
import { tableHaltedReason } from '../table/append-fault.js';
import { reasonSentence } from '../../messages/coded-reason.js';

export interface HaltView {
  readonly kind: AppendFaultKind;
  /** The English sentence: what happened and what to do (the log's, /readyz's). */
  readonly reason: string;
  /** Its code and values (`reason.tableHalted`, the fault's own nested in `reasonCode` and its values). */
  readonly code: string;
  readonly params: Readonly<Record<string, string>>;
  /** When the table halted (wall time). */
  readonly since: string | null;
}

export function haltView(fault: AppendFault | null | undefined): HaltView | null {
  if (!fault) return null;
  const why = tableHaltedReason(fault);
  return { kind: fault.kind, reason: reasonSentence(why), code: why.code, params: why.params, since: fault.since ?? null };
}
