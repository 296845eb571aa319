// The controller's commands to the shoe (PROTOCOL.md §9): a queue, one outstanding frame,
// retransmission on ACK timeout or NAK CRC_ERROR, and the gate command computed when it is sent
// (§7.5.3) so that it carries the allowance and anchor of that moment.

import {
  encodeFrame,
  nextSeq,
  onAckTimeout,
  onPeerNak,
  TIMING,
  type ControllerCommand,
  type NakReason,
  type ShoeEvent,
  type StatusMessage,
} from '../../../firmware-protocol/src/index.js';
import { GateWish, isGateCommand } from './gate-wish.js';
import type { LinkContext } from './link-context.js';
import { CommandRejectedError, LinkClosedError } from './link-types.js';
import { AckTimer } from './ack-timer.js';
import { linkReason } from './link-reasons.js';

interface Pending {
  cmd: ControllerCommand;
  settle: { resolve: () => void; reject: (e: Error) => void }[];
  /** Called with the sequence number when the command is first transmitted. */
  onSeq?: (seq: number) => void;
}
interface Outstanding extends Pending {
  seq: number;
  bytes: Uint8Array;
  retransmissions: number;
}

export class CommandSender {
  private outstanding: Outstanding | null = null;
  private queue: Pending[] = [];
  readonly gate = new GateWish();
  private readonly statusWaiters = new Map<number, { resolve: (s: StatusMessage) => void; reject: (e: Error) => void }>();
  private readonly ackTimer: AckTimer;

  constructor(private readonly c: LinkContext) {
    this.ackTimer = new AckTimer(c.sched, () => this.ackTimedOut());
  }

  get outstandingSeq(): number | null {
    return this.outstanding?.seq ?? null;
  }
  /** The seq our HELLO announces as next (§8.2): the outstanding frame's, else the next unused. */
  get announcedNextTx(): number {
    return this.outstanding?.seq ?? this.c.nextTx;
  }
  get queued(): number {
    return this.queue.length;
  }

  enqueue(p: Pending): void {
    this.queue.push(p);
    this.pump();
  }

  /**
   * Queues the wanted gate state. §7.5.3: a gate command says what the controller wants *when it is
   * transmitted* — its allowance and `seenSeq` are computed then (pump()), not now: a command that
   * waited behind others while the shoe's next card was delivered and acknowledged would otherwise carry
   * a stale anchor, and the shoe would grant that card's allowance a second time. For the same reason
   * only the newest wish waits: an earlier gate command not yet sent is superseded (its callers are
   * settled with the new one's ACK).
   */
  sendGate(): Promise<void> {
    if (this.c.closing) return Promise.reject(new LinkClosedError('shoe link closed'));
    return new Promise((resolve, reject) => {
      const waiting = this.queue.find((p) => isGateCommand(p.cmd));
      if (waiting) waiting.settle.push({ resolve, reject });
      else this.queue.push({ cmd: this.wantedGate(), settle: [{ resolve, reject }] });
      this.pump();
    });
  }

  /** §7.5.5: resolves with the STATUS that answers it (which is also delivered to onMessage). */
  requestStatus(): Promise<StatusMessage> {
    return new Promise((resolve, reject) => {
      this.enqueue({
        cmd: { type: 'STATUS_REQUEST' },
        settle: [{ resolve: () => undefined, reject }],
        onSeq: (seq) => this.statusWaiters.set(seq, { resolve, reject }),
      });
    });
  }

  /** A STATUS answering one of our requests was delivered. */
  onDelivered(m: ShoeEvent): void {
    if (m.type === 'STATUS' && m.inReplyTo !== 0) {
      const w = this.statusWaiters.get(m.inReplyTo);
      this.statusWaiters.delete(m.inReplyTo);
      w?.resolve(m);
    }
  }

  /** §7.5.3 (version 2): the last shoe event accounted for in the allowance we grant — the one being
   * delivered (its card was counted when it arrived) or else the last delivered. */
  private wantedGate(): ControllerCommand {
    return this.gate.command(this.c.parts.receiver.inFlight ?? this.c.lastRx);
  }

  rejectAll(err: Error): void {
    for (const p of [...(this.outstanding ? [this.outstanding] : []), ...this.queue]) for (const s of p.settle) s.reject(err);
    this.outstanding = null;
    this.queue = [];
    for (const w of this.statusWaiters.values()) w.reject(err);
    this.statusWaiters.clear();
  }

  stopAckTimer(): void {
    this.ackTimer.stop();
  }

  /** §8.5, §8.4 c: a session came up. */
  afterHandshake(outstandingDelivered: boolean): void {
    // §8.5: the wanted gate state and the time go first. This must precede settling the outstanding
    // frame: completing it pumps the queue, and a gate command queued before the link went down
    // would otherwise go out (and be carried out) ahead of the wanted one.
    this.resendSessionState();
    // §8.4 c: the shoe delivered our outstanding frame; only its ACK was lost.
    if (this.outstanding && outstandingDelivered) this.complete();
    // §8.4 c: the shoe never delivered our outstanding frame. If it is a gate command, it may be stale:
    // retransmitting an old GATE_UNLOCK ahead of the wanted GATE_LOCK would open the gate for a moment.
    // The shoe has not seen that sequence number, so it carries the wanted gate state instead.
    const o = this.outstanding;
    if (o && isGateCommand(o.cmd)) {
      const wanted = this.queue.shift();
      if (wanted && isGateCommand(wanted.cmd)) {
        const cmd = this.wantedGate();
        this.outstanding = { ...o, cmd, bytes: encodeFrame({ seq: o.seq, message: cmd }), settle: [...o.settle, ...wanted.settle] };
      } else if (wanted) this.queue.unshift(wanted);
    }
    if (this.outstanding) {
      this.outstanding.retransmissions = 0;
      this.transmit();
    } else this.pump();
  }

  /** §8.5: the shoe locked its gate when the session started; tell it what we want, and the time. */
  private resendSessionState(): void {
    const settles: Pending['settle'] = [];
    this.queue = this.queue.filter((p) => {
      const superseded = isGateCommand(p.cmd) || p.cmd.type === 'TIME_SYNC';
      if (superseded) settles.push(...p.settle);
      return !superseded;
    });
    // §7.5.3: the allowance is anchored to the shoe events seen so far; cards the shoe released
    // after them (still in its queue after a reconnect) count against it at the shoe.
    this.queue.unshift({ cmd: this.wantedGate(), settle: [] }, { cmd: { type: 'TIME_SYNC', epochMs: this.c.sched.wallNow() }, settle: settles });
  }

  private pump(): void {
    if (this.outstanding || this.c.state !== 'up') return;
    const p = this.queue.shift();
    if (!p) return;
    // §7.5.3: a gate command carries the gate state wanted at the moment it goes out (sendGate()).
    if (isGateCommand(p.cmd)) p.cmd = this.wantedGate();
    const seq = this.c.nextTx;
    this.c.nextTx = nextSeq(seq);
    this.outstanding = { ...p, seq, bytes: encodeFrame({ seq, message: p.cmd }), retransmissions: 0 };
    p.onSeq?.(seq);
    this.transmit();
  }

  private transmit(): void {
    const o = this.outstanding;
    if (!o || this.c.state !== 'up') return;
    this.c.parts.transport.write(o.bytes);
    this.ackTimer.arm();
  }

  private retransmit(): void {
    this.outstanding!.retransmissions++;
    this.c.count.retransmissions++;
    this.transmit();
  }

  private ackTimedOut(): void {
    const o = this.outstanding;
    if (!o || this.c.state !== 'up') return;
    // §9.2: at the limit the session is lost; keep the frame, handshake again.
    if (onAckTimeout(o) === 'session-lost') this.c.parts.session.sessionLost(linkReason('noAck', { code: o.cmd.type, seq: String(o.seq), count: String(TIMING.maxRetransmissions) }));
    else this.retransmit();
  }

  private complete(err?: Error): void {
    const o = this.outstanding;
    if (!o) return;
    this.stopAckTimer();
    this.outstanding = null;
    for (const s of o.settle) (err ? s.reject(err) : s.resolve());
    this.pump();
  }

  onAck(ackSeq: number): void {
    if (this.outstanding && ackSeq === this.outstanding.seq && this.c.state === 'up') this.complete();
  }

  onNak(seq: number, reason: NakReason): void {
    const c = this.c;
    c.count.naksReceived++;
    const o = this.outstanding;
    switch (onPeerNak(reason, seq, o?.seq ?? null, c.state === 'up')) {
      case 'retransmit':
        return this.retransmit();
      case 'rejected':
        c.protocolError(`nak-${reason}`, `the shoe rejected ${o!.cmd.type} seq ${seq}`, o!.bytes, seq);
        return this.complete(new CommandRejectedError(o!.cmd, reason));
      case 'resync':
        // §7.2.3: only about our current frame; a late NAK for a settled frame must not tear down
        // a session that has since been re-established.
        if (c.state === 'up') {
          c.parts.session.loseSession();
          c.setState('down', linkReason('nak', { code: reason }));
        }
        return c.parts.session.sendHelloRequest();
      case 'incompatible':
        c.parts.session.loseSession();
        return c.setState('incompatible', linkReason('nakVersion'));
      case 'ignore':
        return;
    }
  }
}
