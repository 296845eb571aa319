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
