// The controller's frames arriving at the shoe (PROTOCOL.md §6.3, §7.2.3, §9.4): commands taken
// once and in order, duplicates ACKed again, NAKs answered and sent, decided by the link core.

import {
  ackSettles,
  crcNakDue,
  onPeerNak,
  receiveSequenced,
  rejectInvalidFrame,
  type ControllerCommand,
  type DiscardedBytes,
  type Frame,
  type NakReason,
} from '../../../firmware-protocol/src/index.js';
import type { ShoeEnd } from './shoe-end.js';

export class ShoeReceiver {
  private lastCrcNakAt = -Infinity;

  constructor(private readonly end: ShoeEnd) {}

  onDiscarded(d: DiscardedBytes): void {
    this.end.stats.discardedBytes += d.length;
    if (this.end.session !== 'up') return;
    if (d.reason === 'bad-crc') return this.nakCrc();
    const rejected = rejectInvalidFrame(d, this.end.lastRx); // §9.4: consumed and rejected
    if (!rejected) return;
    this.end.lastRx = rejected.lastDelivered;
    this.nak(rejected.nak.seq, rejected.nak.reason);
  }

  private nakCrc(): void {
    const now = this.end.sched.now();
    if (!crcNakDue(now, this.lastCrcNakAt)) return; // §9.4 rate limit
    this.lastCrcNakAt = now;
    this.nak(0, 'CRC_ERROR');
  }

  private nak(seq: number, reason: NakReason): void {
    this.end.stats.naksSent++;
    this.end.send({ type: 'NAK', nakSeq: seq, reason });
  }

  onFrame(frame: Frame): void {
    const line = this.end.wire.receive(frame);
    if (line === 'drop') return;
    if (line === 'corrupt') return this.end.session === 'up' ? this.nakCrc() : undefined;
    const m = frame.message;
    switch (m.type) {
      case 'HELLO':
        return this.end.onHello(m);
      case 'ACK':
        if (ackSettles(m.ackSeq, this.end.tx.outstanding?.seq ?? null)) this.end.tx.acknowledged();
        return;
      case 'NAK':
        return this.onNak(m.nakSeq, m.reason);
      case 'GATE_LOCK':
      case 'GATE_UNLOCK':
      case 'INDICATOR':
      case 'STATUS_REQUEST':
      case 'TIME_SYNC':
        return this.onCommand(frame.seq, m);
      default:
        return; // shoe → controller messages never reach here (Deframer from: 'controller')
    }
  }

  private onNak(seq: number, reason: NakReason): void {
    this.end.stats.naksReceived++;
    switch (onPeerNak(reason, seq, this.end.tx.outstanding?.seq ?? null, this.end.session === 'up')) {
      case 'retransmit':
        return this.end.tx.retransmit();
      case 'rejected':
        return this.end.tx.acknowledged(); // §9.4: consumed and rejected; drop it
      case 'resync':
        return this.end.startHandshake(`NAK ${reason}`);
      case 'incompatible':
        this.end.loseSession('NAK VERSION_MISMATCH');
        return this.end.setSession('incompatible', 'NAK VERSION_MISMATCH');
      case 'ignore':
        return;
    }
  }

  private onCommand(seq: number, m: ControllerCommand): void {
    const action = receiveSequenced(this.end.session === 'up' || this.end.session === 'incompatible' ? this.end.session : 'down', this.end.lastRx, seq);
    if (action.kind === 'nak') return this.nak(seq, action.reason);
    if (action.kind === 'ack-again') {
      this.end.stats.duplicateCommands++; // §6.3
      return this.end.send({ type: 'ACK', ackSeq: seq });
    }
    this.end.lastRx = seq;
    this.end.stats.commandsExecuted++;
    this.end.send({ type: 'ACK', ackSeq: seq });
    this.end.device.execute(seq, m);
    this.end.device.noteGate();
    this.end.device.tryDeal();
  }
}
