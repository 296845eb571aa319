// The shoe, seen from the table: every event the shoe sends (as table inputs, made by the serial
// adapter's shoe-input.ts) goes on the log — the link ACKs it only after `onShoeEvent` resolves, i.e.
// after it is durable (PROTOCOL.md §9.6) — and the draw gate is locked whenever no card is due
// (betting, a decision pending, the table paused).
import type { ShoeGate } from '../../ports/shoe-gate.js';
import type { LinkHold } from '../../ports/link-hold.js';
import type { ShoeInput } from '../../ports/shoe-input.js';
import type { TableService } from './table-service.js';
import type { CodedReason } from '../../messages/coded-reason.js';
import { faultDetail } from './fault-detail.js';
import { cardDue } from './card-due.js';
import { cardsDrawn } from '../../round/operations/shoe.js';
import { SEQUENCE_INCIDENT_FAULT, sequenceIncidentInput, type SequenceIncidentEvidence } from './sequence-incident.js';

export class ShoeBridge {
  private removeReaction: (() => void) | undefined;
  private lastGate: string | null = null;
  /** While one shoe event's inputs go in, the gate waits: the table passes through states (a misread
   *  cleared, the card not yet placed) in which a card would look due. */
  private holding = false;
  /** A sequence incident is on its way to the log: the link's hold must not be released meanwhile. */
  private incidentPending = 0;
  /** Link state changes go to the log one after another; a shoe event delivered after a change waits for it. */
  private linkStateApplied: Promise<void> = Promise.resolve();

  constructor(private readonly service: TableService, private readonly gate: ShoeGate, private readonly linkHold?: LinkHold) {}

  /**
   * A sequence incident from the link (src/app/table/sequence-incident.ts): on the log as a fault with the
   * link's evidence, the table paused. The link already holds deliveries; a second incident while one
   * is open is recorded as a note beside it.
   */
  async onSequenceIncident(evidence: SequenceIncidentEvidence): Promise<void> {
    this.incidentPending++;
    try {
      if (this.service.table.shoeFaults.includes(SEQUENCE_INCIDENT_FAULT)) {
        await this.service.recordNote('link.incident', { ...evidence });
      } else {
        await this.service.submit(sequenceIncidentInput(evidence), { source: 'shoe', by: 'link' });
      }
    } finally {
      this.incidentPending--;
      this.steerGate();
    }
  }

  /** The link's delivery handler: resolves once the event's inputs are durable (then the link ACKs). */
  async onShoeEvent(shoe: ShoeInput, shoeSeq: number): Promise<void> {
    // The link reports a state change before it delivers what the shoe sent after it: the change goes in
    // first. Otherwise the shoe's first event after the link came back up (a card, a shoe load) would
    // meet the table still paused for linkDown and be refused — and, acknowledged, never sent again.
    await this.linkStateApplied;
    const misreadOpen = this.service.table.shoeFaults.includes('misread');
    const inputs = shoe.inputs(misreadOpen);
    if (inputs.length === 0) {
      await this.service.recordNote('shoe.message', { shoeSeq, message: shoe.note });
      return;
    }
    this.holding = true;
    try {
      for (const input of inputs) await this.service.submit(input, { source: 'shoe', by: 'shoe', shoeSeq });
    } finally {
      this.holding = false;
      this.steerGate();
    }
  }

  /** Link state from the serial layer, with why (its English sentence, code and values): down pauses the table, up again clears that fault. */
  onLinkState(state: string, previous: string, reason: string, why?: CodedReason): Promise<void> {
    const applied = this.linkStateApplied.then(() => this.applyLinkState(state, previous, reason, why));
    this.linkStateApplied = applied.catch(() => undefined);
    return applied;
  }

  private async applyLinkState(state: string, previous: string, reason: string, why?: CodedReason): Promise<void> {
    await this.service.recordNote('link.state', { state, previous, reason, ...(why ? { code: why.code, params: why.params } : {}) });
    if (previous === 'up' && state !== 'up' && state !== 'closed') {
      await this.service.submit({ type: 'shoe.fault', fault: 'linkDown', ...(why ? { ...faultDetail(why), detail: reason } : { detail: reason }) }, { source: 'shoe', by: 'link' });
    } else if (state === 'up' && this.service.table.shoeFaults.includes('linkDown')) {
      await this.service.submit({ type: 'shoe.recovered', fault: 'linkDown' }, { source: 'shoe', by: 'link' });
    }
    this.lastGate = null;
    this.steerGate();
  }

  /** Keeps the gate and the indicator in step with the table after every durable batch. */
  start(): void {
    // A restart with an incident still open on the log: keep holding what the shoe sends.
    if (this.service.table.shoeFaults.includes(SEQUENCE_INCIDENT_FAULT)) this.linkHold?.hold('a sequence incident is open on the log');
    this.removeReaction = this.service.react('shoe gate', () => {
      this.releaseHoldWhenCleared();
      this.steerGate();
    });
    this.steerGate();
  }

  /** The supervisor resumed (or changed the shoe): the incident is closed; the link delivers again. */
  private releaseHoldWhenCleared(): void {
    if (!this.linkHold?.held || this.incidentPending > 0) return;
    if (!this.service.table.shoeFaults.includes(SEQUENCE_INCIDENT_FAULT)) this.linkHold.releaseHold();
  }

  stop(): void {
    this.removeReaction?.();
  }

  private steerGate(): void {
    if (this.holding) return;
    const { table } = this.service;
    const due = cardDue(table, this.service.phase, this.service.rules);
    // One card per unlock (allowance 1): the key changes with every card drawn, so the dealer's
    // second draw in a row (or a hand's) opens the gate again.
    const key = due ? `${JSON.stringify(due)}#${table.shoe?.number ?? 0}:${cardsDrawn(table.shoe)}` : 'locked';
    if (key === this.lastGate) return;
    this.lastGate = key;
    // A gate command the shoe does not take (the link down, a NAK) is the link's to report, in its state and
    // counters; the next durable batch steers the gate again.
    const ignore = () => undefined;
    if (!due) {
      void this.gate.lockGate().catch(ignore);
      void this.gate.setIndicator('off').catch(ignore);
      return;
    }
    void this.gate.setIndicator(due.to === 'seat' ? 'seat' : due.to, due.to === 'seat' ? due.seat : 0, due.to === 'seat' ? due.hand : 0).catch(ignore);
    void this.gate.unlockGate(1).catch(ignore);
  }
}
