// The decision timer (ADR 0007): when a decision is awaited and nobody decides in time, the expiry is
// submitted as a `decision.timeout` input — the round machine applies the rule set's auto-play, and the
// expiry is on the log, so replay never reads the clock. Paused tables run no timers.
import type { Clock } from '../../ports/clock.js';
import type { TableService } from './table-service.js';
import { awaitedDecision } from '../../round/awaited-decision.js';
import { InputTimer } from './input-timer.js';

export class DecisionTimer extends InputTimer {
  constructor(service: TableService, seconds: number, clock: Clock) {
    super(service, seconds, clock, 'decision-timer', ({ table, phase }) => {
      const awaited = awaitedDecision(table, phase);
      return awaited ? { key: awaited.key, input: { type: 'decision.timeout', seat: awaited.seat } } : null;
    });
  }
}
