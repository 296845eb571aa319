// A scheduler driven by the test: nothing fires until the test says time has passed.
import type { Scheduler } from '../../src/ports/scheduler.js';

export class ManualScheduler implements Scheduler {
  private now = 0;
  private next = 1;
  private readonly timers = new Map<number, { at: number; callback: () => void }>();

  setTimeout(callback: () => void, ms: number): unknown {
    const id = this.next++;
    this.timers.set(id, { at: this.now + ms, callback });
    return id;
  }

  clearTimeout(handle: unknown): void {
    this.timers.delete(handle as number);
  }

  /** Milliseconds since the scheduler was made: inside a callback, the moment its timer was due. */
  get time(): number {
    return this.now;
  }

  get pending(): number {
    return this.timers.size;
  }

  /** Advances time, firing due timers in order. */
  async advance(ms: number): Promise<void> {
    const until = this.now + ms;
    for (;;) {
      const due = [...this.timers.entries()].filter(([, t]) => t.at <= until).sort((a, b) => a[1].at - b[1].at)[0];
      if (!due) break;
      this.timers.delete(due[0]);
      this.now = due[1].at;
      due[1].callback();
      await new Promise((r) => setImmediate(r));
    }
    this.now = until;
  }
}
