// The controller side of the conformance suite: speaks PROTOCOL.md v2 over a serial device with
// firmware-protocol's codec, records everything the device sends, and lets the suite break the
// controller's own rules on purpose (withhold ACKs, skip sequence numbers, send damaged frames). A real
// device answers in real time: the driver runs on the process's clock.
import { SerialPort } from 'serialport';
import {
  applyPeerHello,
  classifyIncoming,
  Deframer,
  encodeFrame,
  nextSeq,
  toHex,
  type HelloMessage,
  type Message,
} from '../../firmware-protocol/src/index.js';
import type { DiscardedRun, ReceivedFrame } from './verdict.js';
import type { Clock } from '../ports/clock.js';

export class ConformanceDriver {
  readonly frames: ReceivedFrame[] = [];
  readonly discards: DiscardedRun[] = [];
  /** ACK every deliverable sequenced frame (§6.3) as it arrives. */
  autoAck = true;
  /** Answer every HELLO request with a reply (§8.1). */
  autoHello = true;
  nextTx = 1;
  lastRx = 0;
  noHistory = true;
  readonly bootNonce: number;
  shoeNonce = 0;
  private readonly deframer = new Deframer({ from: 'shoe' });
  private readonly start: number;

  private constructor(private readonly port: SerialPort, nonce: number, private readonly clock: Clock) {
    this.bootNonce = nonce;
    this.start = clock.now();
    port.on('data', (chunk: Buffer) => this.onData(new Uint8Array(chunk.buffer, chunk.byteOffset, chunk.byteLength)));
    port.on('error', () => undefined);
  }

  /** Opens the device; `clock` is the process's (a real device answers in real time). */
  static open(path: string, baudRate: number, clock: Clock): Promise<ConformanceDriver> {
    return new Promise((resolve, reject) => {
      const port = new SerialPort({ path, baudRate, autoOpen: false });
      port.open((err) => (err ? reject(err) : resolve(new ConformanceDriver(port, 1 + Math.floor(Math.random() * 0xfffffffe), clock))));
    });
  }

  sleep(ms: number): Promise<void> {
    return new Promise<void>((r) => void this.clock.setTimeout(r, ms));
  }

  now(): number {
    return Math.floor(this.clock.now() - this.start);
  }

  private onData(bytes: Uint8Array): void {
    const r = this.deframer.push(bytes);
    for (const d of r.discarded) this.discards.push({ at: this.now(), reason: d.reason, wire: toHex(d.bytes) });
    for (const f of r.frames) {
      const rec: ReceivedFrame = { at: this.now(), seq: f.seq, message: f.message, wire: toHex(encodeFrame(f)) };
      this.frames.push(rec);
      if (f.message.type === 'HELLO') this.onHello(f.message);
      else if (f.seq !== 0 && this.autoAck) this.ackIfDeliverable(f.seq);
    }
  }

  /** §6.3 as the controller applies it. */
  ackIfDeliverable(seq: number): void {
    const v = classifyIncoming(this.lastRx, seq);
    if (v === 'unexpected') return this.send(0, { type: 'NAK', nakSeq: seq, reason: 'UNEXPECTED_SEQ' });
    if (v === 'deliver') this.lastRx = seq;
    this.send(0, { type: 'ACK', ackSeq: seq });
  }

  private onHello(h: HelloMessage): void {
    if (h.role !== 'shoe' || h.reply || !this.autoHello) return;
    const r = applyPeerHello({
      lastDelivered: this.lastRx,
      noHistory: this.noHistory,
      outstanding: null,
      peerNextTxSeq: h.nextTxSeq,
      peerLastRxSeq: h.lastRxSeq,
      peerColdStart: h.coldStart,
    });
    this.lastRx = r.lastDelivered;
    this.shoeNonce = h.bootNonce ?? 0;
    this.send(0, this.hello(true));
    this.noHistory = false;
  }

  hello(reply: boolean): HelloMessage {
    return {
      type: 'HELLO',
      protocolVersion: 2,
      minProtocolVersion: 2,
      role: 'controller',
      reply,
      coldStart: this.noHistory,
      firmwareVersion: '0.1.0',
      serialNumber: 'CONFORMANCE',
      deckCount: 0,
      nextTxSeq: this.nextTx,
      lastRxSeq: this.lastRx,
      bootNonce: this.bootNonce,
      peerNonce: this.shoeNonce,
    };
  }

  send(seq: number, message: Message): void {
    this.writeRaw(encodeFrame({ seq, message }));
  }

  /** A new sequenced command; returns its seq. */
  command(message: Message): number {
    const seq = this.nextTx;
    this.nextTx = nextSeq(seq);
    this.send(seq, message);
    return seq;
  }

  writeRaw(bytes: Uint8Array): void {
    this.port.write(Buffer.from(bytes));
  }

  /** Writes in paced chunks (a pty or USB-serial buffer is finite). */
  async writePaced(bytes: Uint8Array, chunk = 256, pauseMs = 5): Promise<void> {
    for (let i = 0; i < bytes.length; i += chunk) {
      this.writeRaw(bytes.subarray(i, i + chunk));
      await this.sleep(pauseMs);
    }
  }

  /** The first frame received from index `from` on that matches, or null after timeoutMs. */
  async waitFor(pred: (f: ReceivedFrame) => boolean, timeoutMs: number, from = 0): Promise<ReceivedFrame | null> {
    const end = this.clock.now() + timeoutMs;
    for (;;) {
      const f = this.frames.slice(from).find(pred);
      if (f) return f;
      if (this.clock.now() > end) return null;
      await this.sleep(5);
    }
  }

  close(): Promise<void> {
    return new Promise((r) => (this.port.isOpen ? this.port.close(() => r()) : r()));
  }
}

