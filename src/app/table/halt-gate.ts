// How the table service meets a halt by an append fault (./append-fault.ts; docs/operations.md, "Storage
// faults"; ADR 0009): every input first passes the halt — refused at once while the table is halted, but for
// a supervisor's Resume, which clears a storage fault once the log takes a note again — and an append that
// fails on an open table halts it. The halt itself, its counts and its lines, is ./table-halt.ts's.
import type { Logger } from 'pino';
import type { StoredEvent } from '../../ports/event-store.js';
import type { TableInput } from '../../round/inputs.js';
import { STORAGE_RECOVERED_RECORD } from '../audit/log-records.js';
import type { LogNotePayloads } from '../audit/log-notes.js';
import { TableHaltedError } from './append-fault.js';
import type { TableHalt } from './table-halt.js';

/** Appends a note that is not a table input to the log and publishes it (the table service's). */
export type AppendNote = (type: string, payload: Record<string, unknown>) => Promise<StoredEvent>;

export class HaltGate {
  /** Set once the table is open (TableService.open): an append that fails before then fails the start itself, it halts nothing. */
  private opened = false;

  constructor(
    private readonly halting: TableHalt,
    private readonly appendNote: AppendNote,
    private readonly tableId: string,
    private readonly logger: Logger | undefined,
  ) {}

  /**
   * Refuses at once while the table is halted (counted, not logged: ./table-halt.ts). A supervisor's
   * resume is the one input that may clear a storage fault: a note that the log takes writes again is
   * appended first, and if that succeeds the table goes on (the shoe then sends again the card it was not
   * ACKed for). Returns that note, or null when the table was not halted.
   */
  async pass(input: TableInput): Promise<StoredEvent | null> {
    const fault = this.halting.fault;
    if (!fault) return null;
    if (fault.kind !== 'storage' || input.type !== 'supervisor' || input.action !== 'resume') return this.halting.refuse(fault, input.type);
    let note: StoredEvent;
    try {
      const payload: LogNotePayloads[typeof STORAGE_RECOVERED_RECORD] = this.halting.recoveryNote(fault, input.by);
      note = await this.appendNote(STORAGE_RECOVERED_RECORD, payload);
    } catch (err) {
      return this.halting.stillHalted(fault, input.by, err);
    }
    this.halting.clear(input.by);
    return note;
  }

  /** The table is open: from now on a failed append halts it. */
  open(): void {
    this.opened = true;
  }

  /** An append of `what` failed: the table halts (./table-halt.ts) and the caller learns it as a TableHaltedError. */
  appendFailed(err: unknown, what: string): unknown {
    if (!this.opened) return err;
    const fault = this.halting.appendFailed(err, what);
    if (fault) return new TableHaltedError(fault, { cause: err });
    this.logger?.error({ err, tableId: this.tableId, what }, 'append failed: not applied');
    return err;
  }
}
