// Faults and the supervisor: an out-of-turn or foreign card pauses the table until a
// supervisor resumes (the card is set aside) or voids the round.
import type { Card } from '../../rules/cards.js';
import type { CardFaultKind } from '../events.js';
import type { ShoeFault } from '../inputs.js';
import type { InputOf } from '../inputs.js';
import type { Emit, TableState } from '../table-state.js';
import { NO_PARAMS } from '../../rules/rule-reasons.js';
import { reason, type Reason } from '../reasons.js';
import { withSentence } from '../reason-sentence.js';
import { tally } from './shoe-receipt.js';

export function raiseCardFault(s: TableState, kind: CardFaultKind, card: Card, why: Reason, emit: Emit): void {
  s.faultCard = { card, kind };
  emit({ type: 'table.paused', round: s.round, ...withSentence(why), fault: { kind, card } });
}

/** The cause a pause names in words: typed by its maker, the shoe run out (src/app/table/shoe-out-pause.ts), or none. */
function pauseReason(input: InputOf<'supervisor'>): Reason {
  if (input.reason !== undefined) return reason('typed', { text: input.reason });
  return input.cause === SHOE_OUT_CAUSE ? reason('shoeRanOut', NO_PARAMS) : reason('supervisorPause', NO_PARAMS);
}

/** The pause's cause when the table pauses itself because the shoe ran out mid-round (docs/procedures.md). */
export const SHOE_OUT_CAUSE = 'shoeOut';

export function pauseTable(s: TableState, input: InputOf<'supervisor'>, emit: Emit): void {
  emit({
    type: 'table.paused', round: s.round, ...withSentence(pauseReason(input)),
    ...(input.by !== undefined ? { by: input.by } : {}),
  });
}

export function setAsideFaultCard(s: TableState, by: string | undefined, emit: Emit): void {
  if (!s.faultCard) return;
  tally(s, s.faultCard.kind === 'foreignCard' ? 'foreign' : 'setAside');
  emit({ type: 'card.setAside', round: s.round, card: s.faultCard.card, ...(by !== undefined ? { by } : {}) });
  s.faultCard = null;
}

export function resumeTable(s: TableState, input: InputOf<'supervisor'>, emit: Emit): void {
  setAsideFaultCard(s, input.by, emit);
  s.shoeFaults = [];
  emit({ type: 'table.resumed', round: s.round, ...(input.by !== undefined ? { by: input.by } : {}) });
}

/** A shoe or link fault pauses the table (faults pause the round and lock the draw gate). */
export function raiseShoeFault(s: TableState, input: InputOf<'shoe.fault'>, emit: Emit): void {
  const fault = input.fault as ShoeFault;
  if (!s.shoeFaults.includes(fault)) s.shoeFaults.push(fault);
  const coded = input.detailCode !== undefined ? { ...input.detailParams, detailCode: input.detailCode } : {};
  const why = input.detail ? reason('shoeFaultDetail', { ...coded, fault, detail: input.detail }) : reason('shoeFault', { fault });
  emit({ type: 'table.paused', round: s.round, ...withSentence(why), fault: { kind: fault } });
}

/** The link came back: its fault clears; the table resumes by itself when nothing else holds it paused. */
export function clearShoeFault(s: TableState, input: InputOf<'shoe.recovered'>, emit: Emit): void {
  s.shoeFaults = s.shoeFaults.filter((f) => f !== input.fault);
  emit({ type: 'fault.cleared', round: s.round, fault: input.fault as ShoeFault });
}

export function onlyLinkFaultOpen(s: TableState): boolean {
  return s.faultCard === null && s.shoeFaults.length === 0;
}
