// The settlement feed's acknowledgements, batched onto the log (docs/event-log.md, "Settlement feed"): one
// `feed.delivered` note per `every` deliveries or per `everyMs`, whichever comes first, naming the last
// transaction acknowledged. A delivery acknowledged but not yet noted is sent again after a restart, and the
// receiver de-duplicates it by id: the batch bounds those duplicates, and keeps the log from doubling.
import type { Clock, TimerHandle } from '../../ports/clock.js';
import type { FeedTarget } from '../../ports/settlement-feed.js';
import type { WalletTransaction } from '../money/wallet-transaction.js';
import type { FeedDeliveredNote } from './feed-note.js';

export interface FeedAcksOptions {
  readonly target: FeedTarget;
  /** Appends the note to the table's log (TableService.recordNote). */
  readonly record: (note: FeedDeliveredNote) => Promise<unknown>;
  readonly clock: Clock;
  /** A note at the latest this long after a delivery (default 1,000 ms). */
  readonly everyMs?: number;
  /** A note at once after this many deliveries (default 100). */
  readonly every?: number;
  /** A note could not be written (the table halted, the store closed): told once per run of failures. */
  readonly onError: (err: unknown, through: string) => void;
}

export class FeedAcks {
  private last: WalletTransaction | null = null;
  private count = 0;
  private timer: TimerHandle | undefined;
  private writing: Promise<void> = Promise.resolve();
  private failing = false;
  private stopped = false;

  constructor(private readonly options: FeedAcksOptions) {}

  /** The receiver acknowledged `transaction`: it goes on the log with the next note. */
  acknowledged(transaction: WalletTransaction): void {
    this.last = transaction;
    this.count += 1;
    if (this.count >= (this.options.every ?? 100)) void this.flush();
    else if (!this.stopped && this.timer === undefined) this.timer = this.options.clock.setTimeout(() => void this.flush(), this.options.everyMs ?? 1000);
  }

  /** Writes the note now if deliveries wait for one; resolves when it (and any under way) is written or failed. */
  flush(): Promise<void> {
    if (this.timer !== undefined) this.options.clock.clearTimeout(this.timer);
    this.timer = undefined;
    this.writing = this.writing.then(() => this.write());
    return this.writing;
  }

  private async write(): Promise<void> {
    const last = this.last;
    const count = this.count;
    if (last === null || count === 0) return;
    this.count = 0;
    try {
      await this.options.record({ target: this.options.target, id: last.id, seq: last.seq, round: last.round, count });
      this.failing = false;
    } catch (err) {
      this.count += count;
      if (!this.failing) this.options.onError(err, last.id);
      this.failing = true;
      if (!this.stopped && this.timer === undefined) this.timer = this.options.clock.setTimeout(() => void this.flush(), this.options.everyMs ?? 1000);
    }
  }

  /** Stops the timer and any retry of a failed note (a last flush is the caller's). */
  stop(): void {
    this.stopped = true;
    if (this.timer !== undefined) this.options.clock.clearTimeout(this.timer);
    this.timer = undefined;
  }
}
