// The table halted by an append fault (./append-fault.ts; docs/operations.md, "Storage faults"), and what
// the operators read about it. While the log cannot be written, everything fed to the table is refused at
// once — the shoe link's notes as it re-handshakes, the shoe's retransmitted card, timers, commands — and
// none of those logs a line of its own: they are counted here. The log says it in a bounded number of lines:
// one ERROR when the table halts (what happened, in which folder, what to do), a reminder at ERROR at most
// once a minute while it lasts (how long, how many inputs were refused), and one WARN when a Resume clears
// it. Time is the service's clock (ADR 0007): tests run the reminders on virtual time.
import { dirname } from 'node:path';
import { BehaviorSubject, type Observable } from 'rxjs';
import type { Logger } from 'pino';
import type { Clock, TimerHandle } from '../../ports/clock.js';
import { reasonSentence } from '../../messages/coded-reason.js';
import { appendFaultOf, TableHaltedError, tableHaltedReason, type AppendFault } from './append-fault.js';

/** How often the reminder repeats while the table stays halted. */
export const HALT_REMINDER_MS = 60_000;

export interface TableHaltOptions {
  readonly tableId: string;
  /** The halt's time and duration, and the reminders' timer. */
  readonly clock: Clock;
  readonly logger?: Logger | undefined;
  /** The log's file: its folder is named in the lines. */
  readonly logFile?: string | undefined;
}

/** "45 s", "3 min 5 s", "2 h 4 min". */
export function haltDuration(ms: number): string {
  const seconds = Math.max(0, Math.round(ms / 1000));
  if (seconds < 60) return `${seconds} s`;
  const minutes = Math.floor(seconds / 60);
  if (minutes < 60) return `${minutes} min ${seconds % 60} s`;
  return `${Math.floor(minutes / 60)} h ${minutes % 60} min`;
}

export class TableHalt {
  private readonly subject = new BehaviorSubject<AppendFault | null>(null);
  /** The fault halting the table (null while the log takes appends). */
  readonly fault$: Observable<AppendFault | null> = this.subject.asObservable();
  /** Inputs and notes refused since the halt, by type. */
  private readonly refusals = new Map<string, number>();
  private haltedAtMono = 0;
  private reminder: TimerHandle | undefined;

  constructor(private readonly options: TableHaltOptions) {}

  get fault(): AppendFault | null {
    return this.subject.value;
  }

  /** How many inputs and notes were refused since the table halted. */
  get refused(): number {
    let total = 0;
    for (const count of this.refusals.values()) total += count;
    return total;
  }

  /**
   * An append of `what` (an input's or a note's type) failed: the table halts with its fault, unless the
   * failure is none of the log's (the store closed on purpose: null). The first fault stands until cleared.
   */
  appendFailed(err: unknown, what: string): AppendFault | null {
    const current = this.subject.value;
    if (current) return current;
    const found = appendFaultOf(err);
    if (!found) return null;
    const now = this.options.clock.instant();
    const fault: AppendFault = { ...found, since: now.wall };
    this.haltedAtMono = now.mono;
    this.refusals.clear();
    this.subject.next(fault);
    const { logger, tableId } = this.options;
    if (fault.kind === 'lost-writer') {
      logger?.fatal({ tableId, code: fault.why.code, input: what }, reasonSentence(tableHaltedReason(fault)));
      return fault;
    }
    logger?.error({ ...this.fields(fault), input: what }, `table halted${this.where()}: ${fault.reason}; every input is refused until then (a reminder follows every minute)`);
    this.armReminder();
    return fault;
  }

  /** Refuses `what` while the table is halted: counted, not logged. */
  refuse(fault: AppendFault, what: string): never {
    this.refusals.set(what, (this.refusals.get(what) ?? 0) + 1);
    throw new TableHaltedError(fault);
  }

  /** A Resume by `by` found the log still not writable: the table stays halted (one line per Resume). */
  stillHalted(fault: AppendFault, by: string | undefined, err: unknown): never {
    const error = err instanceof Error ? err.message : String(err);
    this.options.logger?.warn({ ...this.fields(fault), by, error }, `resume by ${by ?? 'the supervisor'}: the log still cannot be written (${error}); the table stays halted${this.where()}: free disk space or make the folder writable again, then press Resume again`);
    throw new TableHaltedError(fault, { cause: err });
  }

  /** What the log records when the halt is cleared: since when, and how many inputs were refused meanwhile. */
  recoveryNote(fault: AppendFault, by: string | undefined): { readonly fault: string; readonly by?: string | undefined; readonly since?: string; readonly refused: number } {
    return { fault: fault.reason, by, ...(fault.since !== undefined ? { since: fault.since } : {}), refused: this.refused };
  }

  /** A Resume by `by` cleared the fault (the recovery note is durable): one line, the reminders stop. */
  clear(by: string | undefined): void {
    const fault = this.subject.value;
    if (!fault) return;
    const lastedMs = this.options.clock.now() - this.haltedAtMono;
    const refused = this.refused;
    this.disarm();
    this.subject.next(null);
    this.options.logger?.warn({ ...this.fields(fault), by, lastedMs, refused, refusedByType: Object.fromEntries(this.refusals) },
      `storage fault cleared by ${by ?? 'the supervisor'} after ${haltDuration(lastedMs)}: the log takes writes again and the table goes on (${refused} inputs were refused meanwhile; the shoe sends its unacknowledged card again)`);
    this.refusals.clear();
  }

  /** The service closes: no more reminders. */
  stop(): void {
    this.disarm();
    this.subject.complete();
  }

  private remind(): void {
    this.reminder = undefined;
    const fault = this.subject.value;
    if (!fault) return;
    const lastedMs = this.options.clock.now() - this.haltedAtMono;
    const refused = this.refused;
    const byType = [...this.refusals].sort((a, b) => b[1] - a[1] || a[0].localeCompare(b[0])).map(([type, count]) => `${type} ${count}`).join(', ');
    this.options.logger?.error({ ...this.fields(fault), lastedMs, refused, refusedByType: Object.fromEntries(this.refusals) },
      `table still halted after ${haltDuration(lastedMs)}${this.where()}: ${fault.reason}; ${refused} inputs refused since${refused > 0 ? ` (${byType})` : ''}`);
    this.armReminder();
  }

  private armReminder(): void {
    if (this.reminder !== undefined) return;
    this.reminder = this.options.clock.setTimeout(() => this.remind(), HALT_REMINDER_MS);
  }

  private disarm(): void {
    if (this.reminder !== undefined) this.options.clock.clearTimeout(this.reminder);
    this.reminder = undefined;
  }

  /** The folder the log lives in, for the lines ("" without a file). */
  private where(): string {
    const { logFile } = this.options;
    return logFile === undefined ? '' : ` (the log's folder: ${dirname(logFile)})`;
  }

  private fields(fault: AppendFault): Record<string, unknown> {
    const { tableId, logFile } = this.options;
    return { tableId, code: fault.why.code, error: fault.error, ...(fault.errorCode !== undefined ? { errorCode: fault.errorCode } : {}), ...(logFile !== undefined ? { folder: dirname(logFile) } : {}) };
  }
}
