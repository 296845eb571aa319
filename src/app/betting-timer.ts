// The betting countdown (issue 10; seed 002, "Примечание": bets close when the countdown ends, and a seat
// without a valid bet is released with the bets behind it and its Pairs bets returned). Its expiry is
// submitted as a `betting.timeout` input, so it is on the log like the decision timer's expiry and replay
// never reads the clock.
//
// When it runs (the reading written in README, "The betting countdown"): from the first main bet of the
// round — a betting phase with no seated player waits for one and writes nothing to the log — for
// `seconds`; it stops when no main bet is left (the last seat withdrawn), stops while the table is paused
// and starts afresh, in full, when the table resumes. The dealer closes earlier with the shoe's button or
// the dealer page (`betting.closed`). The displays derive the same countdown from the log
// (src/app/displays/betting-countdown.ts).
import type { Subscription } from 'rxjs';
import type { Scheduler } from '../ports/scheduler.js';
import type { TableState } from '../round/table-state.js';
import type { TableService } from './table-service.js';

/** Whether the betting countdown runs for this table state and machine phase. */
export function bettingCountdownRuns(table: TableState, phase: string): boolean {
  return phase === 'active.betting' && table.bets.some((b) => b.kind === 'main');
}

export class BettingTimer {
  private subscription: Subscription | undefined;
  private handle: unknown;
  /** Which run of the countdown is armed (a new one every time it starts). */
  private armed: number | null = null;
  private runs = 0;

  constructor(
    private readonly service: TableService,
    private readonly seconds: number,
    private readonly scheduler: Scheduler,
  ) {}

  start(): void {
    this.subscription = this.service.events$.subscribe(() => this.rearm());
    this.rearm();
  }

  stop(): void {
    this.subscription?.unsubscribe();
    this.disarm();
  }

  private runsNow(): boolean {
    return bettingCountdownRuns(this.service.table, this.service.phase);
  }

  private disarm(): void {
    if (this.handle !== undefined) this.scheduler.clearTimeout(this.handle);
    this.handle = undefined;
    this.armed = null;
  }

  private rearm(): void {
    if (!this.runsNow()) {
      this.disarm();
      return;
    }
    if (this.armed !== null) return;
    const run = ++this.runs;
    this.armed = run;
    this.handle = this.scheduler.setTimeout(() => {
      this.handle = undefined;
      // Only the run still armed, and only while betting is still open with a main bet (a close may have raced it).
      if (this.armed !== run || !this.runsNow()) return;
      this.armed = null;
      void this.service.submit({ type: 'betting.timeout' }, { source: 'timer', by: 'betting-timer' }).catch(() => undefined);
    }, this.seconds * 1000);
  }
}
