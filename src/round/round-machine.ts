// The round machine (xstate v5): orchestrates a table's rounds — new shoe and burn, betting, the deal,
// insurance / even money, player turns, the dealer, settlement, cut card, faults and the supervisor.
// Every rule lives in src/rules and in the pure operations under ./operations; the machine only says
// which operation runs when, and refuses what does not fit (an input.rejected with a reason).
import { setup, enqueueActions } from 'xstate';
import { parseCard, type Card } from '../rules/cards.js';
import { cutCardReserve, shoeSize } from '../rules/shoe-composition.js';
import type { RuleSet } from '../rules/rule-set.js';
import type { TableEvent } from './events.js';
import type { InputOf, MachineEvent } from './inputs.js';
import { initialTableState, type TableState } from './table-state.js';
import { applyOperation, rejection, runOperation, type Operation, type RoundContext } from './round-context.js';
import { withDirect } from './direct-action.js';
import { describePhase } from './describe-phase.js';
import { burnCard, burnComplete, cardsDrawn, foreignReason, loadShoe, markCutCard, recordDrawn, shoeReadyForBetting } from './operations/shoe.js';
import { cancelBet, closeBetting, hasMainBet, openBetting, placeBet, refuseBet, refuseCancel } from './operations/betting.js';
import { completeInitialDeal, dealInitialCard, initialDealComplete } from './operations/dealing.js';
import { answerOffer, checkDealerBlackjack, declineOfferOnTimeout, offersAnswered, refuseOfferAnswer, refuseOfferTimeout } from './operations/offers.js';
import { allHandsPlayed, applyDecision, applyTimeout, cardDueToHand, dealToHand, refuseDecision, refuseTimeout, refuseUseOfFaultCard, useFaultCard } from './operations/play.js';
import { announceTurn } from './operations/hands.js';
import { dealerNeedsCard, dealToDealer, finishDealer, revealHoleCard } from './operations/dealer.js';
import { settleRound, voidRound } from './operations/settlement.js';
import { clearShoeFault, onlyLinkFaultOpen, pauseTable, raiseCardFault, raiseShoeFault, resumeTable, setAsideFaultCard } from './operations/supervision.js';
import { SHOE_FAULTS, SUPERVISOR_ACTIONS, SUPERVISOR_CLEARED_SHOE_FAULTS } from './inputs.js';

export interface RoundMachineInput {
  readonly rules: RuleSet;
  readonly table?: TableState;
}

/** The card an input carries, parsed once per input (several guards and the action ask): inputs are
 *  stepped one at a time, so the last one parsed is remembered. */
let lastCardEvent: MachineEvent | null = null;
let lastCard: Card | null = null;

function cardOf(event: MachineEvent): Card | null {
  if (event.type !== 'card') return null;
  if (event !== lastCardEvent) {
    const parsed = parseCard(event.input.card);
    lastCard = parsed.ok ? parsed.card : null;
    lastCardEvent = event;
  }
  return lastCard;
}

function input<T extends MachineEvent['type']>(event: MachineEvent, type: T): InputOf<T> | null {
  return event.type === type ? (event.input as InputOf<T>) : null;
}

function supervisorAction(event: MachineEvent): string | null {
  return input(event, 'supervisor')?.action ?? null;
}

function roundOpen(s: TableState): boolean {
  return s.bets.length > 0 || s.boxes.length > 0;
}

/** Why an input is refused here: from the validating rule where there is one, else the table's phase. */
function refusalReason({ rules, table }: RoundContext, event: MachineEvent): string {
  switch (event.type) {
    case 'card': {
      const parsed = parseCard(event.input.card);
      if (!parsed.ok) return parsed.reason;
      return `card ${parsed.card} not expected: ${describePhase(table)}`;
    }
    case 'bet':
      if (!shoeReadyForBetting(table) || table.boxes.length > 0) return `no betting now: ${describePhase(table)}`;
      return refuseBet(table, rules, event.input) ?? 'bet refused';
    case 'bet.cancel':
      return `no bets to cancel now: ${describePhase(table)}`;
    case 'betting.closed':
    case 'betting.timeout':
      return table.boxes.length === 0 && shoeReadyForBetting(table) ? 'no main bet on the table' : `betting is not open: ${describePhase(table)}`;
    case 'supervisor': {
      const action = event.input.action;
      if (!(SUPERVISOR_ACTIONS as readonly string[]).includes(action)) return `unknown supervisor action "${action}"`;
      if (action === 'resume') return 'the table is not paused';
      if (action === 'useCard') return refuseUseOfFaultCard(table) ?? 'the table is not paused';
      if (action === 'shoeChange') return 'no shoe to change';
      if (action === 'pause') return 'the table is already paused';
      return 'no round to void';
    }
    case 'shoe.loaded':
      return roundOpen(table) ? 'a round is open: void it before changing the shoe' : `no shoe change now: ${describePhase(table)}`;
    case 'cut-card':
      return 'no shoe is loaded';
    case 'decision':
    case 'decision.timeout':
      return `no decision expected: ${describePhase(table)}`;
    case 'shoe.fault':
      return `unknown shoe fault "${event.input.fault}"; known: ${SHOE_FAULTS.join(', ')}`;
    case 'shoe.recovered':
      return SUPERVISOR_CLEARED_SHOE_FAULTS.includes(event.input.fault as never)
        ? `a "${event.input.fault}" fault is cleared only by a supervisor's resume`
        : `no open "${event.input.fault}" fault to clear`;
    case 'table.recovered':
      return 'recovery marker not accepted';
  }
}

/** A pure operation as a machine action: run it on a draft, assign the result, emit its facts. */
const operation = (op: Operation) =>
  withDirect(enqueueActions<RoundContext, MachineEvent, undefined, MachineEvent, never, never, never, never, TableEvent>(({ context, event, enqueue }) => {
    const { table, events } = runOperation(context, event, op);
    enqueue.assign({ table });
    for (const e of events) enqueue.emit(e);
  }), (context, event, emit) => {
    const table = applyOperation(context, event, op, emit);
    return table === context.table ? context : { rules: context.rules, table };
  });

const withCard = (op: (s: TableState, rules: RuleSet, card: Card, emit: (e: TableEvent) => void) => void): Operation =>
  (s, rules, event, emit) => {
    const card = cardOf(event);
    if (card) op(s, rules, card, emit);
  };

const reject = (reason?: (context: RoundContext, event: MachineEvent) => string | null) =>
  withDirect(enqueueActions<RoundContext, MachineEvent, undefined, MachineEvent, never, never, never, never, TableEvent>(({ context, event, enqueue }) => {
    enqueue.emit(rejection(event, reason?.(context, event) ?? refusalReason(context, event)));
  }), (context, event, emit) => {
    emit(rejection(event, reason?.(context, event) ?? refusalReason(context, event)));
    return context;
  });

export const roundMachine = setup({
  types: {
    context: {} as RoundContext,
    events: {} as MachineEvent,
    input: {} as RoundMachineInput,
    emitted: {} as TableEvent,
  },
  guards: {
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
      return cardsDrawn(shoe) >= shoeSize(rules) - cutCardReserve(rules);
    },
    isShoeChange: ({ context, event }) => supervisorAction(event) === 'shoeChange' && context.table.shoe !== null,
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
    isResume: ({ event }) => supervisorAction(event) === 'resume',
    isVoidOfOpenRound: ({ context, event }) => supervisorAction(event) === 'void' && roundOpen(context.table),
  },
  actions: {
    loadShoe: operation((s, rules, _e, emit) => loadShoe(s, rules, emit)),
    burnCard: operation(withCard(burnCard)),
    markCutCard: operation((s, _r, _e, emit) => markCutCard(s, emit)),
    openBetting: operation((s, _r, _e, emit) => openBetting(s, emit)),
    finishShoe: operation((s, _r, _e, emit) => {
      if (s.shoe) emit({ type: 'shoe.finished', shoe: s.shoe.number });
      s.bets = [];
      s.boxes = [];
    }),
    placeBet: operation((s, _r, e, emit) => {
      const bet = input(e, 'bet');
      if (bet) placeBet(s, bet, emit);
    }),
    cancelBet: operation((s, _r, e, emit) => {
      const c = input(e, 'bet.cancel');
      if (c) cancelBet(s, c, emit);
    }),
    rejectCancel: reject(({ table }, e) => {
      const c = input(e, 'bet.cancel');
      return c && refuseCancel(table, c);
    }),
    useFaultCard: operation((s, rules, e, emit) => useFaultCard(s, rules, input(e, 'supervisor')?.by, emit)),
    forceShoeChange: operation((s, _r, e, emit) => {
      const sup = input(e, 'supervisor');
      setAsideFaultCard(s, sup?.by, emit);
      s.shoeFaults = [];
      if (roundOpen(s)) voidRound(s, sup?.by, sup?.reason ?? 'shoe change', emit);
      if (s.shoe) emit({ type: 'shoe.finished', shoe: s.shoe.number });
      s.bets = [];
      s.boxes = [];
    }),
    closeBetting: operation((s, rules, _e, emit) => closeBetting(s, rules, emit)),
    closeBettingOnTimeout: operation((s, rules, _e, emit) =>
      closeBetting(s, rules, (e) => emit(e.type === 'betting.closed' ? { ...e, byTimeout: true } : e))),
    dealInitialCard: operation(withCard(dealInitialCard)),
    completeInitialDeal: operation((s, rules, _e, emit) => completeInitialDeal(s, rules, emit)),
    answerOffer: operation((s, rules, e, emit) => {
      const d = input(e, 'decision');
      if (d) answerOffer(s, rules, d, emit);
    }),
    declineOfferOnTimeout: operation((s, _r, e, emit) => {
      const t = input(e, 'decision.timeout');
      if (t) declineOfferOnTimeout(s, t.seat, emit);
    }),
    checkDealerBlackjack: operation((s, rules, _e, emit) => checkDealerBlackjack(s, rules, emit)),
    announceTurn: operation((s, _r, _e, emit) => announceTurn(s, emit)),
    applyDecision: operation((s, rules, e, emit) => {
      const d = input(e, 'decision');
      if (d) applyDecision(s, rules, d, emit);
    }),
    applyTimeout: operation((s, rules, e, emit) => {
      const t = input(e, 'decision.timeout');
      if (t) applyTimeout(s, rules, t.seat, emit);
    }),
    dealToHand: operation(withCard(dealToHand)),
    revealHoleCard: operation((s, rules, _e, emit) => revealHoleCard(s, rules, emit)),
    dealToDealer: operation(withCard(dealToDealer)),
    finishDealer: operation((s, rules, _e, emit) => finishDealer(s, rules, emit)),
    settleRound: operation((s, rules, _e, emit) => settleRound(s, rules, emit)),
    raiseForeignCardFault: operation((s, rules, e, emit) => {
      const card = cardOf(e);
      if (card) raiseCardFault(s, 'foreignCard', card, foreignReason(s, rules, card) ?? 'foreign card', emit);
    }),
    raiseOutOfTurnFault: operation((s, _r, e, emit) => {
      const card = cardOf(e);
      if (!card) return;
      recordDrawn(s, card);
      raiseCardFault(s, 'outOfTurn', card, `card ${card} drawn out of turn: ${describePhase(s)}`, emit);
    }),
    pauseTable: operation((s, _r, e, emit) => {
      const sup = input(e, 'supervisor');
      if (sup) pauseTable(s, sup, emit);
    }),
    resumeTable: operation((s, _r, e, emit) => {
      const sup = input(e, 'supervisor');
      if (sup) resumeTable(s, sup, emit);
    }),
    raiseCutCardMissing: operation((s, rules, _e, emit) => {
      if (!s.shoe) return;
      s.shoe.cutCardMissing = true;
      if (!s.shoeFaults.includes('cutCardMissing')) s.shoeFaults.push('cutCardMissing');
      emit({ type: 'table.paused', round: s.round, reason: `cut card missing: ${cutCardReserve(rules)} or fewer cards left and no cut card seen`, fault: { kind: 'cutCardMissing' } });
    }),
    markRecovery: operation((s, _r, _e, emit) => emit({ type: 'table.recovered', round: s.round, interrupted: false })),
    markRecoveryAndPause: operation((s, _r, _e, emit) => {
      emit({ type: 'table.recovered', round: s.round, interrupted: true });
      emit({ type: 'table.paused', round: s.round, reason: 'recovered after a restart: resume to continue the round', by: 'system' });
    }),
    raiseShoeFault: operation((s, _r, e, emit) => {
      const f = input(e, 'shoe.fault');
      if (f) raiseShoeFault(s, f, emit);
    }),
    clearShoeFault: operation((s, _r, e, emit) => {
      const r = input(e, 'shoe.recovered');
      if (r) clearShoeFault(s, r, emit);
    }),
    resumeAfterLinkBack: operation((s, _r, _e, emit) => emit({ type: 'table.resumed', round: s.round, by: 'shoe' })),
    voidRound: operation((s, _r, e, emit) => {
      const sup = input(e, 'supervisor');
      setAsideFaultCard(s, sup?.by, emit);
      voidRound(s, sup?.by, sup?.reason, emit);
    }),
    rejectInput: reject(),
    rejectBet: reject(({ rules, table }, e) => {
      const bet = input(e, 'bet');
      return bet && refuseBet(table, rules, bet);
    }),
    rejectOfferAnswer: reject(({ rules, table }, e) => {
      const d = input(e, 'decision');
      return d && refuseOfferAnswer(table, rules, d);
    }),
    rejectOfferTimeout: reject(({ table }, e) => {
      const t = input(e, 'decision.timeout');
      return t && refuseOfferTimeout(table, t.seat);
    }),
    rejectDecision: reject(({ rules, table }, e) => {
      const d = input(e, 'decision');
      return d && refuseDecision(table, rules, d);
    }),
    rejectTimeout: reject(({ table }, e) => {
      const t = input(e, 'decision.timeout');
      return t && refuseTimeout(table, t.seat);
    }),
    rejectWhilePaused: reject(({ table }) =>
      table.shoeFaults.length > 0 ? `table paused (shoe fault: ${table.shoeFaults.join(', ')}): resolve it or a supervisor must resume or void` : table.faultCard ? `table paused (${table.faultCard.kind} card ${table.faultCard.card}): a supervisor must resume or void` : 'table paused: a supervisor must resume or void'),
  },
}).createMachine({
  id: 'table',
  context: ({ input }) => ({ rules: input.rules, table: input.table ?? initialTableState() }),
  initial: 'active',
  states: {
    active: {
      initial: 'awaitingShoe',
      // The shoe nearly empty and no cut card seen: the cut card is missing (issue 5, faults).
      always: { guard: 'cutCardOverdue', target: 'paused', actions: 'raiseCutCardMissing' },
      on: {
        // A card no state is waiting for: unreadable text is refused; a foreign card or a card out
        // of turn pauses the table with a fault (issue 2, table-wide behaviour).
        card: [
          { guard: 'cardUnreadable', actions: 'rejectInput' },
          { guard: 'cardForeign', target: 'paused', actions: 'raiseForeignCardFault' },
          { target: 'paused', actions: 'raiseOutOfTurnFault' },
        ],
        'cut-card': [{ guard: 'shoeLoaded', actions: 'markCutCard' }, { actions: 'rejectInput' }],
        'shoe.fault': [{ guard: 'knownShoeFault', target: 'paused', actions: 'raiseShoeFault' }, { actions: 'rejectInput' }],
        'table.recovered': [{ guard: 'roundInterrupted', target: 'paused', actions: 'markRecoveryAndPause' }, { actions: 'markRecovery' }],
        supervisor: [
          { guard: 'isPause', target: 'paused', actions: 'pauseTable' },
          { guard: 'isShoeChange', target: '.awaitingShoe', actions: 'forceShoeChange' },
          { guard: 'isVoidOfOpenRound', target: '.roundOver', actions: 'voidRound' },
          { actions: 'rejectInput' },
        ],
        '*': { actions: 'rejectInput' },
      },
      states: {
        awaitingShoe: {
          on: { 'shoe.loaded': { target: 'burning', actions: 'loadShoe' } },
        },
        burning: {
          always: { guard: 'burnComplete', target: 'betting', actions: 'openBetting' },
          on: {
            card: [
              { guard: 'cardUnreadable', actions: 'rejectInput' },
              { guard: 'cardForeign', target: '#table.paused', actions: 'raiseForeignCardFault' },
              { actions: 'burnCard' },
            ],
          },
        },
        betting: {
          on: {
            bet: [{ guard: 'betAcceptable', actions: 'placeBet' }, { actions: 'rejectBet' }],
            'bet.cancel': [{ guard: 'cancelAcceptable', actions: 'cancelBet' }, { actions: 'rejectCancel' }],
            'betting.closed': [{ guard: 'hasMainBet', target: 'dealing', actions: 'closeBetting' }, { actions: 'rejectInput' }],
            'betting.timeout': [{ guard: 'hasMainBet', target: 'dealing', actions: 'closeBettingOnTimeout' }, { actions: 'rejectInput' }],
            'shoe.loaded': [{ guard: 'noBetsPlaced', target: 'burning', actions: 'loadShoe' }, { actions: 'rejectInput' }],
          },
        },
        dealing: {
          always: { guard: 'initialDealComplete', target: 'offers', actions: 'completeInitialDeal' },
          on: {
            card: [
              { guard: 'cardUnreadable', actions: 'rejectInput' },
              { guard: 'cardForeign', target: '#table.paused', actions: 'raiseForeignCardFault' },
              { actions: 'dealInitialCard' },
            ],
          },
        },
        offers: {
          always: { guard: 'offersAnswered', target: 'playing', actions: 'checkDealerBlackjack' },
          on: {
            decision: [{ guard: 'offerAnswerAcceptable', actions: 'answerOffer' }, { actions: 'rejectOfferAnswer' }],
            'decision.timeout': [{ guard: 'offerTimeoutAcceptable', actions: 'declineOfferOnTimeout' }, { actions: 'rejectOfferTimeout' }],
          },
        },
        playing: {
          entry: 'announceTurn',
          always: { guard: 'allHandsPlayed', target: 'dealerTurn' },
          on: {
            card: [
              { guard: 'cardUnreadable', actions: 'rejectInput' },
              { guard: 'cardForeign', target: '#table.paused', actions: 'raiseForeignCardFault' },
              { guard: 'cardDueToHand', actions: 'dealToHand' },
              { target: '#table.paused', actions: 'raiseOutOfTurnFault' },
            ],
            decision: [{ guard: 'decisionAcceptable', actions: 'applyDecision' }, { actions: 'rejectDecision' }],
            'decision.timeout': [{ guard: 'timeoutAcceptable', actions: 'applyTimeout' }, { actions: 'rejectTimeout' }],
          },
        },
        dealerTurn: {
          entry: 'revealHoleCard',
          always: { guard: 'dealerDone', target: 'roundOver', actions: ['finishDealer', 'settleRound'] },
          on: {
            card: [
              { guard: 'cardUnreadable', actions: 'rejectInput' },
              { guard: 'cardForeign', target: '#table.paused', actions: 'raiseForeignCardFault' },
              { actions: 'dealToDealer' },
            ],
          },
        },
        roundOver: {
          always: [
            { guard: 'shoeFinished', target: 'awaitingShoe', actions: 'finishShoe' },
            { target: 'betting', actions: 'openBetting' },
          ],
        },
        resumePoint: { type: 'history', history: 'deep' },
      },
    },
    paused: {
      on: {
        supervisor: [
          { guard: 'isResume', target: 'active.resumePoint', actions: 'resumeTable' },
          { guard: 'faultCardUsable', target: 'active.resumePoint', actions: 'useFaultCard' },
          { guard: 'isShoeChange', target: 'active.awaitingShoe', actions: 'forceShoeChange' },
          { guard: 'isVoidOfOpenRound', target: 'active.roundOver', actions: 'voidRound' },
          { guard: ({ event }) => supervisorAction(event) === 'useCard', actions: 'rejectInput' },
          { actions: 'rejectWhilePaused' },
        ],
        'cut-card': { actions: 'markCutCard' },
        'shoe.fault': [{ guard: 'knownShoeFault', actions: 'raiseShoeFault' }, { actions: 'rejectInput' }],
        'table.recovered': { actions: 'markRecovery' },
        'shoe.recovered': [
          { guard: 'linkBackAndNothingElseOpen', target: 'active.resumePoint', actions: ['clearShoeFault', 'resumeAfterLinkBack'] },
          { guard: 'faultIsOpen', actions: 'clearShoeFault' },
          { actions: 'rejectInput' },
        ],
        '*': { actions: 'rejectWhilePaused' },
      },
    },
  },
});

export type RoundMachine = typeof roundMachine;
