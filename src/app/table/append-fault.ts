// When the log refuses an append (docs/operations.md, "Storage faults" and "One controller per table"):
// persist, then act — an input whose append failed is not applied, not published and (for a card) not
// ACKed, so the shoe keeps it and sends it again. The table then halts: every later input is refused at
// once, without touching the round machine, until the fault is cleared. Two kinds:
// - storage: the disk is full, the folder turned read-only, a write failed. The supervisor's Resume
//   clears it once a write succeeds again (space freed, the disk remounted).
// - lost-writer: another writer appended to this table's log. This controller no longer owns the
//   table: it stops dealing for good, reports not ready, and the process exits after a bounded time.
import { StoreClosedError, WrongExpectedVersionError } from '../../ports/event-store-errors.js';

export type AppendFaultKind = 'storage' | 'lost-writer';

export interface AppendFault {
  readonly kind: AppendFaultKind;
  /** In words, with what to do. */
  readonly reason: string;
  /** The store's own message. */
  readonly error: string;
}

/** Refused because the table is halted by an append fault; nothing was stepped or written. */
export class TableHaltedError extends Error {
  constructor(readonly fault: AppendFault) {
    super(`table halted: ${fault.reason}`);
  }
}

/** What an append failure means for the table; null when it is no fault of the log (the store was closed on purpose). */
export function appendFaultOf(err: unknown): AppendFault | null {
  if (err instanceof StoreClosedError || err instanceof TableHaltedError) return null;
  const error = err instanceof Error ? err.message : String(err);
  if (err instanceof WrongExpectedVersionError) {
    return {
      kind: 'lost-writer',
      error,
      reason: `another writer appended to this table's log (it is at event ${err.actualVersion}, this controller expected ${err.expectedVersion}): this controller no longer owns the table and stops; find the other controller and keep one`,
    };
  }
  return {
    kind: 'storage',
    error,
    reason: `the log cannot be written (${error}): no card is acknowledged until it can; free disk space or make the database's folder writable again, then press Resume on the supervisor page`,
  };
}
