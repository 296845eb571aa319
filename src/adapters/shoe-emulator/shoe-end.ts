// The shoe's end of the link (PROTOCOL.md §8-§10), over the pure link core the controller shares
// (firmware-protocol/src/link/): the HELLO handshake, heartbeats, the controller's commands taken
// once and in order (§6.3, shoe-receiver.ts), NAKs both ways. What a command does is the device's
// business (ShoeDevice).

import {
  buildHello,
  Deframer,
  encodeFrame,
  helloRetryMs,
  judgePeerHello,
  resyncFromHello,
  TIMING,
  type ControllerCommand,
  type GateState,
  type HelloMessage,
  type Message,
  type VersionRange,
} from '../../../firmware-protocol/src/index.js';
import type { Clock, TimerHandle } from '../../ports/clock.js';
import type { EmulatorEvent, EmulatorSession, EmulatorStats } from './emulator-types.js';
import type { FaultyWire } from './faulty-wire.js';
import { ShoeReceiver } from './shoe-receiver.js';
import { ShoeTransmitter } from './shoe-transmitter.js';

/** What the link end needs of the shoe it belongs to. */
export interface ShoeDevice {
  effectiveGate(): GateState;
  /** §7.5.1: a session that starts or is lost leaves the gate locked, with no allowance. */
  lockCommandedGate(): void;
  noteGate(): void;
  tryDeal(): void;
  /** Carries out a command taken in sequence (already ACKed). */
  execute(seq: number, m: ControllerCommand): void;
  uptimeMs(): number;
  /** Powered and plugged in: able to talk. */
  live(): boolean;
  plugged(): boolean;
}

export interface ShoeIdentity {
  versions: VersionRange;
  firmwareVersion: string;
  serialNumber: string;
  decks: number;
}

export class ShoeEnd {
  session: EmulatorSession = 'offline';
  readonly tx: ShoeTransmitter;
  private readonly rx: ShoeReceiver;
  deframer = new Deframer({ from: 'controller' });
  // §8.2 sequence state, kept while powered.
  lastRx = 0;
  coldStart = true;
  /** §8.6: this power-up's session nonce, and the controller's nonce our lastRx refers to. */
  bootNonce = 0;
  peerNonce = 0;
  private awaitingReply = false;
  private helloTimer: TimerHandle | null = null;
  private heartbeatTimer: TimerHandle | null = null;

  constructor(
    readonly sched: Clock,
    readonly id: ShoeIdentity,
    readonly stats: EmulatorStats,
    readonly wire: FaultyWire,
    readonly device: ShoeDevice,
    private readonly emit: (e: EmulatorEvent) => void,
  ) {
    this.tx = new ShoeTransmitter(this);
    this.rx = new ShoeReceiver(this);
  }

  plugged(): boolean {
    return this.device.plugged();
  }

  resetDeframer(): void {
    this.deframer = new Deframer({ from: 'controller' });
  }

  /** §8.2: power lost: the sequence state, the queue and the nonces are gone. */
  forget(): void {
    this.tx.forget();
    this.lastRx = 0;
    this.coldStart = true;
    this.bootNonce = this.peerNonce = 0;
    this.awaitingReply = false;
    this.deframer = new Deframer({ from: 'controller' });
  }

  stopTimers(): void {
    for (const t of [this.tx, this.wire]) t.stopTimer();
    for (const t of [this.helloTimer, this.heartbeatTimer]) this.sched.clearTimeout(t);
    this.helloTimer = this.heartbeatTimer = null;
  }

  /** Bytes from the controller, in any chunking. */
  receive(bytes: Uint8Array): void {
    const r = this.deframer.push(bytes);
    for (const d of r.discarded) this.rx.onDiscarded(d);
    for (const f of r.frames) this.rx.onFrame(f);
  }

  send(message: Message): void {
    this.wire.send(encodeFrame({ seq: 0, message }));
  }

  private hello(reply: boolean): HelloMessage {
    const id = this.id;
    return buildHello(
      { role: 'shoe', versions: id.versions, firmwareVersion: id.firmwareVersion, serialNumber: id.serialNumber, deckCount: id.decks },
      { coldStart: this.coldStart, nextTxSeq: this.tx.outstanding?.seq ?? this.tx.nextTx, lastRxSeq: this.lastRx, bootNonce: this.bootNonce, peerNonce: this.peerNonce },
      reply,
    );
  }

  startHandshake(reason: string): void {
    if (!this.device.live()) return;
    if (this.session === 'up') this.loseSession(reason);
    if (this.session !== 'incompatible') this.setSession('handshaking', reason);
    this.sendHelloRequest();
  }

  private sendHelloRequest(): void {
    this.sched.clearTimeout(this.helloTimer);
    if (!this.device.live() || this.session === 'up') return;
    this.awaitingReply = true;
    this.send(this.hello(false));
    this.helloTimer = this.sched.setTimeout(() => this.sendHelloRequest(), helloRetryMs(this.session === 'incompatible'));
  }

  /** §9.2, §10.3: lock the gate, stop heartbeats, keep the queue and the outstanding frame. */
  loseSession(reason: string): void {
    if (this.session === 'up') this.stats.sessionsLost++;
    this.device.lockCommandedGate();
    this.tx.stopTimer();
    this.sched.clearTimeout(this.heartbeatTimer);
    this.heartbeatTimer = null;
    if (this.session === 'up') this.setSession('handshaking', reason);
    this.device.noteGate();
  }

  onHello(h: HelloMessage): void {
    const verdict = judgePeerHello(h, 'controller', this.id.versions, this.awaitingReply, this.session === 'up');
    if (verdict.kind === 'echo' || verdict.kind === 'late-reply') return; // §8.1
    if (verdict.kind === 'incompatible') {
      // §8.3: stay locked, send nothing but HELLO (every 5 s), answer requests.
      this.loseSession('protocol version mismatch');
      this.setSession('incompatible', `controller speaks ${h.minProtocolVersion}..${h.protocolVersion}`);
      if (!h.reply) this.send(this.hello(true));
      this.sched.clearTimeout(this.helloTimer);
      this.helloTimer = this.sched.setTimeout(() => this.sendHelloRequest(), TIMING.incompatibleHelloIntervalMs);
      return;
    }
    if (!h.reply && this.session === 'up') this.loseSession('controller restarted the session');
    // §8.4: resynchronise.
    const r = resyncFromHello(h, { lastDelivered: this.lastRx, noHistory: this.coldStart, outstanding: this.tx.outstanding?.seq ?? null, bootNonce: this.bootNonce });
    this.lastRx = r.lastDelivered;
    if (h.bootNonce !== undefined) this.peerNonce = h.bootNonce;
    if (!h.reply) this.send(this.hello(true));
    this.awaitingReply = false;
    this.sched.clearTimeout(this.helloTimer);
    this.helloTimer = null;
    this.coldStart = false; // §8.2: warm from the moment a session is up
    this.device.lockCommandedGate(); // §7.5.1: a new session starts locked
    this.stats.handshakes++;
    this.setSession('up', h.reply ? 'HELLO reply received' : 'HELLO request answered');
    this.scheduleHeartbeat(0);
    this.tx.resume(r.outstandingDelivered);
    this.device.noteGate();
  }

  private scheduleHeartbeat(inMs: number): void {
    this.sched.clearTimeout(this.heartbeatTimer);
    this.heartbeatTimer = this.sched.setTimeout(() => {
      if (this.session !== 'up' || !this.device.live()) return;
      const queued = Math.min(255, this.tx.queue.length + (this.tx.outstanding ? 1 : 0));
      this.send({ type: 'HEARTBEAT', uptimeMs: this.device.uptimeMs() % 2 ** 32, gate: this.device.effectiveGate(), queued });
      this.scheduleHeartbeat(TIMING.heartbeatIntervalMs);
    }, inMs);
  }

  setSession(state: EmulatorSession, reason: string): void {
    if (this.session === state) return;
    this.session = state;
    this.emit({ type: 'session', state, reason });
  }
}
