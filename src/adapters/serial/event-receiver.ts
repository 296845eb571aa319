// The shoe's events arriving at the controller (PROTOCOL.md §6.3, §9.4, §9.6): dispatches frames,
// NAKs what cannot be taken, suppresses duplicates, holds deliveries during a sequence incident,
// and delivers each event once — deliver, the application makes it durable, then ACK.

import {
  crcNakDue,
  inFlightVerdict,
  receiveSequenced,
  rejectInvalidFrame,
  SHOE_EVENT_TYPES,
  type DiscardedBytes,
  type Frame,
  type NakReason,
  type PushResult,
  type ShoeEvent,
} from '../../../firmware-protocol/src/index.js';
import type { LinkContext } from './link-context.js';
import { countDiscarded } from './link-counters.js';
import type { DeliveredShoeMessage } from './link-types.js';

const SHOE_EVENTS: ReadonlySet<string> = new Set(SHOE_EVENT_TYPES);

export class EventReceiver {
  /** The seq being persisted by the application, not yet ACKed. */
  inFlight: number | null = null;
  private lastCrcNakAt = -Infinity;

  constructor(private readonly c: LinkContext) {}

  onReceived(r: PushResult): void {
    for (const d of r.discarded) this.onDiscarded(d);
    for (const f of r.frames) this.onFrame(f);
  }

  private nak(seq: number, reason: NakReason): void {
    this.c.count.naksSent++;
    this.c.writeMessage({ type: 'NAK', nakSeq: seq, reason });
  }

  private onDiscarded(d: DiscardedBytes): void {
    const c = this.c;
    countDiscarded(c.count, d);
    c.counters.mark();
    if (d.reason === 'bad-crc') {
      // §9.4: ask for a retransmission now rather than after the shoe's timeout.
      const now = c.sched.now();
      if (c.state === 'up' && crcNakDue(now, this.lastCrcNakAt)) {
        this.lastCrcNakAt = now;
        this.nak(0, 'CRC_ERROR');
      }
      return;
    }
    if (d.msgId === undefined) return; // line noise (§11 checks 1-4): nothing to answer
    // CRC-good but invalid: a firmware defect or an echo. Report with the raw bytes.
    c.protocolError(d.reason, d.detail, d.bytes, d.seq);
    const rejected = c.state === 'up' ? rejectInvalidFrame(d, c.lastRx, this.inFlight) : null;
    if (!rejected) return;
    c.lastRx = rejected.lastDelivered; // §9.4: consumed, so the link does not stall on it
    this.nak(rejected.nak.seq, rejected.nak.reason);
  }

  private onFrame(f: Frame): void {
    const c = this.c;
    c.count.framesRx++;
    if (c.parts.transport.isOpen) c.parts.session.armWatchdog(); // §10.2: any valid frame proves the shoe alive
    const m = f.message;
    switch (m.type) {
      case 'HELLO':
        return c.parts.session.onHello(m);
      case 'ACK':
        return c.parts.sender.onAck(m.ackSeq);
      case 'NAK':
        return c.parts.sender.onNak(m.nakSeq, m.reason);
      case 'HEARTBEAT':
        return c.parts.session.onHeartbeat(m);
      default:
        if (SHOE_EVENTS.has(m.type)) this.onShoeEvent(f.seq, m as ShoeEvent);
    }
  }

  private onShoeEvent(seq: number, message: ShoeEvent): void {
    const c = this.c;
    const action = receiveSequenced(c.state === 'up' || c.state === 'incompatible' ? c.state : 'down', c.lastRx, seq);
    if (action.kind === 'nak') return this.nak(seq, action.reason);
    if (action.kind === 'ack-again') {
      // §6.3: our ACK was lost or late: ACK again, deliver nothing.
      c.count.duplicatesSuppressed++;
      return c.writeMessage({ type: 'ACK', ackSeq: seq });
    }
    const busy = inFlightVerdict(this.inFlight, seq);
    if (busy === 'in-flight-duplicate') {
      // §6.3: retransmitted while the first copy is being persisted: no second delivery, ACK later.
      c.count.duplicatesInFlight++;
      return;
    }
    if (busy === 'busy') return this.nak(seq, 'UNEXPECTED_SEQ');
    if (c.parts.session.hold) {
      // A sequence incident is open: deliver nothing, ACK nothing; the shoe keeps the event and
      // retransmits it (§9.2) until a supervisor has dealt with the incident (releaseHold()).
      c.count.heldFrames++;
      c.counters.mark();
      return;
    }
    this.deliver(seq, message);
  }

  /** §9.6: deliver, let the application make it durable, then ACK. */
  private deliver(seq: number, message: ShoeEvent): void {
    const c = this.c;
    this.inFlight = seq;
    // The card has left the shoe, which spent one of its allowance when it released it (§7.5.3):
    // account for it before the application runs, so a gate command the application sends while
    // handling this card (the next card is due) is what we re-send after a re-handshake (§8.5).
    c.parts.sender.gate.noteReleasedCard(message);
    const delivered: DeliveredShoeMessage = { seq, message, receivedAt: c.sched.wallNow() };
    const gen = c.parts.transport.generation;
    Promise.resolve()
      .then(() => c.o.onMessage(delivered))
      .then(
        () => {
          this.inFlight = null;
          if (c.closing) return;
          c.lastRx = seq;
          c.count.delivered++;
          c.parts.session.noteDelivered();
          c.parts.sender.onDelivered(message);
          // ACK only now that the application has persisted it (§9.6). If the port changed in the
          // meantime the ACK is lost; the next HELLO's lastRxSeq tells the shoe (§8.4 c).
          if (gen === c.parts.transport.generation) c.writeMessage({ type: 'ACK', ackSeq: seq });
          c.counters.mark();
        },
        (error: unknown) => {
          this.inFlight = null;
          c.count.handlerFailures++;
          c.counters.mark();
          c.emit({ type: 'handler-error', seq, message, error, at: c.sched.wallNow() });
        },
      );
  }
}
