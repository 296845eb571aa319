// The settlement feed's alarm (docs/operations.md, "The settlement feed"): a transaction that stays
// undelivered past the table's `feed.undeliveredAlarmSeconds` is told at WARN once, in words with what to
// do, then reminded at most once a minute while it lasts; its end is one INFO line. The supervisor's page
// shows it while it is raised (FeedStatus.alarm). Time is an input: `check` is given the time.

/** The oldest transaction still owed, and since when it counts as undelivered (ms since the epoch). */
export interface Oldest {
  readonly id: string;
  readonly sinceMs: number;
}

export interface FeedAlarmOptions {
  readonly alarmMs: number;
  /** At most one reminder per this long (default a minute). */
  readonly reminderMs?: number;
  /** The lines, in words: raised (`first` true) and reminded. */
  readonly warn: (oldest: Oldest, seconds: number, first: boolean) => void;
  /** The alarm ended after `seconds` raised. */
  readonly cleared: (seconds: number) => void;
}

export class FeedAlarm {
  private raised: { readonly at: number; lastLine: number; id: string } | null = null;
  private seconds = 0;

  constructor(private readonly options: FeedAlarmOptions) {}

  /** The alarm now, or null. */
  get current(): { readonly id: string; readonly seconds: number } | null {
    return this.raised ? { id: this.raised.id, seconds: this.seconds } : null;
  }

  check(nowMs: number, oldest: Oldest | null): void {
    const age = oldest ? nowMs - oldest.sinceMs : 0;
    if (!oldest || age < this.options.alarmMs) {
      if (this.raised) this.options.cleared(Math.round((nowMs - this.raised.at) / 1000));
      this.raised = null;
      return;
    }
    this.seconds = Math.floor(age / 1000);
    if (!this.raised) {
      this.raised = { at: nowMs, lastLine: nowMs, id: oldest.id };
      this.options.warn(oldest, this.seconds, true);
      return;
    }
    this.raised.id = oldest.id;
    if (nowMs - this.raised.lastLine >= (this.options.reminderMs ?? 60_000)) {
      this.raised.lastLine = nowMs;
      this.options.warn(oldest, this.seconds, false);
    }
  }
}
