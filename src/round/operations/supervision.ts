// Faults and the supervisor (issue 2): an out-of-turn or foreign card pauses the table until a
// supervisor resumes (the card is set aside) or voids the round.
import type { Card } from '../../rules/cards.js';
import type { FaultKind } from '../events.js';
import type { InputOf } from '../inputs.js';
import type { Emit, TableState } from '../table-state.js';

export function raiseCardFault(s: TableState, kind: FaultKind, card: Card, reason: string, emit: Emit): void {
  s.faultCard = { card, kind };
  emit({ type: 'table.paused', round: s.round, reason, fault: { kind, card } });
}

export function pauseTable(s: TableState, input: InputOf<'supervisor'>, emit: Emit): void {
  emit({
    type: 'table.paused', round: s.round, reason: input.reason ?? 'supervisor pause',
    ...(input.by !== undefined ? { by: input.by } : {}),
  });
}

export function setAsideFaultCard(s: TableState, by: string | undefined, emit: Emit): void {
  if (!s.faultCard) return;
  emit({ type: 'card.setAside', round: s.round, card: s.faultCard.card, ...(by !== undefined ? { by } : {}) });
  s.faultCard = null;
}

export function resumeTable(s: TableState, input: InputOf<'supervisor'>, emit: Emit): void {
  setAsideFaultCard(s, input.by, emit);
  emit({ type: 'table.resumed', round: s.round, ...(input.by !== undefined ? { by: input.by } : {}) });
}
