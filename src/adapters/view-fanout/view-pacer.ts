// How a gateway paces one audience's fan-out. Views are whole states, so the views that
// arrived while the gateway was busy (sending the previous one to every display) go out as one, the
// newest: the fan-out happens once per turn of the event loop (setImmediate), never once per queued
// message — a busy gateway catches up instead of falling behind. With `minIntervalMs`, fan-outs are at
// least that far apart (the newest view waits for the end of the interval, then goes; the first after a
// quiet spell goes at once): each view costs one write per display, so this bounds a gateway's work per
// display whatever the table's pace, and the newest view — a round's final one included — always goes.
import type { SharedView, ViewChannel } from '../../ports/shared-view.js';
import type { Clock, TimerHandle } from '../../ports/clock.js';

/** Passes the newest of the views offered on to the channel: once per turn of the event loop, and at
 *  least `minIntervalMs` after the previous one. */
export class ViewPacer {
  private pending: SharedView | null = null;
  private scheduled: { readonly immediate: NodeJS.Immediate } | { readonly timer: TimerHandle } | null = null;
  private lastAt = -Infinity;
  /** Views replaced by a newer one before the fan-out. */
  conflated = 0;

  constructor(
    private readonly channel: ViewChannel,
    private readonly minIntervalMs: number,
    /** The gateway's clock: the interval's readings and its timer. */
    private readonly clock: Clock,
  ) {}

  offer(view: SharedView): void {
    if (this.pending) this.conflated++;
    this.pending = view;
    if (this.scheduled) return;
    const wait = this.lastAt + this.minIntervalMs - this.clock.now();
    this.scheduled = wait > 0 ? { timer: this.clock.setTimeout(() => this.fanOut(), wait) } : { immediate: setImmediate(() => this.fanOut()) };
  }

  private fanOut(): void {
    this.scheduled = null;
    const next = this.pending;
    this.pending = null;
    if (!next) return;
    this.lastAt = this.clock.now();
    this.channel.publish(next);
  }

  close(error?: unknown): void {
    if (this.scheduled && 'timer' in this.scheduled) this.clock.clearTimeout(this.scheduled.timer);
    else if (this.scheduled) clearImmediate(this.scheduled.immediate);
    this.scheduled = null;
    // The newest view still reaches the channel before it closes.
    if (this.pending) this.channel.publish(this.pending);
    this.pending = null;
    this.channel.close(error);
  }
}
