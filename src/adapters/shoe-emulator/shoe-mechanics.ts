// The shoe as a machine: its cards, the draw gate (PROTOCOL.md §7.5.1, §7.5.3), faults that block
// it (§7.4.3), misreads and rescans (§7.4.2), and what each controller command does. It talks to
// the controller only by queueing shoe events on its link end.

import type { Card, ControllerCommand, FaultCode, GateState, IndicatorMessage, ShoeEvent } from '../../../firmware-protocol/src/index.js';
import type { Clock } from '../../ports/clock.js';
import type { Rng } from '../../random/prng.js';
import type { DrawOutcome, EmulatorEvent, EmulatorStats } from './emulator-types.js';
import type { FaultPlan, ScheduledFault } from './faults.js';
import type { ShoeEnd } from './shoe-end.js';

export interface MechanicsOptions {
  sched: Clock;
  rng: Rng;
  faults: FaultPlan;
  stats: EmulatorStats;
  emit: (e: EmulatorEvent) => void;
  queueCapacity: number;
  rescanMs: number;
  decks: number;
  /** Scheduled faults that are not mechanical: the cable pulled, the power cycled. */
  unplug: (durationMs: number) => void;
  powerCycle: (durationMs: number) => void;
}

export class ShoeMechanics {
  end!: ShoeEnd;
  cards: Card[];
  cutCardAfter: number | null;
  cutSeen = false;
  drawIndex = 0;
  readonly drawWaiters: ((o: DrawOutcome) => void)[] = [];
  private commandedGate: GateState = 'locked';
  private allowance = 0;
  jam = false;
  reversed = false;
  dirty = false;
  rescanPending = false;
  readonly firedFaults = new Set<ScheduledFault>();
  indicator: IndicatorMessage | null = null;
  clockOffsetMs: number | null = null;
  private lastReportedGate: GateState = 'locked';

  constructor(
    private readonly o: MechanicsOptions,
    cards: readonly Card[],
    cutCardAfter: number | null,
  ) {
    this.cards = cards.slice();
    this.cutCardAfter = cutCardAfter;
  }

  enqueue(event: ShoeEvent): void {
    this.end.tx.enqueue(event);
  }

  /** §7.5.1: a session that starts or is lost leaves the gate locked, with no allowance. */
  lockCommandedGate(): void {
    this.commandedGate = 'locked';
    this.allowance = 0;
  }

  /** Power lost: the blocking conditions clear; the cards not yet dealt become a new shoe (§7.4.4). */
  powerLoss(): void {
    this.jam = this.reversed = this.dirty = this.rescanPending = false;
    this.cards = this.cards.slice(this.drawIndex);
    this.cutCardAfter = this.cutCardAfter !== null && !this.cutSeen ? Math.max(0, this.cutCardAfter - this.drawIndex) : null;
    this.drawIndex = 0;
  }

  raiseFault(code: FaultCode, durationMs: number): void {
    this.setFault(code, true);
    this.o.sched.setTimeout(() => this.setFault(code, false), durationMs);
  }

  private setFault(code: FaultCode, raised: boolean): void {
    const key = code === 'JAM' ? 'jam' : code === 'CARD_REVERSED' ? 'reversed' : 'dirty';
    if (this[key] === raised) return;
    this[key] = raised;
    const involved = code === 'DIRTY_SENSOR' ? 0 : Math.min(this.drawIndex + 1, 0xffff);
    this.enqueue({ type: 'FAULT', code, state: raised ? 'raised' : 'cleared', drawIndex: involved });
    this.o.emit({ type: 'fault', code, state: raised ? 'raised' : 'cleared' });
    this.noteGate();
    if (!raised) this.tryDeal();
  }

  effectiveGate(): GateState {
    // §7.5.1: held locked while a jam or reversed card blocks the shoe, while the transmit queue
    // is full, and while no session is up; otherwise as the controller commanded.
    if (this.end.session !== 'up' || this.jam || this.reversed || this.rescanPending || this.queueFull()) return 'locked';
    return this.commandedGate;
  }

  private queueFull(): boolean {
    // Room for the worst case of one pull: cut card + unreadable + rescan read.
    return this.end.tx.queue.length + 3 > this.o.queueCapacity;
  }

  noteGate(): void {
    const g = this.effectiveGate();
    if (g !== this.lastReportedGate) {
      this.lastReportedGate = g;
      this.o.emit({ type: 'gate', state: g });
    }
  }

  tryDeal(): void {
    while (this.drawWaiters.length > 0) {
      if (this.drawIndex >= this.cards.length) {
        for (const w of this.drawWaiters.splice(0)) w({ empty: true });
        return;
      }
      const next = this.drawIndex + 1;
      // Scheduled faults fire just before card `next` leaves the shoe (faults.ts).
      const due = this.o.faults.scheduled.find((f) => f.beforeCard === next && !this.firedFaults.has(f));
      if (due && this.end.session === 'up' && this.commandedGate === 'unlocked') {
        this.firedFaults.add(due);
        if (due.kind === 'unplug') return this.o.unplug(due.durationMs);
        if (due.kind === 'reboot') return this.o.powerCycle(due.durationMs);
        this.raiseFault(due.kind === 'jam' ? 'JAM' : due.kind === 'reversed' ? 'CARD_REVERSED' : 'DIRTY_SENSOR', due.durationMs);
        continue;
      }
      if (this.effectiveGate() !== 'unlocked') return;
      this.release(next);
    }
  }

  /** Card `next` leaves the shoe: cut card first if due, then the read (or a misread and its rescan). */
  private release(next: number): void {
    if (this.cutCardAfter !== null && !this.cutSeen && this.drawIndex >= this.cutCardAfter) {
      this.cutSeen = true;
      this.enqueue({ type: 'CUT_CARD_SEEN', drawIndex: this.drawIndex });
    }
    const card = this.cards[this.drawIndex] as Card;
    this.drawIndex = next;
    if (this.allowance > 0 && --this.allowance === 0) this.commandedGate = 'locked'; // §7.5.3
    const misread = this.o.faults.misread > 0 && this.o.rng() < this.o.faults.misread;
    if (misread) {
      // §7.4.2: report the unreadable card now; the dealer rescans it; the read follows.
      this.o.stats.injected.misread++;
      this.o.emit({ type: 'injected', fault: 'misread', detail: `card ${next} (${card})` });
      this.enqueue({ type: 'CARD_UNREADABLE', drawIndex: next });
      this.rescanPending = true;
      this.o.sched.setTimeout(() => {
        this.rescanPending = false;
        this.enqueue({ type: 'CARD_DRAWN', drawIndex: next, card, confidence: this.confidence(), rescan: true });
        this.noteGate();
        this.tryDeal();
      }, this.o.rescanMs);
    } else {
      this.enqueue({ type: 'CARD_DRAWN', drawIndex: next, card, confidence: this.confidence(), rescan: false });
    }
    this.o.emit({ type: 'dealt', drawIndex: next, card });
    this.drawWaiters.shift()?.({ drawIndex: next, card, misread });
    this.noteGate();
  }

  private confidence(): number {
    const base = this.dirty ? 60 : 90;
    return Math.min(100, base + Math.floor(this.o.rng() * 11));
  }

  /** Carries out a command the link end took in sequence (§7.5). */
  execute(seq: number, m: ControllerCommand): void {
    switch (m.type) {
      case 'GATE_LOCK':
        return this.lockCommandedGate();
      case 'GATE_UNLOCK': {
        // §7.5.3 (version 2): cards released in frames the controller had not seen when it granted
        // the allowance were already paid for by an earlier allowance: they count against this one.
        const left = m.allowance === 0 ? 0 : m.allowance - this.end.tx.cardsReleasedAfter(m.seenSeq ?? 0);
        if (m.allowance !== 0 && left <= 0) return this.lockCommandedGate();
        this.commandedGate = 'unlocked';
        this.allowance = left;
        return;
      }
      case 'INDICATOR':
        this.indicator = m;
        return;
      case 'STATUS_REQUEST':
        return this.enqueue({
          type: 'STATUS',
          inReplyTo: seq,
          gate: this.effectiveGate(),
          shoePresent: this.cards.length > 0,
          deckCount: this.cards.length > 0 ? this.o.decks : 0,
          cardsDealt: this.drawIndex,
          cutCardSeen: this.cutSeen,
          jam: this.jam,
          dirtySensor: this.dirty,
          cardReversed: this.reversed,
        });
      case 'TIME_SYNC':
        this.clockOffsetMs = m.epochMs - this.o.sched.wallNow();
        return;
    }
  }
}
