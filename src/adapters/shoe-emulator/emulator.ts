// A software shoe that behaves like the firmware described in firmware-protocol/PROTOCOL.md:
// handshake (§8), stop-and-wait delivery with retransmission (§9), duplicate suppression (§6.3),
// heartbeats (§10.1), the draw gate (§7.5.1), and injectable faults (faults.ts).
//
// It is transport-agnostic: it writes bytes through `attach(write)` and is fed bytes with
// `receive(bytes)`. mock-wire.ts connects it to serialport's mock binding, run-emulator.ts to a
// real serial device or pseudo-terminal. Time comes from an injected Scheduler and randomness
// from an injected seeded Rng, so a run is reproducible.

import {
  ackSettles,
  buildHello,
  crcNakDue,
  Deframer,
  encodeFrame,
  helloRetryMs,
  judgePeerHello,
  MIN_SHOE_TX_QUEUE,
  nextSeq,
  onAckTimeout,
  onPeerNak,
  receiveSequenced,
  rejectInvalidFrame,
  resyncFromHello,
  seqBehind,
  PROTOCOL_VERSION,
  MIN_PROTOCOL_VERSION,
  TIMING,
  type Card,
  type ControllerCommand,
  type DiscardedBytes,
  type FaultCode,
  type Frame,
  type GateState,
  type HelloMessage,
  type IndicatorMessage,
  type Message,
  type NakReason,
  type ShoeEvent,
  type VersionRange,
} from '../../../firmware-protocol/src/index.js';
import { randomInt } from 'node:crypto';
import type { Scheduler, TimerHandle } from '../serial/scheduler.js';
import { NO_FAULTS, type FaultPlan, type ScheduledFault } from './faults.js';
import type { Rng } from '../../random/prng.js';

export type EmulatorSession = 'offline' | 'handshaking' | 'up' | 'incompatible';

export interface ShoeEmulatorOptions {
  scheduler: Scheduler;
  /** Seeded PRNG for fault dice and read confidence. */
  rng: Rng;
  /** The shoe's cards in dealing order (first card first). */
  cards: readonly Card[];
  /** Cards dealt before the cut card comes out; omit for no cut card. */
  cutCardAfter?: number;
  decks?: number;
  faults?: FaultPlan;
  serialNumber?: string;
  firmwareVersion?: string;
  /** Advertised protocol versions (tests use this to provoke a mismatch, §8.3). */
  protocolVersions?: VersionRange;
  /** Transmit queue capacity (§9.5, at least 16). */
  queueCapacity?: number;
  /** Time the dealer takes to pass an unreadable card over the reader again (§7.4.2). */
  rescanMs?: number;
  /** §8.6: draws the session nonce at every power-up (1..2^32-1); default: node:crypto. */
  nonceSource?: () => number;
}

export type DrawOutcome = { drawIndex: number; card: Card; misread: boolean } | { empty: true };

export type EmulatorEvent =
  | { type: 'session'; state: EmulatorSession; reason: string }
  | { type: 'unplugged'; durationMs: number }
  | { type: 'replugged' }
  | { type: 'dealt'; drawIndex: number; card: Card }
  | { type: 'gate'; state: GateState }
  | { type: 'fault'; code: FaultCode; state: 'raised' | 'cleared' }
  | { type: 'injected'; fault: 'drop' | 'corrupt' | 'dup' | 'delay' | 'rx-drop' | 'rx-corrupt' | 'misread'; detail: string };

export interface EmulatorStats {
  framesSent: number;
  bytesSent: number;
  retransmissions: number;
  sessionsLost: number;
  handshakes: number;
  commandsExecuted: number;
  duplicateCommands: number;
  naksSent: number;
  naksReceived: number;
  discardedBytes: number;
  injected: Record<'drop' | 'corrupt' | 'dup' | 'delay' | 'rxDrop' | 'rxCorrupt' | 'misread', number>;
}

interface Outstanding {
  seq: number;
  event: ShoeEvent;
  bytes: Uint8Array;
  retransmissions: number;
}

export class ShoeEmulator {
  private readonly sched: Scheduler;
  private readonly rng: Rng;
  private readonly faults: FaultPlan;
  private readonly versions: VersionRange;
  private readonly serialNumber: string;
  private readonly firmwareVersion: string;
  private readonly queueCapacity: number;
  private readonly rescanMs: number;
  private readonly decks: number;
  private readonly listeners = new Set<(e: EmulatorEvent) => void>();

  private write: ((bytes: Uint8Array) => void) | null = null;
  private deframer = new Deframer({ from: 'controller' });
  private powered = false;
  private poweredAt = 0;
  private plugged = true;
  private session: EmulatorSession = 'offline';
  private awaitingReply = false;

  // §8.2 sequence state, kept while powered.
  private nextTx = 1;
  private lastRx = 0;
  private coldStart = true;
  /** §8.6: this power-up's session nonce, and the controller's nonce our lastRx refers to. */
  private bootNonce = 0;
  private peerNonce = 0;
  private readonly nonceSource: () => number;
  private outstanding: Outstanding | null = null;
  private readonly queue: ShoeEvent[] = [];

  // Timers.
  private ackTimer: TimerHandle | null = null;
  private helloTimer: TimerHandle | null = null;
  private heartbeatTimer: TimerHandle | null = null;
  private lastCrcNakAt = -Infinity;
  private readonly outFifo: Uint8Array[] = [];
  private stalledUntil = -Infinity;
  private stallTimer: TimerHandle | null = null;

  // The shoe of cards and the dealer.
  private cards: Card[];
  private cutCardAfter: number | null;
  private cutSeen = false;
  private drawIndex = 0;
  private readonly drawWaiters: ((o: DrawOutcome) => void)[] = [];
  private commandedGate: GateState = 'locked';
  private allowance = 0;
  private jam = false;
  private reversed = false;
  private dirty = false;
  private rescanPending = false;
  private readonly firedFaults = new Set<ScheduledFault>();
  private indicator: IndicatorMessage | null = null;
  private clockOffsetMs: number | null = null;
  private lastReportedGate: GateState = 'locked';

  readonly stats: EmulatorStats = {
    framesSent: 0,
    bytesSent: 0,
    retransmissions: 0,
    sessionsLost: 0,
    handshakes: 0,
    commandsExecuted: 0,
    duplicateCommands: 0,
    naksSent: 0,
    naksReceived: 0,
    discardedBytes: 0,
    injected: { drop: 0, corrupt: 0, dup: 0, delay: 0, rxDrop: 0, rxCorrupt: 0, misread: 0 },
  };

  constructor(o: ShoeEmulatorOptions) {
    this.sched = o.scheduler;
    this.rng = o.rng;
    this.faults = o.faults ?? NO_FAULTS;
    this.versions = o.protocolVersions ?? { min: MIN_PROTOCOL_VERSION, max: PROTOCOL_VERSION };
    this.serialNumber = o.serialNumber ?? 'EMU-0001';
    this.firmwareVersion = o.firmwareVersion ?? '1.0.0';
    this.queueCapacity = Math.max(MIN_SHOE_TX_QUEUE, o.queueCapacity ?? 32);
    this.rescanMs = o.rescanMs ?? 300;
    this.cards = o.cards.slice();
    this.cutCardAfter = o.cutCardAfter ?? null;
    this.decks = o.decks ?? Math.max(1, Math.min(8, Math.round(this.cards.length / 52)));
    this.nonceSource = o.nonceSource ?? (() => randomInt(1, 0xffffffff));
  }

  // ---- wiring ----------------------------------------------------------------------------------

  /** Connects the emulator's transmit side; `write` receives complete frames (one call per frame). */
  attach(write: (bytes: Uint8Array) => void): void {
    this.write = write;
  }

  detach(): void {
    this.write = null;
  }

  on(listener: (e: EmulatorEvent) => void): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  /** Bytes from the controller, in any chunking. */
  receive(bytes: Uint8Array): void {
    if (!this.powered || !this.plugged) return; // §2.3: nothing arrives through a pulled cable
    const r = this.deframer.push(bytes);
    for (const d of r.discarded) this.onDiscarded(d);
    for (const f of r.frames) this.onFrame(f);
  }

  // ---- power and cable ------------------------------------------------------------------------

  /** Powers the shoe up: gate locked, cold start (§8.2), loaded shoe announced once a session is up. */
  powerOn(): void {
    if (this.powered) return;
    this.powered = true;
    this.poweredAt = this.sched.now();
    // §8.6: a power-up without sequence state is a new session: a fresh nonce.
    if (this.coldStart || this.bootNonce === 0) this.bootNonce = this.nonceSource();
    this.commandedGate = 'locked';
    if (this.cards.length > 0) this.enqueue({ type: 'SHOE_LOADED', deckCount: this.decks, cardCount: this.cards.length });
    if (this.plugged) this.startHandshake('power-up');
  }

  /** Stops every timer. State is kept (as the firmware keeps RAM while powered). */
  powerOff(): void {
    this.powered = false;
    this.clearTimers();
    this.setSession('offline', 'power-off');
  }

  /**
   * The shoe loses power for `offMs`: everything in RAM is gone — sequence state, transmit queue,
   * the unacknowledged frame — and it comes back with a cold-start HELLO (§8.2, §8.4 a), its
   * gate locked, announcing the cards still in it as a newly loaded shoe (SHOE_LOADED, drawIndex
   * restarts at 1, §7.4.4). Held dealer pulls stay held.
   */
  powerCycle(offMs: number): void {
    this.powerOff();
    this.nextTx = 1;
    this.lastRx = 0;
    this.coldStart = true;
    this.bootNonce = 0;
    this.peerNonce = 0;
    this.outstanding = null;
    this.queue.length = 0;
    this.outFifo.length = 0;
    this.awaitingReply = false;
    this.jam = this.reversed = this.dirty = this.rescanPending = false;
    this.deframer = new Deframer({ from: 'controller' });
    this.cards = this.cards.slice(this.drawIndex);
    this.cutCardAfter = this.cutCardAfter !== null && !this.cutSeen ? Math.max(0, this.cutCardAfter - this.drawIndex) : null;
    this.drawIndex = 0;
    this.sched.setTimeout(() => this.powerOn(), offMs);
  }

  /** Pulls the cable for `durationMs` (§2.3): the shoe keeps its state and locks its gate. */
  unplug(durationMs: number): void {
    if (!this.plugged) return;
    this.plugged = false;
    this.loseSession('cable unplugged');
    this.setSession('offline', 'cable unplugged');
    this.clearTimers();
    this.outFifo.length = 0;
    this.deframer.reset();
    this.emit({ type: 'unplugged', durationMs });
    this.sched.setTimeout(() => this.replug(), durationMs);
  }

  private replug(): void {
    this.plugged = true;
    this.deframer = new Deframer({ from: 'controller' });
    this.emit({ type: 'replugged' });
    if (this.powered) this.startHandshake('cable plugged in');
  }

  get isPlugged(): boolean {
    return this.plugged;
  }
  get sessionState(): EmulatorSession {
    return this.session;
  }
  get gate(): GateState {
    return this.effectiveGate();
  }
  get cardsDealt(): number {
    return this.drawIndex;
  }
  get cardsLeft(): number {
    return this.cards.length - this.drawIndex;
  }
  get currentIndicator(): IndicatorMessage | null {
    return this.indicator;
  }
  get sequenceState(): { nextTxSeq: number; lastRxSeq: number; outstanding: number | null; queued: number } {
    return { nextTxSeq: this.nextTx, lastRxSeq: this.lastRx, outstanding: this.outstanding?.seq ?? null, queued: this.queue.length };
  }
  /** Controller clock minus shoe clock, from the last TIME_SYNC. */
  get timeOffsetMs(): number | null {
    return this.clockOffsetMs;
  }

  // ---- the dealer -----------------------------------------------------------------------------

  /**
   * The dealer pulls a card. The pull is held until the gate is open (§7.5.1) and no fault
   * blocks the shoe; the promise resolves when the card has left the shoe.
   */
  drawCard(): Promise<DrawOutcome> {
    return new Promise((resolve) => {
      this.drawWaiters.push(resolve);
      this.tryDeal();
    });
  }

  /** Pending dealer pulls not yet satisfied. */
  get heldDraws(): number {
    return this.drawWaiters.length;
  }

  pressButton(button: 'primary' | 'secondary' = 'primary', press: 'short' | 'long' = 'short'): void {
    this.enqueue({ type: 'DEALER_BUTTON', button, press });
  }

  /** The shoe of cards is taken out (SHOE_REMOVED); pending pulls resolve as empty. */
  removeShoe(): void {
    this.enqueue({ type: 'SHOE_REMOVED', cardsDealt: this.drawIndex });
    this.cards = this.cards.slice(0, this.drawIndex);
    for (const w of this.drawWaiters.splice(0)) w({ empty: true });
  }

  /** A new shoe is loaded (SHOE_LOADED, drawIndex restarts at 1). */
  loadShoe(cards: readonly Card[], cutCardAfter?: number): void {
    this.cards = cards.slice();
    this.cutCardAfter = cutCardAfter ?? null;
    this.cutSeen = false;
    this.drawIndex = 0;
    this.firedFaults.clear();
    this.enqueue({ type: 'SHOE_LOADED', deckCount: Math.max(1, Math.min(8, Math.round(cards.length / 52))), cardCount: cards.length });
    this.tryDeal();
  }

  /** Raises a fault now, clearing it after `durationMs` (JAM and CARD_REVERSED block the shoe). */
  raiseFault(code: FaultCode, durationMs: number): void {
    this.setFault(code, true);
    this.sched.setTimeout(() => this.setFault(code, false), durationMs);
  }

  private setFault(code: FaultCode, raised: boolean): void {
    const key = code === 'JAM' ? 'jam' : code === 'CARD_REVERSED' ? 'reversed' : 'dirty';
    if (this[key] === raised) return;
    this[key] = raised;
    const involved = code === 'DIRTY_SENSOR' ? 0 : Math.min(this.drawIndex + 1, 0xffff);
    this.enqueue({ type: 'FAULT', code, state: raised ? 'raised' : 'cleared', drawIndex: involved });
    this.emit({ type: 'fault', code, state: raised ? 'raised' : 'cleared' });
    this.noteGate();
    if (!raised) this.tryDeal();
  }

  private effectiveGate(): GateState {
    // §7.5.1: held locked while a jam or reversed card blocks the shoe, while the transmit queue
    // is full, and while no session is up; otherwise as the controller commanded.
    if (this.session !== 'up' || this.jam || this.reversed || this.rescanPending || this.queueFull()) return 'locked';
    return this.commandedGate;
  }

  private queueFull(): boolean {
    // Room for the worst case of one pull: cut card + unreadable + rescan read.
    return this.queue.length + 3 > this.queueCapacity;
  }

  private noteGate(): void {
    const g = this.effectiveGate();
    if (g !== this.lastReportedGate) {
      this.lastReportedGate = g;
      this.emit({ type: 'gate', state: g });
    }
  }

  private tryDeal(): void {
    while (this.drawWaiters.length > 0) {
      if (this.drawIndex >= this.cards.length) {
        for (const w of this.drawWaiters.splice(0)) w({ empty: true });
        return;
      }
      const next = this.drawIndex + 1;
      // Scheduled faults fire just before card `next` leaves the shoe (faults.ts).
      const due = this.faults.scheduled.find((f) => f.beforeCard === next && !this.firedFaults.has(f));
      if (due && this.session === 'up' && this.commandedGate === 'unlocked') {
        this.firedFaults.add(due);
        if (due.kind === 'unplug') {
          this.unplug(due.durationMs);
          return;
        }
        if (due.kind === 'reboot') {
          this.powerCycle(due.durationMs);
          return;
        }
        this.raiseFault(due.kind === 'jam' ? 'JAM' : due.kind === 'reversed' ? 'CARD_REVERSED' : 'DIRTY_SENSOR', due.durationMs);
        continue;
      }
      if (this.effectiveGate() !== 'unlocked') return;
      if (this.cutCardAfter !== null && !this.cutSeen && this.drawIndex >= this.cutCardAfter) {
        this.cutSeen = true;
        this.enqueue({ type: 'CUT_CARD_SEEN', drawIndex: this.drawIndex });
      }
      const card = this.cards[this.drawIndex] as Card;
      this.drawIndex = next;
      if (this.allowance > 0 && --this.allowance === 0) this.commandedGate = 'locked'; // §7.5.3
      const misread = this.faults.misread > 0 && this.rng() < this.faults.misread;
      if (misread) {
        // §7.4.2: report the unreadable card now; the dealer rescans it; the read follows.
        this.stats.injected.misread++;
        this.emit({ type: 'injected', fault: 'misread', detail: `card ${next} (${card})` });
        this.enqueue({ type: 'CARD_UNREADABLE', drawIndex: next });
        this.rescanPending = true;
        this.sched.setTimeout(() => {
          this.rescanPending = false;
          this.enqueue({ type: 'CARD_DRAWN', drawIndex: next, card, confidence: this.confidence(), rescan: true });
          this.noteGate();
          this.tryDeal();
        }, this.rescanMs);
      } else {
        this.enqueue({ type: 'CARD_DRAWN', drawIndex: next, card, confidence: this.confidence(), rescan: false });
      }
      this.emit({ type: 'dealt', drawIndex: next, card });
      this.drawWaiters.shift()?.({ drawIndex: next, card, misread });
      this.noteGate();
    }
  }

  private confidence(): number {
    const base = this.dirty ? 60 : 90;
    return Math.min(100, base + Math.floor(this.rng() * 11));
  }

  // ---- transmit side (§9) ---------------------------------------------------------------------

  private enqueue(event: ShoeEvent): void {
    this.queue.push(event);
    this.pump();
  }

  /** Sends the next queued event if nothing is outstanding (§9.1 stop-and-wait). */
  private pump(): void {
    if (this.outstanding || this.session !== 'up' || !this.plugged) return;
    const event = this.queue.shift();
    if (!event) return;
    const seq = this.nextTx;
    this.nextTx = nextSeq(seq);
    this.outstanding = { seq, event, bytes: encodeFrame({ seq, message: event }), retransmissions: 0 };
    this.transmitOutstanding();
    this.noteGate();
  }

  private transmitOutstanding(): void {
    const o = this.outstanding;
    if (!o) return;
    this.sendBytes(o.bytes);
    this.sched.clearTimeout(this.ackTimer);
    this.ackTimer = this.sched.setTimeout(() => this.ackTimedOut(), TIMING.ackTimeoutMs);
  }

  private ackTimedOut(): void {
    this.ackTimer = null;
    const o = this.outstanding;
    if (!o || this.session !== 'up') return;
    if (onAckTimeout(o) === 'session-lost') {
      // §9.2: the session is lost; keep the frame, lock the gate, handshake again.
      this.loseSession('retransmission limit reached');
      this.startHandshake('retransmission limit reached');
      return;
    }
    o.retransmissions++;
    this.stats.retransmissions++;
    this.transmitOutstanding();
  }

  private acknowledged(): void {
    this.sched.clearTimeout(this.ackTimer);
    this.ackTimer = null;
    this.outstanding = null;
    this.pump();
    this.noteGate();
    this.tryDeal();
  }

  private sendMessage(message: Message): void {
    this.sendBytes(encodeFrame({ seq: 0, message }));
  }

  /**
   * Every frame leaves through here, where the wire faults are injected. A serial line cannot
   * reorder bytes, so `delay` stalls the whole transmit stream (this frame and everything queued
   * behind it) rather than letting later frames overtake the delayed one.
   */
  private sendBytes(bytes: Uint8Array): void {
    if (!this.write || !this.plugged || !this.powered) return;
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
    this.drainOut();
  }

  private drainOut(): void {
    const now = this.sched.now();
    if (now < this.stalledUntil) {
      if (!this.stallTimer) {
        this.stallTimer = this.sched.setTimeout(() => {
          this.stallTimer = null;
          this.drainOut();
        }, this.stalledUntil - now);
      }
      return;
    }
    for (const b of this.outFifo.splice(0)) this.rawWrite(b);
  }

  private rawWrite(bytes: Uint8Array): void {
    if (!this.write || !this.plugged || !this.powered) return;
    this.stats.framesSent++;
    this.stats.bytesSent += bytes.length;
    this.write(bytes);
  }

  // ---- session (§8) ---------------------------------------------------------------------------

  private hello(reply: boolean): HelloMessage {
    return buildHello(
      { role: 'shoe', versions: this.versions, firmwareVersion: this.firmwareVersion, serialNumber: this.serialNumber, deckCount: this.decks },
      { coldStart: this.coldStart, nextTxSeq: this.outstanding?.seq ?? this.nextTx, lastRxSeq: this.lastRx, bootNonce: this.bootNonce, peerNonce: this.peerNonce },
      reply,
    );
  }

  /** §8.6: the session nonce of this power-up (0 before the first). */
  get sessionNonce(): number {
    return this.bootNonce;
  }

  private startHandshake(reason: string): void {
    if (!this.powered || !this.plugged) return;
    if (this.session === 'up') this.loseSession(reason);
    if (this.session !== 'incompatible') this.setSession('handshaking', reason);
    this.sendHelloRequest();
  }

  private sendHelloRequest(): void {
    this.sched.clearTimeout(this.helloTimer);
    if (!this.powered || !this.plugged || this.session === 'up') return;
    this.awaitingReply = true;
    this.sendMessage(this.hello(false));
    this.helloTimer = this.sched.setTimeout(() => this.sendHelloRequest(), helloRetryMs(this.session === 'incompatible'));
  }

  /** §9.2, §10.3: lock the gate, stop heartbeats, keep the queue and the outstanding frame. */
  private loseSession(reason: string): void {
    if (this.session === 'up') this.stats.sessionsLost++;
    this.commandedGate = 'locked';
    this.allowance = 0;
    this.sched.clearTimeout(this.ackTimer);
    this.ackTimer = null;
    this.sched.clearTimeout(this.heartbeatTimer);
    this.heartbeatTimer = null;
    if (this.session === 'up') this.setSession('handshaking', reason);
    this.noteGate();
  }

  private onHello(h: HelloMessage): void {
    const verdict = judgePeerHello(h, 'controller', this.versions, this.awaitingReply, this.session === 'up');
    if (verdict.kind === 'echo') return; // §8.1: our own HELLO echoed back
    if (verdict.kind === 'incompatible') {
      // §8.3: stay locked, send nothing but HELLO (every 5 s), answer requests.
      this.loseSession('protocol version mismatch');
      this.setSession('incompatible', `controller speaks ${h.minProtocolVersion}..${h.protocolVersion}`);
      if (!h.reply) this.sendMessage(this.hello(true));
      this.sched.clearTimeout(this.helloTimer);
      this.helloTimer = this.sched.setTimeout(() => this.sendHelloRequest(), TIMING.incompatibleHelloIntervalMs);
      return;
    }
    if (verdict.kind === 'late-reply') return; // §8.1
    if (!h.reply && this.session === 'up') this.loseSession('controller restarted the session');
    // §8.4: resynchronise.
    const r = resyncFromHello(h, { lastDelivered: this.lastRx, noHistory: this.coldStart, outstanding: this.outstanding?.seq ?? null, bootNonce: this.bootNonce });
    this.lastRx = r.lastDelivered;
    if (h.bootNonce !== undefined) this.peerNonce = h.bootNonce;
    if (!h.reply) this.sendMessage(this.hello(true));
    this.awaitingReply = false;
    this.sched.clearTimeout(this.helloTimer);
    this.helloTimer = null;
    this.coldStart = false; // §8.2: warm from the moment a session is up
    this.commandedGate = 'locked'; // §7.5.1: a new session starts locked
    this.allowance = 0;
    this.stats.handshakes++;
    this.setSession('up', h.reply ? 'HELLO reply received' : 'HELLO request answered');
    this.scheduleHeartbeat(0);
    if (this.outstanding) {
      if (r.outstandingDelivered) this.acknowledged();
      else {
        this.outstanding.retransmissions = 0;
        this.transmitOutstanding();
      }
    } else this.pump();
    this.noteGate();
  }

  private scheduleHeartbeat(inMs: number): void {
    this.sched.clearTimeout(this.heartbeatTimer);
    this.heartbeatTimer = this.sched.setTimeout(() => {
      if (this.session !== 'up' || !this.plugged || !this.powered) return;
      const queued = Math.min(255, this.queue.length + (this.outstanding ? 1 : 0));
      this.sendMessage({ type: 'HEARTBEAT', uptimeMs: (this.sched.now() - this.poweredAt) % 2 ** 32, gate: this.effectiveGate(), queued });
      this.scheduleHeartbeat(TIMING.heartbeatIntervalMs);
    }, inMs);
  }

  private setSession(state: EmulatorSession, reason: string): void {
    if (this.session === state) return;
    this.session = state;
    this.emit({ type: 'session', state, reason });
  }

  // ---- receive side ---------------------------------------------------------------------------

  private onDiscarded(d: DiscardedBytes): void {
    this.stats.discardedBytes += d.length;
    if (this.session !== 'up') return;
    if (d.reason === 'bad-crc') return this.nakCrc();
    const rejected = rejectInvalidFrame(d, this.lastRx); // §9.4: consumed and rejected
    if (!rejected) return;
    this.lastRx = rejected.lastDelivered;
    this.nak(rejected.nak.seq, rejected.nak.reason);
  }

  private nakCrc(): void {
    const now = this.sched.now();
    if (!crcNakDue(now, this.lastCrcNakAt)) return; // §9.4 rate limit
    this.lastCrcNakAt = now;
    this.nak(0, 'CRC_ERROR');
  }

  private nak(seq: number, reason: NakReason): void {
    this.stats.naksSent++;
    this.sendMessage({ type: 'NAK', nakSeq: seq, reason });
  }

  private onFrame(frame: Frame): void {
    const f = this.faults;
    // Line faults on the controller → shoe direction, simulated after deframing.
    if (f.drop > 0 && this.rng() < f.drop) {
      this.stats.injected.rxDrop++;
      this.emit({ type: 'injected', fault: 'rx-drop', detail: frame.message.type });
      return;
    }
    if (f.corrupt > 0 && this.rng() < f.corrupt) {
      this.stats.injected.rxCorrupt++;
      this.emit({ type: 'injected', fault: 'rx-corrupt', detail: frame.message.type });
      if (this.session === 'up') this.nakCrc();
      return;
    }
    const m = frame.message;
    switch (m.type) {
      case 'HELLO':
        this.onHello(m);
        return;
      case 'ACK':
        if (ackSettles(m.ackSeq, this.outstanding?.seq ?? null)) this.acknowledged();
        return;
      case 'NAK':
        this.onNak(m.nakSeq, m.reason);
        return;
      case 'GATE_LOCK':
      case 'GATE_UNLOCK':
      case 'INDICATOR':
      case 'STATUS_REQUEST':
      case 'TIME_SYNC':
        this.onCommand(frame.seq, m);
        return;
      default:
        return; // shoe → controller messages never reach here (Deframer from: 'controller')
    }
  }

  private onNak(seq: number, reason: NakReason): void {
    this.stats.naksReceived++;
    switch (onPeerNak(reason, seq, this.outstanding?.seq ?? null, this.session === 'up')) {
      case 'retransmit':
        this.outstanding!.retransmissions++;
        this.stats.retransmissions++;
        this.transmitOutstanding();
        return;
      case 'rejected':
        this.acknowledged(); // §9.4: consumed and rejected; drop it
        return;
      case 'resync':
        this.startHandshake(`NAK ${reason}`);
        return;
      case 'incompatible':
        this.loseSession('NAK VERSION_MISMATCH');
        this.setSession('incompatible', 'NAK VERSION_MISMATCH');
        return;
      case 'ignore':
        return;
    }
  }

  private onCommand(seq: number, m: ControllerCommand): void {
    const action = receiveSequenced(this.session === 'up' || this.session === 'incompatible' ? this.session : 'down', this.lastRx, seq);
    if (action.kind === 'nak') return this.nak(seq, action.reason);
    if (action.kind === 'ack-again') {
      this.stats.duplicateCommands++; // §6.3
      return this.sendMessage({ type: 'ACK', ackSeq: seq });
    }
    this.lastRx = seq;
    this.stats.commandsExecuted++;
    this.sendMessage({ type: 'ACK', ackSeq: seq });
    switch (m.type) {
      case 'GATE_LOCK':
        this.commandedGate = 'locked';
        this.allowance = 0;
        break;
      case 'GATE_UNLOCK': {
        // §7.5.3 (version 2): cards released in frames the controller had not seen when it granted
        // the allowance were already paid for by an earlier allowance: they count against this one.
        const left = m.allowance === 0 ? 0 : m.allowance - this.cardsReleasedAfter(m.seenSeq ?? 0);
        if (m.allowance !== 0 && left <= 0) {
          this.commandedGate = 'locked';
          this.allowance = 0;
        } else {
          this.commandedGate = 'unlocked';
          this.allowance = left;
        }
        break;
      }
      case 'INDICATOR':
        this.indicator = m;
        break;
      case 'STATUS_REQUEST':
        this.enqueue({
          type: 'STATUS',
          inReplyTo: seq,
          gate: this.effectiveGate(),
          shoePresent: this.cards.length > 0,
          deckCount: this.cards.length > 0 ? this.decks : 0,
          cardsDealt: this.drawIndex,
          cutCardSeen: this.cutSeen,
          jam: this.jam,
          dirtySensor: this.dirty,
          cardReversed: this.reversed,
        });
        break;
      case 'TIME_SYNC':
        this.clockOffsetMs = m.epochMs - this.sched.now();
        break;
    }
    this.noteGate();
    this.tryDeal();
  }

  /** §7.5.3: cards that left the shoe in frames numbered after `seenSeq` (still queued or unacknowledged). */
  private cardsReleasedAfter(seenSeq: number): number {
    if (seenSeq === 0) return 0; // no anchor
    const released = (e: ShoeEvent) => (e.type === 'CARD_DRAWN' && !e.rescan) || e.type === 'CARD_UNREADABLE';
    let n = this.queue.filter(released).length;
    if (this.outstanding && released(this.outstanding.event) && seqBehind(seenSeq, this.outstanding.seq)) n++;
    return n;
  }

  private clearTimers(): void {
    for (const t of [this.ackTimer, this.helloTimer, this.heartbeatTimer, this.stallTimer]) this.sched.clearTimeout(t);
    this.ackTimer = this.helloTimer = this.heartbeatTimer = this.stallTimer = null;
  }

  private emit(e: EmulatorEvent): void {
    for (const l of this.listeners) l(e);
  }
}

function describe(bytes: Uint8Array): string {
  return `frame of ${bytes.length} bytes`;
}
