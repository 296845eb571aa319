// The controller's end of the shoe link (firmware-protocol/PROTOCOL.md).
//
// Opens the serial port, runs the HELLO handshake (§8), keeps per-direction sequence numbers
// across reconnects (§8.4), suppresses duplicates (§6.3), supervises the link with the shoe's
// heartbeat (§10.2), reconnects with backoff when the device disappears (§10.2), retransmits its
// own commands (§9.2), and counts everything.
//
// Delivery contract (§9.6, "persist, then act"): each shoe event is handed to
// `onMessage(msg): Promise<void>` exactly once and in sequence order; the ACK is sent only after
// that promise resolves. If it rejects, nothing is acknowledged and the shoe's retransmission
// offers the same event again. To keep "exactly once" across controller restarts, persist the
// `seq` of each delivered message and pass the last one back as `resume.lastRxSeq`.

//
// A composition of its parts: the transport (port, backoff, bytes, capture), the session (HELLO,
// nonces, incidents, watchdog), the command sender (queue, stop-and-wait, gate), the event receiver
// (dedupe, hold, deliver → durable → ACK) and the counters. The protocol decisions themselves are
// the pure link core in firmware-protocol/src/link/, which the emulator shares.

import {
  encodeFrame,
  type ControllerCommand,
  type GateState,
  type HelloMessage,
  type IndicatorTarget,
  type StatusMessage,
} from '../../../firmware-protocol/src/index.js';
import { CommandSender } from './command-sender.js';
import { EventReceiver } from './event-receiver.js';
import { LinkContext } from './link-context.js';
import { LinkSession } from './link-session.js';
import { LinkTransport } from './link-transport.js';
import { LinkClosedError, type LinkCounters, type LinkState, type ShoeLinkOptions } from './link-types.js';
import { linkReason } from './link-reasons.js';

export * from './link-types.js';

export class ShoeLink {
  private readonly c: LinkContext;
  private readonly transport: LinkTransport;
  private readonly session: LinkSession;
  private readonly sender: CommandSender;
  private readonly receiver: EventReceiver;
  private started = false;

  constructor(options: ShoeLinkOptions) {
    const c = new LinkContext(options, options.clock);
    this.c = c;
    this.receiver = new EventReceiver(c);
    this.transport = new LinkTransport(c, (r) => this.receiver.onReceived(r));
    this.session = new LinkSession(c);
    this.sender = new CommandSender(c);
    c.parts = { transport: this.transport, session: this.session, sender: this.sender, receiver: this.receiver };
  }

  // ---- public surface -------------------------------------------------------------------------

  get state(): LinkState {
    return this.c.state;
  }
  get counters(): Readonly<LinkCounters> {
    return this.c.count;
  }
  /** The shoe's last HELLO (identity, versions, deck count). */
  get peer(): HelloMessage | null {
    return this.session.peer;
  }
  /** From the shoe's last HEARTBEAT. */
  get shoeStatus(): { uptimeMs: number; gate: GateState; queued: number; at: number } | null {
    return this.session.shoeStatus;
  }
  /** Sequence state to persist for `resume` (§8.2). */
  get sequence(): { lastRxSeq: number; nextTxSeq: number; outstandingSeq: number | null; queued: number } {
    return { lastRxSeq: this.c.lastRx, nextTxSeq: this.sender.announcedNextTx, outstandingSeq: this.sender.outstandingSeq, queued: this.sender.queued };
  }

  /** Why deliveries are held (a sequence incident, §8.4, §8.6), or null. */
  get held(): string | null {
    return this.session.hold;
  }

  /**
   * Holds deliveries (e.g. at start-up, when the log still has an incident open): shoe events are
   * neither delivered nor acknowledged, so the shoe keeps them (§9.2) until releaseHold().
   */
  hold(reason: string): void {
    this.session.hold = reason;
  }

  /** A supervisor dealt with the incident: deliveries resume with the shoe's next retransmission. */
  releaseHold(): void {
    this.session.hold = null;
  }

  /** Opens the port and keeps the link up until close(). */
  start(): void {
    if (this.started) return;
    this.started = true;
    this.transport.open();
  }

  /** Closes the port; pending commands are rejected with LinkClosedError. */
  async close(): Promise<void> {
    const c = this.c;
    if (c.closing) return;
    c.closing = true;
    this.sender.stopAckTimer();
    this.session.stopTimers();
    c.counters.stop();
    const closed = this.transport.close();
    this.sender.rejectAll(new LinkClosedError('shoe link closed'));
    await closed;
    c.setState('closed', linkReason('closedByApp'));
    c.counters.flush();
    await c.o.capture?.close();
  }

  /** Sends a command; resolves when the shoe has acknowledged it (§9). Queued while the link is down. */
  send(cmd: ControllerCommand): Promise<void> {
    if (this.c.closing) return Promise.reject(new LinkClosedError('shoe link closed'));
    try {
      encodeFrame({ seq: 1, message: cmd }); // validate now: an invalid command must not reach the queue
    } catch (e) {
      return Promise.reject(e as Error);
    }
    if (cmd.type === 'GATE_LOCK') return this.lockGate();
    if (cmd.type === 'GATE_UNLOCK') return this.unlockGate(cmd.allowance);
    return new Promise((resolve, reject) => this.sender.enqueue({ cmd, settle: [{ resolve, reject }] }));
  }

  /** §7.5.2: lock the draw gate; remembered and re-sent after every handshake (§8.5). */
  lockGate(): Promise<void> {
    this.sender.gate.lock();
    return this.sender.sendGate();
  }

  /** §7.5.3: unlock for `allowance` cards (0 = until lockGate()); re-sent with the remaining allowance after a handshake. */
  unlockGate(allowance = 1): Promise<void> {
    this.sender.gate.unlock(allowance);
    return this.sender.sendGate();
  }

  /** §7.5.4 */
  setIndicator(target: IndicatorTarget, seat = 0, hand = 0): Promise<void> {
    return this.send({ type: 'INDICATOR', target, seat, hand });
  }

  /** §7.5.6: sends the clock's wall time. */
  syncTime(): Promise<void> {
    return this.send({ type: 'TIME_SYNC', epochMs: this.c.sched.wallNow() });
  }

  /** §7.5.5: resolves with the STATUS that answers it (which is also delivered to onMessage). */
  requestStatus(): Promise<StatusMessage> {
    return this.sender.requestStatus();
  }
}
