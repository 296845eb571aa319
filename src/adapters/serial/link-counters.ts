// The link's counters and their reporting: a 'counters' event at most every `intervalMs`, and with
// every state change (flush()).

import type { DiscardedBytes } from '../../../firmware-protocol/src/index.js';
import type { LinkCounters } from './link-types.js';
import type { Clock, TimerHandle } from '../../ports/clock.js';

export function newCounters(): LinkCounters {
  return {
    bytesRx: 0,
    bytesTx: 0,
    framesRx: 0,
    framesTx: 0,
    crcErrors: 0,
    discardedBytes: 0,
    discardedByReason: {},
    retransmissions: 0,
    heldFrames: 0,
    sequenceIncidents: 0,
    duplicatesSuppressed: 0,
    duplicatesInFlight: 0,
    delivered: 0,
    naksSent: 0,
    naksReceived: 0,
    heartbeats: 0,
    handshakes: 0,
    linkDowns: 0,
    portOpens: 0,
    openFailures: 0,
    disconnects: 0,
    canceledIo: 0,
    ioErrors: 0,
    handlerFailures: 0,
    protocolErrors: 0,
  };
}

/** Bytes the deframer skipped (§11), by reason; a bad CRC is also a CRC error (§4.3). */
export function countDiscarded(c: LinkCounters, d: DiscardedBytes): void {
  c.discardedBytes += d.length;
  c.discardedByReason[d.reason] = (c.discardedByReason[d.reason] ?? 0) + d.length;
  if (d.reason === 'bad-crc') c.crcErrors++;
}

export class CounterReporter {
  readonly values = newCounters();
  private dirty = false;
  private timer: TimerHandle | null = null;
  /** Once stopped (the link is closing), changes are only reported by an explicit flush(). */
  private stopped = false;

  constructor(
    private readonly sched: Clock,
    private readonly intervalMs: number,
    private readonly report: (counters: LinkCounters) => void,
  ) {}

  /** Something changed: report it within `intervalMs`. */
  mark(): void {
    this.dirty = true;
    if (this.timer || this.stopped) return;
    this.timer = this.sched.setTimeout(() => {
      this.timer = null;
      this.flush();
    }, this.intervalMs);
  }

  flush(): void {
    if (!this.dirty) return;
    this.dirty = false;
    this.report(structuredClone(this.values));
  }

  stop(): void {
    this.stopped = true;
    this.sched.clearTimeout(this.timer);
    this.timer = null;
  }
}
