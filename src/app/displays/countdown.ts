// Whose decision the table waits for, and the decision countdown, as the log tells it. The countdown
// follows the decision timer (src/app/table/decision-timer.ts): it starts when a decision becomes awaited —
// the hand announced by `turn.started` once it holds two cards, the hand in turn again after each card
// it draws, each box asked about insurance / even money in seat order — runs `decisionSeconds` from the
// wall time of the input that caused it, stops while the table is paused and starts afresh on resume.
import type { Draft } from './draft.js';
import type { AwaitingView, CountdownView, TableView } from './table-view.js';
import type { TimedViewFact, ViewFact } from '../../ports/view-facts.js';

type Awaiting = { readonly awaiting: AwaitingView | null } | 'unchanged';

function handOf(view: Draft<TableView>, seat: number, hand: number) {
  return view.seats.find((s) => s.seat === seat)?.hands.find((h) => h.hand === hand);
}

function playAwaited(view: Draft<TableView>, seat: number, hand: number): AwaitingView | null {
  const h = handOf(view, seat, hand);
  return h && h.status === 'open' && h.cards.length >= 2 ? { kind: 'play', seat, hand } : null;
}

function nextOffer(view: Draft<TableView>): AwaitingView | null {
  const seat = view.offersPending[0];
  return seat === undefined ? null : { kind: 'offer', seat, hand: 0 };
}

function ownerOf(view: Draft<TableView>, seat: number): string | null {
  return view.seats.find((s) => s.seat === seat)?.owner ?? null;
}

/** A seat's offer is answered by its owner (co-players' answers do not close it). */
function answerOffer(view: Draft<TableView>, seat: number): Awaiting {
  view.offersPending = view.offersPending.filter((s) => s !== seat);
  return { awaiting: nextOffer(view) };
}

function awaitingAfter(view: Draft<TableView>, fact: ViewFact): Awaiting {
  switch (fact.type) {
    case 'offers.opened':
      view.offersPending = [...new Set([...fact.insurance, ...fact.evenMoney])].sort((a, b) => a - b);
      return { awaiting: nextOffer(view) };
    case 'insurance.taken':
    case 'insurance.declined':
      return fact.player === ownerOf(view, fact.seat) ? answerOffer(view, fact.seat) : 'unchanged';
    case 'evenMoney.taken':
      return answerOffer(view, fact.seat);
    case 'turn.started':
      view.offersPending = [];
      return { awaiting: playAwaited(view, fact.seat, fact.hand) };
    case 'card.dealt': {
      const inTurn = view.turn !== null && view.turn.seat === fact.seat && view.turn.hand === fact.hand && view.stage === 'playing';
      return inTurn ? { awaiting: playAwaited(view, fact.seat, fact.hand) } : 'unchanged';
    }
    case 'decision.accepted':
      return { awaiting: null };
    case 'hand.finished':
      return view.awaiting?.seat === fact.seat && view.awaiting.hand === fact.hand ? { awaiting: null } : 'unchanged';
    case 'dealer.revealed':
    case 'dealer.finished':
    case 'round.voided':
    case 'round.ended':
    case 'betting.opened':
    case 'betting.closed':
    case 'shoe.finished':
      view.offersPending = [];
      return { awaiting: null };
    default:
      return 'unchanged';
  }
}

export function countdownFrom(at: string, seconds: number): CountdownView {
  return { startedAt: at, deadline: new Date(Date.parse(at) + seconds * 1000).toISOString(), seconds };
}

/** Updates `awaiting` and `countdown` of a view the fact has just been applied to. */
export function advanceCountdown(view: Draft<TableView>, { fact, at }: TimedViewFact, decisionSeconds: number): void {
  if (fact.type === 'table.paused') {
    view.countdown = null;
    return;
  }
  if (fact.type === 'table.resumed') {
    view.countdown = view.awaiting ? countdownFrom(at, decisionSeconds) : null;
    return;
  }
  const next = awaitingAfter(view, fact);
  if (next === 'unchanged') return;
  view.awaiting = next.awaiting;
  view.countdown = next.awaiting && !view.paused ? countdownFrom(at, decisionSeconds) : null;
}
