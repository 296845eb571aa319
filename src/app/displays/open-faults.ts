// Why the table is paused and which faults are open, as the log tells it — for the dealer (who must
// pull an out-of-turn or foreign card) and the supervisor. Never sent to the public.
import type { StoredEvent } from '../../ports/event-store.js';
import type { Card } from '../../rules/cards.js';
import type { FaultKind } from '../../round/events.js';
import { factOf } from '../audit/log-records.js';
import { faultAdvice } from './fault-advice.js';
import { codeFields } from '../../messages/render-reason.js';
import type { Reason } from '../../round/reasons.js';

export interface OpenFault {
  readonly kind: FaultKind;
  /** The out-of-turn or foreign card, when the fault is about a card. */
  readonly card: Card | null;
  readonly reason: string;
  /** The reason's code and values (docs/event-log.md, "Reasons"): a page renders these in its language. */
  readonly code?: Reason['code'];
  readonly params?: Reason['params'];
  /** What the fault means and what to do about it (./fault-advice.ts). */
  readonly advice: string;
  readonly since: string;
  readonly seq: number;
}

export interface PauseView {
  readonly reason: string;
  readonly code?: Reason['code'];
  readonly params?: Reason['params'];
  readonly by: string | null;
  readonly since: string;
}

export interface FaultsView {
  readonly paused: PauseView | null;
  readonly faults: readonly OpenFault[];
}

export const NO_FAULTS: FaultsView = { paused: null, faults: [] };

const CARD_FAULTS: readonly FaultKind[] = ['outOfTurn', 'foreignCard'];

export function foldFaults(view: FaultsView, event: StoredEvent): FaultsView {
  if (event.type === 'input' || event.type === 'command.refused' || event.type === 'table.configured') return view;
  const fact = factOf(event);
  switch (fact.type) {
    case 'table.paused': {
      const coded = codeFields(fact);
      const paused: PauseView = { reason: fact.reason, ...coded, by: fact.by ?? null, since: event.wallTime };
      if (!fact.fault) return { ...view, paused };
      const fault: OpenFault = { kind: fact.fault.kind, card: fact.fault.card ?? null, reason: fact.reason, ...coded, advice: faultAdvice(fact.fault.kind), since: event.wallTime, seq: event.seq };
      return { paused, faults: [...view.faults.filter((f) => f.kind !== fault.kind || CARD_FAULTS.includes(f.kind)), fault] };
    }
    case 'fault.cleared':
      return { ...view, faults: view.faults.filter((f) => f.kind !== fact.fault) };
    case 'card.setAside':
      return { ...view, faults: view.faults.filter((f) => !CARD_FAULTS.includes(f.kind)) };
    case 'table.resumed':
      // Resuming sets a fault card aside and clears the shoe faults (src/round/operations/supervision.ts).
      return NO_FAULTS;
    case 'round.voided':
      return { paused: null, faults: view.faults.filter((f) => !CARD_FAULTS.includes(f.kind)) };
    case 'shoe.finished':
      // A shoe change clears every fault and leaves the table waiting for a new shoe.
      return NO_FAULTS;
    case 'decision.accepted':
      // useCard: the out-of-turn card is dealt to the hand in turn.
      return fact.player.startsWith('supervisor:') ? { ...view, faults: view.faults.filter((f) => f.kind !== 'outOfTurn') } : view;
    default:
      return view;
  }
}
