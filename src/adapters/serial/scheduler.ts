// Injectable time for the shoe link and the shoe emulator: the real clock in production, a virtual
// one in unit tests so timeouts (PROTOCOL.md §9.2, §10) are deterministic and instant.
//
// Two clocks (docs/operations.md, "When the clock steps back"): `now()` is monotonic and measures every duration and
// deadline (timeouts, pacing, uptime), so a wall clock stepped back (NTP on a badly set machine) stalls
// or kills nothing; `wallNow()` is the wall clock, only for what a person or the shoe reads as a date
// (captures, TIME_SYNC, event times).
import { performance } from 'node:perf_hooks';

export type TimerHandle = { readonly id: number };

export interface Scheduler {
  /** Milliseconds on a monotonic clock: only differences mean anything (virtual in tests). */
  now(): number;
  /** Milliseconds since the Unix epoch, as the wall clock reads now: it may step back (virtual in tests). */
  wallNow(): number;
  setTimeout(fn: () => void, ms: number): TimerHandle;
  clearTimeout(handle: TimerHandle | null | undefined): void;
}

/** The process's clocks: performance.now() for durations, Date.now() for dates. */
export function realScheduler(): Scheduler {
  const timers = new Map<number, NodeJS.Timeout>();
  let next = 1;
  return {
    now: () => performance.now(),
    wallNow: () => Date.now(),
    setTimeout(fn, ms) {
      const id = next++;
      const t = setTimeout(() => {
        timers.delete(id);
        fn();
      }, Math.max(0, ms));
      timers.set(id, t);
      return { id };
    },
    clearTimeout(h) {
      if (!h) return;
      const t = timers.get(h.id);
      if (t) clearTimeout(t);
      timers.delete(h.id);
    },
  };
}

/** Lets pending I/O callbacks (process.nextTick, promises, stream events) run. */
export async function flushIo(rounds = 3): Promise<void> {
  for (let i = 0; i < rounds; i++) await new Promise<void>((r) => setImmediate(r));
}

/**
 * Virtual time. Timers fire only inside advance(); between timers it lets real I/O callbacks
 * (the mock serial binding uses process.nextTick) run, so a whole exchange can be simulated
 * in milliseconds of real time.
 */
export class VirtualScheduler implements Scheduler {
  private t: number;
  /** How far the virtual wall clock reads from the monotonic one (stepWall moves it). */
  private wallOffset = 0;
  private seq = 0;
  private readonly timers = new Map<number, { at: number; order: number; fn: () => void }>();

  constructor(startEpochMs = Date.UTC(2025, 0, 1)) {
    this.t = startEpochMs;
  }

  now(): number {
    return this.t;
  }

  wallNow(): number {
    return this.t + this.wallOffset;
  }

  /** Steps the wall clock by `ms` (negative: back, as NTP does on a badly set machine); durations go on. */
  stepWall(ms: number): void {
    this.wallOffset += ms;
  }

  setTimeout(fn: () => void, ms: number): TimerHandle {
    const id = ++this.seq;
    this.timers.set(id, { at: this.t + Math.max(0, ms), order: id, fn });
    return { id };
  }

  clearTimeout(h: TimerHandle | null | undefined): void {
    if (h) this.timers.delete(h.id);
  }

  get pendingTimers(): number {
    return this.timers.size;
  }

  /** Runs every timer due within `ms`, in time order, flushing I/O between them. */
  async advance(ms: number, ioRounds = 3): Promise<void> {
    const target = this.t + ms;
    for (;;) {
      await flushIo(ioRounds);
      let nextId = -1;
      let next: { at: number; order: number; fn: () => void } | undefined;
      for (const [id, tm] of this.timers) {
        if (tm.at <= target && (!next || tm.at < next.at || (tm.at === next.at && tm.order < next.order))) {
          next = tm;
          nextId = id;
        }
      }
      if (!next) break;
      this.timers.delete(nextId);
      this.t = Math.max(this.t, next.at);
      next.fn();
    }
    this.t = target;
    await flushIo(ioRounds);
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
}
