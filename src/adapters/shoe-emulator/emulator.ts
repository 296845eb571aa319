// A software shoe that behaves like the firmware described in firmware-protocol/PROTOCOL.md:
// handshake (§8), stop-and-wait delivery with retransmission (§9), duplicate suppression (§6.3),
// heartbeats (§10.1), the draw gate (§7.5.1), and injectable faults (faults.ts).
//
// It is transport-agnostic: it writes bytes through `attach(write)` and is fed bytes with
// `receive(bytes)`. mock-wire.ts connects it to serialport's mock binding, run-emulator.ts to a
// real serial device or pseudo-terminal. Time comes from an injected Clock (src/ports/clock.ts) and randomness
// from an injected seeded Rng, so a run is reproducible.
//
// A device model (mechanics: cards, gate, faults, rescans) over the shoe's end of the link
// (shoe-end.ts), which decides with the same pure link core as the controller
// (firmware-protocol/src/link/); line faults are injected by faulty-wire.ts.

import { MIN_PROTOCOL_VERSION, MIN_SHOE_TX_QUEUE, PROTOCOL_VERSION, type Card, type FaultCode, type GateState, type IndicatorMessage } from '../../../firmware-protocol/src/index.js';
import { randomInt } from 'node:crypto';
import type { Clock } from '../../ports/clock.js';
import type { DrawOutcome, EmulatorEvent, EmulatorSession, EmulatorStats, ShoeEmulatorOptions } from './emulator-types.js';
import { FaultyWire } from './faulty-wire.js';
import { NO_FAULTS } from './faults.js';
import { ShoeEnd } from './shoe-end.js';
import { ShoeMechanics } from './shoe-mechanics.js';

export type { DrawOutcome, EmulatorEvent, EmulatorSession, EmulatorStats, ShoeEmulatorOptions } from './emulator-types.js';

export class ShoeEmulator {
  private readonly sched: Clock;
  private readonly decks: number;
  private readonly listeners = new Set<(e: EmulatorEvent) => void>();
  private readonly nonceSource: () => number;
  private readonly wire: FaultyWire;
  private readonly end: ShoeEnd;
  private readonly m: ShoeMechanics;
  private powered = false;
  private poweredAt = 0;
  private plugged = true;

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
    this.sched = o.clock;
    const faults = o.faults ?? NO_FAULTS;
    const emit = (e: EmulatorEvent) => this.emit(e);
    this.decks = o.decks ?? Math.max(1, Math.min(8, Math.round(o.cards.length / 52)));
    this.nonceSource = o.nonceSource ?? (() => randomInt(1, 0xffffffff));
    this.wire = new FaultyWire(o.clock, o.rng, faults, this.stats, emit, () => this.plugged && this.powered);
    this.m = new ShoeMechanics(
      {
        sched: o.clock, rng: o.rng, faults, stats: this.stats, emit, decks: this.decks,
        queueCapacity: Math.max(MIN_SHOE_TX_QUEUE, o.queueCapacity ?? 32),
        rescanMs: o.rescanMs ?? 300,
        unplug: (ms) => this.unplug(ms),
        powerCycle: (ms) => this.powerCycle(ms),
      },
      o.cards,
      o.cutCardAfter ?? null,
    );
    const m = this.m;
    const identity = {
      versions: o.protocolVersions ?? { min: MIN_PROTOCOL_VERSION, max: PROTOCOL_VERSION },
      firmwareVersion: o.firmwareVersion ?? '1.0.0',
      serialNumber: o.serialNumber ?? 'EMU-0001',
      decks: this.decks,
    };
    this.end = new ShoeEnd(o.clock, identity, this.stats, this.wire, {
      effectiveGate: () => m.effectiveGate(),
      lockCommandedGate: () => m.lockCommandedGate(),
      noteGate: () => m.noteGate(),
      tryDeal: () => m.tryDeal(),
      execute: (seq, cmd) => m.execute(seq, cmd),
      uptimeMs: () => Math.floor(this.sched.now() - this.poweredAt), // §7.2.4: whole ms since power-on, on the monotonic clock
      live: () => this.powered && this.plugged,
      plugged: () => this.plugged,
    }, emit);
    m.end = this.end;
  }

  // ---- wiring ----------------------------------------------------------------------------------

  /** Connects the emulator's transmit side; `write` receives complete frames (one call per frame). */
  attach(write: (bytes: Uint8Array) => void): void {
    this.wire.attach(write);
  }

  detach(): void {
    this.wire.detach();
  }

  on(listener: (e: EmulatorEvent) => void): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  /** Bytes from the controller, in any chunking. */
  receive(bytes: Uint8Array): void {
    if (!this.powered || !this.plugged) return; // §2.3: nothing arrives through a pulled cable
    this.end.receive(bytes);
  }

  // ---- power and cable ------------------------------------------------------------------------

  /** Powers the shoe up: gate locked, cold start (§8.2), loaded shoe announced once a session is up. */
  powerOn(): void {
    if (this.powered) return;
    this.powered = true;
    this.poweredAt = this.sched.now();
    // §8.6: a power-up without sequence state is a new session: a fresh nonce.
    if (this.end.coldStart || this.end.bootNonce === 0) this.end.bootNonce = this.nonceSource();
    this.m.lockCommandedGate();
    if (this.m.cards.length > 0) this.m.enqueue({ type: 'SHOE_LOADED', deckCount: this.decks, cardCount: this.m.cards.length });
    if (this.plugged) this.end.startHandshake('power-up');
  }

  /** Stops every timer. State is kept (as the firmware keeps RAM while powered). */
  powerOff(): void {
    this.powered = false;
    this.end.stopTimers();
    this.end.setSession('offline', 'power-off');
  }

  /**
   * The shoe loses power for `offMs`: everything in RAM is gone — sequence state, transmit queue,
   * the unacknowledged frame — and it comes back with a cold-start HELLO (§8.2, §8.4 a), its
   * gate locked, announcing the cards still in it as a newly loaded shoe (SHOE_LOADED, drawIndex
   * restarts at 1, §7.4.4). Held dealer pulls stay held.
   */
  powerCycle(offMs: number): void {
    this.powerOff();
    this.end.forget();
    this.wire.clear();
    this.m.powerLoss();
    this.sched.setTimeout(() => this.powerOn(), offMs);
  }

  /** Pulls the cable for `durationMs` (§2.3): the shoe keeps its state and locks its gate. */
  unplug(durationMs: number): void {
    if (!this.plugged) return;
    this.plugged = false;
    this.end.loseSession('cable unplugged');
    this.end.setSession('offline', 'cable unplugged');
    this.end.stopTimers();
    this.wire.clear();
    this.end.deframer.reset();
    this.emit({ type: 'unplugged', durationMs });
    this.sched.setTimeout(() => this.replug(), durationMs);
  }

  private replug(): void {
    this.plugged = true;
    this.end.resetDeframer();
    this.emit({ type: 'replugged' });
    if (this.powered) this.end.startHandshake('cable plugged in');
  }

  get isPlugged(): boolean {
    return this.plugged;
  }
  get sessionState(): EmulatorSession {
    return this.end.session;
  }
  get gate(): GateState {
    return this.m.effectiveGate();
  }
  get cardsDealt(): number {
    return this.m.drawIndex;
  }
  get cardsLeft(): number {
    return this.m.cards.length - this.m.drawIndex;
  }
  get currentIndicator(): IndicatorMessage | null {
    return this.m.indicator;
  }
  get sequenceState(): { nextTxSeq: number; lastRxSeq: number; outstanding: number | null; queued: number } {
    const tx = this.end.tx;
    return { nextTxSeq: tx.nextTx, lastRxSeq: this.end.lastRx, outstanding: tx.outstanding?.seq ?? null, queued: tx.queue.length };
  }
  /** Controller wall clock minus the shoe's, from the last TIME_SYNC. */
  get timeOffsetMs(): number | null {
    return this.m.clockOffsetMs;
  }
  /** §8.6: the session nonce of this power-up (0 before the first). */
  get sessionNonce(): number {
    return this.end.bootNonce;
  }

  // ---- the dealer -----------------------------------------------------------------------------

  /**
   * The dealer pulls a card. The pull is held until the gate is open (§7.5.1) and no fault
   * blocks the shoe; the promise resolves when the card has left the shoe.
   */
  drawCard(): Promise<DrawOutcome> {
    return new Promise((resolve) => {
      this.m.drawWaiters.push(resolve);
      this.m.tryDeal();
    });
  }

  /** Pending dealer pulls not yet satisfied. */
  get heldDraws(): number {
    return this.m.drawWaiters.length;
  }

  pressButton(button: 'primary' | 'secondary' = 'primary', press: 'short' | 'long' = 'short'): void {
    this.m.enqueue({ type: 'DEALER_BUTTON', button, press });
  }

  /** The shoe of cards is taken out (SHOE_REMOVED); pending pulls resolve as empty. */
  removeShoe(): void {
    const m = this.m;
    m.enqueue({ type: 'SHOE_REMOVED', cardsDealt: m.drawIndex });
    m.cards = m.cards.slice(0, m.drawIndex);
    for (const w of m.drawWaiters.splice(0)) w({ empty: true });
  }

  /** A new shoe is loaded (SHOE_LOADED, drawIndex restarts at 1). */
  loadShoe(cards: readonly Card[], cutCardAfter?: number): void {
    const m = this.m;
    m.cards = cards.slice();
    m.cutCardAfter = cutCardAfter ?? null;
    m.cutSeen = false;
    m.drawIndex = 0;
    m.firedFaults.clear();
    m.enqueue({ type: 'SHOE_LOADED', deckCount: Math.max(1, Math.min(8, Math.round(cards.length / 52))), cardCount: cards.length });
    m.tryDeal();
  }

  /** Raises a fault now, clearing it after `durationMs` (JAM and CARD_REVERSED block the shoe). */
  raiseFault(code: FaultCode, durationMs: number): void {
    this.m.raiseFault(code, durationMs);
  }

  private emit(e: EmulatorEvent): void {
    for (const l of this.listeners) l(e);
  }
}
