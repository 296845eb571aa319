// Virtual time (src/ports/clock.ts): nothing fires until its holder moves time on with advance(), and
// between timers the real I/O callbacks run (the mock serial binding's process.nextTick, promises, stream
// events), so a whole table — link, emulator, timers, feed — runs minutes of its time in milliseconds of
// real time, the same every run. Tests, the emulator's checks and simulations share it; its stepping
// variants (./stepping-clock.ts) give every input on a log its own time.
import type { Clock, Instant, TimerHandle } from '../../ports/clock.js';

/** Lets pending I/O callbacks (process.nextTick, promises, stream events) run: turns of the event loop, not a time. */
export async function flushIo(turns = 3): Promise<void> {
  for (let i = 0; i < turns; i++) await new Promise<void>((resolve) => setImmediate(resolve));
}

export interface VirtualClockOptions {
  /** The wall clock at the start: ms since the epoch or ISO 8601 (default 2025-01-01T00:00:00Z). */
  readonly wall?: number | string;
  /** The monotonic clock at the start (default: the wall clock's ms, so both read the same until stepWall). */
  readonly mono?: number;
  /** Each instant() reading first moves time on by this many ms, so every input has its own time (default 0). */
  readonly stepPerInstant?: number;
  /** Event-loop turns given to I/O before each timer and after the last one in advance() (default 3). */
  readonly ioTurns?: number;
}

interface VirtualTimer {
  readonly at: number;
  readonly order: number;
  readonly callback: () => void;
}

export class VirtualClock implements Clock {
  private t: number;
  /** The wall clock minus the monotonic one; stepWall moves it. */
  private wallMinusMono: number;
  private seq = 0;
  private readonly timers = new Map<number, VirtualTimer>();
  private readonly stepPerInstant: number;
  private readonly ioTurns: number;

  constructor(options: VirtualClockOptions = {}) {
    const wall = typeof options.wall === 'string' ? Date.parse(options.wall) : options.wall ?? Date.UTC(2025, 0, 1);
    this.t = options.mono ?? wall;
    this.wallMinusMono = wall - this.t;
    this.stepPerInstant = options.stepPerInstant ?? 0;
    this.ioTurns = options.ioTurns ?? 3;
  }

  now(): number {
    return this.t;
  }

  wallNow(): number {
    return this.t + this.wallMinusMono;
  }

  instant(): Instant {
    this.t += this.stepPerInstant;
    return { mono: this.t, wall: new Date(this.wallNow()).toISOString() };
  }

  /** Steps the wall clock by `ms` (negative: back, as NTP does on a badly set machine); durations go on. */
  stepWall(ms: number): void {
    this.wallMinusMono += ms;
  }

  setTimeout(callback: () => void, ms: number): TimerHandle {
    const id = ++this.seq;
    this.timers.set(id, { at: this.t + Math.max(0, ms), order: id, callback });
    return { id };
  }

  clearTimeout(handle: TimerHandle | null | undefined): void {
    if (handle) this.timers.delete(handle.id);
  }

  get pendingTimers(): number {
    return this.timers.size;
  }

  /** Runs every timer due within `ms`, in time order (then in the order they were set), letting I/O run between them. */
  async advance(ms: number, ioTurns = this.ioTurns): Promise<void> {
    const target = this.t + ms;
    for (;;) {
      await flushIo(ioTurns);
      const due = this.firstDue(target);
      if (!due) break;
      this.timers.delete(due.order);
      this.t = Math.max(this.t, due.at);
      due.callback();
    }
    this.t = Math.max(this.t, target);
    await flushIo(ioTurns);
  }

  /** Advances in `stepMs` steps until `done()` or `maxMs` elapsed; returns whether done() held. */
  async runUntil(done: () => boolean, maxMs: number, stepMs = 10): Promise<boolean> {
    const end = this.t + maxMs;
    while (!done()) {
      if (this.t >= end) return false;
      await this.advance(Math.min(stepMs, end - this.t));
    }
    return true;
  }

  private firstDue(target: number): VirtualTimer | undefined {
    let first: VirtualTimer | undefined;
    for (const timer of this.timers.values()) {
      if (timer.at <= target && (!first || timer.at < first.at || (timer.at === first.at && timer.order < first.order))) first = timer;
    }
    return first;
  }
}
