// The round machine's guards by name: what the chart asks before it takes a transition. Pure reads of
// the context and the input; xstate's actor and ChartRunner call these same functions.
import { parseCard, type Card } from '../rules/cards.js';
import { ruleFigures } from './rule-figures.js';
import type { InputOf, MachineEvent } from './inputs.js';
import type { TableState } from './table-state.js';
import type { RoundContext } from './round-context.js';
import { burnComplete, cardsDrawn, foreignReason } from './operations/shoe.js';
import { hasMainBet, refuseBet, refuseCancel } from './operations/betting.js';
import { initialDealComplete } from './operations/dealing.js';
import { offersAnswered, refuseOfferAnswer, refuseOfferTimeout } from './operations/offers.js';
import { allHandsPlayed, cardDueToHand, refuseDecision, refuseTimeout, refuseUseOfFaultCard } from './operations/play.js';
import { dealerNeedsCard } from './operations/dealer.js';
import { onlyLinkFaultOpen } from './operations/supervision.js';
import { SHOE_FAULTS, SUPERVISOR_CLEARED_SHOE_FAULTS } from './inputs.js';
import { PROCEDURE_ACTIONS } from './procedure-names.js';
import { procedureGuards } from './procedure-guards.js';

type GuardArgs = { context: RoundContext; event: MachineEvent };

/** The card an input carries: parsed once by the engine that built the event (`event.card`), else here. */
export function cardOf(event: MachineEvent): Card | null {
  if (event.type !== 'card') return null;
  if (event.card !== undefined) return event.card;
  const parsed = parseCard(event.input.card);
  return parsed.ok ? parsed.card : null;
}

export function input<T extends MachineEvent['type']>(event: MachineEvent, type: T): InputOf<T> | null {
  return event.type === type ? (event.input as InputOf<T>) : null;
}

export function supervisorAction(event: MachineEvent): string | null {
  return input(event, 'supervisor')?.action ?? null;
}

export function roundOpen(s: TableState): boolean {
  return s.bets.length > 0 || s.boxes.length > 0;
}

export const roundGuards = {
  cardUnreadable: ({ event }) => event.type === 'card' && cardOf(event) === null,
  cardForeign: ({ context, event }) => {
    const card = cardOf(event);
    return card !== null && foreignReason(context.table, context.rules, card) !== null;
  },
  burnComplete: ({ context }) => burnComplete(context.table),
  shoeFinished: ({ context }) => context.table.shoe?.cutCardSeen ?? true,
  shoeLoaded: ({ context }) => context.table.shoe !== null,
  betAcceptable: ({ context, event }) => {
    const bet = input(event, 'bet');
    return bet !== null && refuseBet(context.table, context.rules, bet) === null;
  },
  hasMainBet: ({ context }) => hasMainBet(context.table),
  noBetsPlaced: ({ context }) => context.table.bets.length === 0,
  initialDealComplete: ({ context }) => initialDealComplete(context.table, context.rules),
  offerAnswerAcceptable: ({ context, event }) => {
    const d = input(event, 'decision');
    return d !== null && refuseOfferAnswer(context.table, context.rules, d) === null;
  },
  offerTimeoutAcceptable: ({ context, event }) => {
    const t = input(event, 'decision.timeout');
    return t !== null && refuseOfferTimeout(context.table, t.seat) === null;
  },
  offersAnswered: ({ context }) => offersAnswered(context.table),
  decisionAcceptable: ({ context, event }) => {
    const d = input(event, 'decision');
    return d !== null && refuseDecision(context.table, context.rules, d) === null;
  },
  timeoutAcceptable: ({ context, event }) => {
    const t = input(event, 'decision.timeout');
    return t !== null && refuseTimeout(context.table, t.seat) === null;
  },
  cardDueToHand: ({ context }) => cardDueToHand(context.table),
  allHandsPlayed: ({ context }) => allHandsPlayed(context.table),
  dealerDone: ({ context }) => !dealerNeedsCard(context.table, context.rules),
  isPause: ({ event }) => supervisorAction(event) === 'pause',
  cutCardOverdue: ({ context: { table, rules } }) => {
    const shoe = table.shoe;
    if (!shoe || shoe.cutCardSeen || shoe.cutCardMissing) return false;
    return cardsDrawn(shoe) >= ruleFigures(rules).cutCardOverdueAt;
  },
  isShoeChange: ({ context, event }) => supervisorAction(event) === 'shoeChange' && context.table.shoe !== null && context.table.shoe.finished !== true,
  faultCardUsable: ({ context, event }) => supervisorAction(event) === 'useCard' && refuseUseOfFaultCard(context.table) === null,
  cancelAcceptable: ({ context, event }) => {
    const c = input(event, 'bet.cancel');
    return c !== null && refuseCancel(context.table, c) === null;
  },
  roundInterrupted: ({ context }) => roundOpen(context.table) || (context.table.shoe !== null && !burnComplete(context.table)),
  knownShoeFault: ({ event }) => (SHOE_FAULTS as readonly string[]).includes(input(event, 'shoe.fault')?.fault ?? ''),
  linkBackAndNothingElseOpen: ({ context, event }) => {
    const recovered = input(event, 'shoe.recovered');
    if (!recovered || !context.table.shoeFaults.includes(recovered.fault as never)) return false;
    if (SUPERVISOR_CLEARED_SHOE_FAULTS.includes(recovered.fault as never)) return false;
    return onlyLinkFaultOpen({ ...context.table, shoeFaults: context.table.shoeFaults.filter((f) => f !== recovered.fault) });
  },
  faultIsOpen: ({ context, event }) => {
    const fault = (input(event, 'shoe.recovered')?.fault ?? '') as never;
    return context.table.shoeFaults.includes(fault) && !SUPERVISOR_CLEARED_SHOE_FAULTS.includes(fault);
  },
  resultsNotHeld: ({ context }) => context.table.showingResults !== true,
  isResume: ({ event }) => supervisorAction(event) === 'resume',
  isVoidOfOpenRound: ({ context, event }) => supervisorAction(event) === 'void' && roundOpen(context.table),
  isProcedure: ({ event }) => (PROCEDURE_ACTIONS as readonly string[]).includes(supervisorAction(event) ?? ''),
  ...procedureGuards,
} satisfies Record<string, (args: GuardArgs) => boolean>;
