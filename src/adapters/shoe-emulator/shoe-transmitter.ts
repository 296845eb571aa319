// The shoe's events on their way to the controller (PROTOCOL.md §9): a transmit queue, one
// outstanding frame, retransmission on ACK timeout, and the count of released cards the controller
// had not seen when it granted an allowance (§7.5.3).

import { encodeFrame, nextSeq, onAckTimeout, seqBehind, type ShoeEvent } from '../../../firmware-protocol/src/index.js';
import { AckTimer } from '../serial/ack-timer.js';
import type { ShoeEnd } from './shoe-end.js';

interface Outstanding {
  seq: number;
  event: ShoeEvent;
  bytes: Uint8Array;
  retransmissions: number;
}

const releasesCard = (e: ShoeEvent): boolean => (e.type === 'CARD_DRAWN' && !e.rescan) || e.type === 'CARD_UNREADABLE';

export class ShoeTransmitter {
  nextTx = 1;
  outstanding: Outstanding | null = null;
  readonly queue: ShoeEvent[] = [];
  private readonly ackTimer: AckTimer;

  constructor(private readonly end: ShoeEnd) {
    this.ackTimer = new AckTimer(end.sched, () => this.ackTimedOut());
  }

  /** §8.2: a power loss forgets the queue, the unacknowledged frame and the sequence. */
  forget(): void {
    this.nextTx = 1;
    this.outstanding = null;
    this.queue.length = 0;
  }

  stopTimer(): void {
    this.ackTimer.stop();
  }

  enqueue(event: ShoeEvent): void {
    this.queue.push(event);
    this.pump();
  }

  /** Sends the next queued event if nothing is outstanding (§9.1 stop-and-wait). */
  pump(): void {
    if (this.outstanding || this.end.session !== 'up' || !this.end.plugged()) return;
    const event = this.queue.shift();
    if (!event) return;
    const seq = this.nextTx;
    this.nextTx = nextSeq(seq);
    this.outstanding = { seq, event, bytes: encodeFrame({ seq, message: event }), retransmissions: 0 };
    this.transmit();
    this.end.device.noteGate();
  }

  transmit(): void {
    const o = this.outstanding;
    if (!o) return;
    this.end.wire.send(o.bytes);
    this.ackTimer.arm();
  }

  /** §9.2, §9.4: the same frame again, counted. */
  retransmit(): void {
    this.end.stats.retransmissions++;
    this.outstanding!.retransmissions++;
    this.transmit();
  }

  private ackTimedOut(): void {
    const o = this.outstanding;
    if (o && this.end.session === 'up' && onAckTimeout(o) === 'retransmit') return this.retransmit();
    if (!o || this.end.session !== 'up') return;
    // §9.2: the session is lost; keep the frame, lock the gate, handshake again.
    this.end.loseSession('retransmission limit reached');
    this.end.startHandshake('retransmission limit reached');
  }

  /** The outstanding frame is settled (ACKed, or consumed and rejected): on to the next. */
  acknowledged(): void {
    this.stopTimer();
    this.outstanding = null;
    this.pump();
    this.end.device.noteGate();
    this.end.device.tryDeal();
  }

  /** §8.4 c: after a handshake, settle or resend the outstanding frame, else send the next. */
  resume(outstandingDelivered: boolean): void {
    if (!this.outstanding) return this.pump();
    if (outstandingDelivered) return this.acknowledged();
    this.outstanding.retransmissions = 0;
    this.transmit();
  }

  /** §7.5.3: cards that left the shoe in frames numbered after `seenSeq` (still queued or unacknowledged). */
  cardsReleasedAfter(seenSeq: number): number {
    if (seenSeq === 0) return 0; // no anchor
    let n = this.queue.filter(releasesCard).length;
    if (this.outstanding && releasesCard(this.outstanding.event) && seqBehind(seenSeq, this.outstanding.seq)) n++;
    return n;
  }
}
