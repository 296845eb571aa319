// The betting countdown (seed 002, "Примечание": bets close when the countdown ends, and a seat
// without a valid bet is released with the bets behind it and its Pairs bets returned). Its expiry is
// submitted as a `betting.timeout` input, so it is on the log like the decision timer's expiry and replay
// never reads the clock.
//
// When it runs (the reading written in docs/live-table.md, "The betting countdown"): from the first main bet of the
// round — a betting phase with no seated player waits for one and writes nothing to the log — for
// `seconds`; it stops when no main bet is left (the last seat withdrawn), stops while the table is paused
// and starts afresh, in full, when the table resumes. The dealer closes earlier with the shoe's button or
// the dealer page (`betting.closed`). The displays derive the same countdown from the log
// (src/app/displays/betting-countdown.ts).
import type { Clock } from '../../ports/clock.js';
import type { TableState } from '../../round/table-state.js';
import type { TableService } from './table-service.js';
import { InputTimer } from './input-timer.js';

/** Whether the betting countdown runs for this table state and machine phase. */
export function bettingCountdownRuns(table: TableState, phase: string): boolean {
  return phase === 'active.betting' && table.bets.some((b) => b.kind === 'main');
}

export class BettingTimer extends InputTimer {
  constructor(service: TableService, seconds: number, clock: Clock) {
    // One run per round while it runs: a pause or the last main bet withdrawn ends the run, the next starts in full.
    super(service, seconds, clock, 'betting-timer', ({ table, phase }) =>
      bettingCountdownRuns(table, phase) ? { key: `betting:${table.round}`, input: { type: 'betting.timeout' } } : null);
  }
}
