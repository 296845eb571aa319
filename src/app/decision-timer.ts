// The decision timer (issue 5): when a decision is awaited and nobody decides in time, the expiry is
// submitted as a `decision.timeout` input — the round machine applies the rule set's auto-play, and the
// expiry is on the log, so replay never reads the clock. Paused tables run no timers.
import type { Subscription } from 'rxjs';
import type { Scheduler } from '../ports/scheduler.js';
import type { TableService } from './table-service.js';
import { awaitedDecision } from './awaited-decision.js';

export class DecisionTimer {
  private subscription: Subscription | undefined;
  private handle: unknown;
  private armedKey: string | null = null;

  constructor(
    private readonly service: TableService,
    private readonly seconds: number,
    private readonly scheduler: Scheduler,
  ) {}

  start(): void {
    this.subscription = this.service.events$.subscribe(() => this.rearm());
    this.rearm();
  }

  private rearm(): void {
    const awaited = awaitedDecision(this.service.table, this.service.phase);
    const key = awaited?.key ?? null;
    if (key === this.armedKey) return;
    if (this.handle !== undefined) this.scheduler.clearTimeout(this.handle);
    this.handle = undefined;
    this.armedKey = key;
    if (!awaited) return;
    this.handle = this.scheduler.setTimeout(() => {
      this.handle = undefined;
      // Only if the very same decision is still awaited (a decision may have raced the timer).
      if (awaitedDecision(this.service.table, this.service.phase)?.key !== key) return;
      void this.service.submit({ type: 'decision.timeout', seat: awaited.seat }, { source: 'timer', by: 'decision-timer' }).catch(() => undefined);
    }, this.seconds * 1000);
  }

  stop(): void {
    this.subscription?.unsubscribe();
    if (this.handle !== undefined) this.scheduler.clearTimeout(this.handle);
  }
}
