// The process's clock (src/ports/clock.ts): performance.now() for durations, Date.now() for dates, Node's
// timers. The composition makes one per table runtime; a CLI or a tool that measures real time (a progress
// rate, the event loop's delay) takes one from here. This folder is the only place in src/ that reads the
// machine's time (eslint.config.js).
import { performance } from 'node:perf_hooks';
import type { Clock, Instant, TimerHandle } from '../../ports/clock.js';

export function realClock(): Clock {
  const timers = new Map<number, NodeJS.Timeout>();
  let next = 1;
  return {
    now: () => performance.now(),
    wallNow: () => Date.now(),
    instant(): Instant {
      return { mono: Math.round(performance.now() * 1000) / 1000, wall: new Date().toISOString() };
    },
    setTimeout(callback, ms, options): TimerHandle {
      const id = next++;
      const timer = setTimeout(() => {
        timers.delete(id);
        callback();
      }, Math.max(0, ms));
      if (options?.unref) timer.unref();
      timers.set(id, timer);
      return { id };
    },
    clearTimeout(handle) {
      if (!handle) return;
      const timer = timers.get(handle.id);
      if (timer) clearTimeout(timer);
      timers.delete(handle.id);
    },
  };
}
