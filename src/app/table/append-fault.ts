// When the log refuses an append (docs/operations.md, "Storage faults" and "One controller per table"):
// persist, then act — an input whose append failed is not applied, not published and (for a card) not
// ACKed, so the shoe keeps it and sends it again. The table then halts: every later input is refused at
// once, without touching the round machine, until the fault is cleared. Two kinds:
// - storage: the disk is full, the folder turned read-only, a write failed. The supervisor's Resume
//   clears it once a write succeeds again (space freed, the disk remounted); nothing clears it by itself.
//   The service says so in a bounded number of lines (./table-halt.ts); those who fed it a refused input
//   or note stay silent about it (`unlessHalted`).
// - lost-writer: another writer appended to this table's log. This controller no longer owns the
//   table: it stops dealing for good, reports not ready, and the process exits after a bounded time.
import { StoreClosedError, WrongExpectedVersionError } from '../../ports/event-store-errors.js';
import { nestedReason, reasonSentence, type CodedUnion } from '../../messages/coded-reason.js';

export type AppendFaultKind = 'storage' | 'lost-writer';

/** Why the table halted, coded (docs/event-log.md, "Reasons"): its message is `reason.<code>` in src/messages. */
export type AppendFaultReason = CodedUnion<{
  /** lost-writer: the log is at event `count`, this controller expected `expected`. */
  otherWriter: { count: string; expected: string };
  /** storage: the store's own message. */
  logNotWritable: { error: string };
}>;

/** The table halted by an append fault, coded: `reason` is the fault's sentence. */
export type TableHaltedReason = CodedUnion<{ tableHalted: Readonly<Record<string, string>> & { reason: string } }>;

/** A Resume cleared a storage halt: the log takes writes again (what the Resume's answer says). */
export type StorageRecoveredReason = CodedUnion<{ storageRecovered: Record<never, string> }>;

export const STORAGE_RECOVERED: StorageRecoveredReason = { code: 'storageRecovered', params: {} };

export interface AppendFault {
  readonly kind: AppendFaultKind;
  /** In words, with what to do. */
  readonly reason: string;
  /** The same, coded. */
  readonly why: AppendFaultReason;
  /** The store's own message. */
  readonly error: string;
  /** The store's error code (SQLITE_FULL, ENOSPC …), when it gives one. */
  readonly errorCode?: string;
  /** When the table halted (wall time, ISO 8601): set by the service that halted. */
  readonly since?: string;
}

/** Refused because the table is halted by an append fault; nothing was stepped or written. */
export class TableHaltedError extends Error {
  constructor(readonly fault: AppendFault, options?: { cause?: unknown }) {
    super(reasonSentence(tableHaltedReason(fault)), options);
    this.name = 'TableHaltedError';
  }
}

/**
 * A catch for an input or note the table may refuse because it is halted: the service counts those and
 * says so in its own lines (./table-halt.ts), so only another failure reaches `log`.
 */
export function unlessHalted(log: (err: unknown) => void): (err: unknown) => void {
  return (err) => {
    if (!(err instanceof TableHaltedError)) log(err);
  };
}

/** The table halted by `fault`, coded. */
export function tableHaltedReason(fault: AppendFault): TableHaltedReason {
  return { code: 'tableHalted', params: nestedReason(fault.why) };
}

function codeOf(err: unknown): string | undefined {
  const code = (err as { code?: unknown } | null | undefined)?.code;
  return typeof code === 'string' ? code : undefined;
}

/** What an append failure means for the table; null when it is no fault of the log (the store was closed on purpose). */
export function appendFaultOf(err: unknown): AppendFault | null {
  if (err instanceof StoreClosedError || err instanceof TableHaltedError) return null;
  const error = err instanceof Error ? err.message : String(err);
  const errorCode = codeOf(err) ?? codeOf((err as { cause?: unknown } | null)?.cause);
  if (err instanceof WrongExpectedVersionError) {
    const why: AppendFaultReason = { code: 'otherWriter', params: { count: String(err.actualVersion), expected: String(err.expectedVersion) } };
    return { kind: 'lost-writer', error, reason: reasonSentence(why), why };
  }
  const why: AppendFaultReason = { code: 'logNotWritable', params: { error } };
  return { kind: 'storage', error, reason: reasonSentence(why), why, ...(errorCode !== undefined ? { errorCode } : {}) };
}
