// The emulator's side of the wire, where the line faults of a FaultPlan are injected (faults.ts):
// frames dropped, corrupted, duplicated or delayed on the way out, and dropped or corrupted on the
// way in (simulated after deframing).

import type { Frame } from '../../../firmware-protocol/src/index.js';
import type { Clock, TimerHandle } from '../../ports/clock.js';
import type { Rng } from '../../random/prng.js';
import type { EmulatorEvent, EmulatorStats } from './emulator-types.js';
import type { FaultPlan } from './faults.js';

export class FaultyWire {
  private write: ((bytes: Uint8Array) => void) | null = null;
  private readonly outFifo: Uint8Array[] = [];
  private stalledUntil = -Infinity;
  private stallTimer: TimerHandle | null = null;

  constructor(
    private readonly sched: Clock,
    private readonly rng: Rng,
    private readonly faults: FaultPlan,
    private readonly stats: EmulatorStats,
    private readonly emit: (e: EmulatorEvent) => void,
    /** False while the shoe is unpowered or its cable pulled: nothing leaves. */
    private readonly live: () => boolean,
  ) {}

  attach(write: (bytes: Uint8Array) => void): void {
    this.write = write;
  }
  detach(): void {
    this.write = null;
  }

  /** Frames not yet written (a stalled transmit stream) are lost with the cable or the power. */
  clear(): void {
    this.outFifo.length = 0;
  }

  stopTimer(): void {
    this.sched.clearTimeout(this.stallTimer);
    this.stallTimer = null;
  }

  /**
   * Every frame leaves through here, where the wire faults are injected. A serial line cannot
   * reorder bytes, so `delay` stalls the whole transmit stream (this frame and everything queued
   * behind it) rather than letting later frames overtake the delayed one.
   */
  send(bytes: Uint8Array): void {
    if (!this.write || !this.live()) return;
    const f = this.faults;
    if (f.drop > 0 && this.rng() < f.drop) {
      this.stats.injected.drop++;
      this.emit({ type: 'injected', fault: 'drop', detail: describe(bytes) });
      return;
    }
    let out = bytes;
    if (f.corrupt > 0 && this.rng() < f.corrupt) {
      out = bytes.slice();
      const at = 1 + Math.floor(this.rng() * (out.length - 2)); // inside the COBS block
      out[at] = (out[at] as number) ^ (1 + Math.floor(this.rng() * 255));
      this.stats.injected.corrupt++;
      this.emit({ type: 'injected', fault: 'corrupt', detail: `${describe(bytes)} byte ${at}` });
    }
    if (f.delay > 0 && this.rng() < f.delay) {
      this.stats.injected.delay++;
      this.emit({ type: 'injected', fault: 'delay', detail: `${describe(bytes)}: transmit stalled ${f.delayMs} ms` });
      this.stalledUntil = Math.max(this.stalledUntil, this.sched.now() + f.delayMs);
    }
    this.outFifo.push(out);
    if (f.dup > 0 && this.rng() < f.dup) {
      this.stats.injected.dup++;
      this.emit({ type: 'injected', fault: 'dup', detail: describe(bytes) });
      this.outFifo.push(out);
    }
    this.drain();
  }

  /** Line faults on the controller → shoe direction: 'drop' or 'corrupt' eat the frame, else 'ok'. */
  receive(frame: Frame): 'ok' | 'drop' | 'corrupt' {
    const f = this.faults;
    if (f.drop > 0 && this.rng() < f.drop) {
      this.stats.injected.rxDrop++;
      this.emit({ type: 'injected', fault: 'rx-drop', detail: frame.message.type });
      return 'drop';
    }
    if (f.corrupt > 0 && this.rng() < f.corrupt) {
      this.stats.injected.rxCorrupt++;
      this.emit({ type: 'injected', fault: 'rx-corrupt', detail: frame.message.type });
      return 'corrupt';
    }
    return 'ok';
  }

  private drain(): void {
    const now = this.sched.now();
    if (now < this.stalledUntil) {
      if (!this.stallTimer) {
        this.stallTimer = this.sched.setTimeout(() => {
          this.stallTimer = null;
          this.drain();
        }, this.stalledUntil - now);
      }
      return;
    }
    for (const b of this.outFifo.splice(0)) this.rawWrite(b);
  }

  private rawWrite(bytes: Uint8Array): void {
    if (!this.write || !this.live()) return;
    this.stats.framesSent++;
    this.stats.bytesSent += bytes.length;
    this.write(bytes);
  }
}

function describe(bytes: Uint8Array): string {
  return `frame of ${bytes.length} bytes`;
}
