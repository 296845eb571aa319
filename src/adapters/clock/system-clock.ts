// The machine's clock, for the live service.
import { performance } from 'node:perf_hooks';
import type { Clock, Instant } from '../../ports/clock.js';

export const systemClock: Clock = {
  now(): Instant {
    return { mono: Math.round(performance.now() * 1000) / 1000, wall: new Date().toISOString() };
  },
};

/** A clock that advances by a fixed step per reading: deterministic runs in tests and replays. */
export function steppingClock(startIso = '2026-01-01T00:00:00.000Z', stepMs = 1): Clock {
  let mono = 0;
  const start = Date.parse(startIso);
  return {
    now(): Instant {
      mono += stepMs;
      return { mono, wall: new Date(start + mono).toISOString() };
    },
  };
}

/**
 * A stepping clock whose wall time goes back once, by `backMs`, from its `atReading`-th reading on (NTP
 * stepping a badly set machine's clock back); its monotonic time goes on. Tests of what the table and
 * `verify` make of it (docs/operations.md, docs/audit.md).
 */
export function clockSteppingBackOnce(atReading: number, backMs: number, startIso = '2026-01-01T00:00:00.000Z', stepMs = 1): Clock {
  const stepping = steppingClock(startIso, stepMs);
  let readings = 0;
  return {
    now(): Instant {
      const { mono, wall } = stepping.now();
      readings += 1;
      return readings < atReading ? { mono, wall } : { mono, wall: new Date(Date.parse(wall) - backMs).toISOString() };
    },
  };
}
