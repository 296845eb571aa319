// The timer that waits for the ACK of the outstanding frame (PROTOCOL.md §9.2), on either end of
// the link; what to do when it expires is the link core's onAckTimeout().

import { TIMING } from '../../../firmware-protocol/src/index.js';
import type { Clock, TimerHandle } from '../../ports/clock.js';

export class AckTimer {
  private timer: TimerHandle | null = null;

  constructor(
    private readonly sched: Clock,
    private readonly expired: () => void,
  ) {}

  /** (Re)starts the wait: a frame was just sent. */
  arm(): void {
    this.sched.clearTimeout(this.timer);
    this.timer = this.sched.setTimeout(() => {
      this.timer = null;
      this.expired();
    }, TIMING.ackTimeoutMs);
  }

  stop(): void {
    this.sched.clearTimeout(this.timer);
    this.timer = null;
  }
}
