// Virtual clocks that step on every reading of an input's time (./virtual-clock.ts): deterministic logs in
// tests, the API document's examples and `shoe play-session`. Their timers fire only when advanced.
import { VirtualClock } from './virtual-clock.js';
import type { Instant } from '../../ports/clock.js';

/** Each instant() moves time on by `stepMs`: the first reads `startIso` + stepMs, monotonic time stepMs. */
export function steppingClock(startIso = '2026-01-01T00:00:00.000Z', stepMs = 1): VirtualClock {
  return new VirtualClock({ wall: startIso, mono: 0, stepPerInstant: stepMs });
}

class SteppingBackOnce extends VirtualClock {
  private readings = 0;

  constructor(private readonly atReading: number, private readonly backMs: number, startIso: string, stepMs: number) {
    super({ wall: startIso, mono: 0, stepPerInstant: stepMs });
  }

  override instant(): Instant {
    this.readings += 1;
    if (this.readings === this.atReading) this.stepWall(-this.backMs);
    return super.instant();
  }
}

/**
 * A stepping clock whose wall time goes back once, by `backMs`, from its `atReading`-th reading on (NTP
 * stepping a badly set machine's clock back); its monotonic time goes on. Tests of what the table and
 * `verify` make of it (docs/operations.md, docs/audit.md).
 */
export function clockSteppingBackOnce(atReading: number, backMs: number, startIso = '2026-01-01T00:00:00.000Z', stepMs = 1): VirtualClock {
  return new SteppingBackOnce(atReading, backMs, startIso, stepMs);
}
