// The round machine (xstate v5): orchestrates a table's rounds — new shoe and burn, betting, the deal,
// insurance / even money, player turns, the dealer, settlement, cut card, faults and the supervisor.
// Every rule lives in src/rules and in the pure operations under ./operations; the chart below only says
// which guard and action (round-guards.ts, round-actions.ts) apply when, and refuses what does not fit
// (an input.rejected with a reason). This definition is the only chart: xstate's actor interprets it and
// ChartRunner (chart-runner.ts, docs/adr/0001-fast-chart-runner.md) steps it at simulation speed.
import { setup } from 'xstate';
import type { RuleSet } from '../rules/rule-set.js';
import type { TableEvent } from './events.js';
import type { MachineEvent } from './inputs.js';
import { initialTableState, type TableState } from './table-state.js';
import type { RoundContext } from './round-context.js';
import { xstateActions } from './step-action.js';
import { roundGuards, supervisorAction } from './round-guards.js';
import { roundActions } from './round-actions.js';

export interface RoundMachineInput {
  readonly rules: RuleSet;
  readonly table?: TableState;
}

export const roundMachine = setup({
  types: {
    context: {} as RoundContext,
    events: {} as MachineEvent,
    input: {} as RoundMachineInput,
    emitted: {} as TableEvent,
  },
  guards: roundGuards,
  actions: xstateActions(roundActions),
}).createMachine({
  id: 'table',
  context: ({ input }) => ({ rules: input.rules, table: input.table ?? initialTableState() }),
  initial: 'active',
  states: {
    active: {
      initial: 'awaitingShoe',
      // The shoe nearly empty and no cut card seen: the cut card is missing (a shoe fault: the table pauses).
      always: { guard: 'cutCardOverdue', target: 'paused', actions: 'raiseCutCardMissing' },
      on: {
        // A card no state is waiting for: unreadable text is refused; a foreign card or a card out
        // of turn pauses the table with a fault (the seed's table-wide behaviour).
        card: [
          { guard: 'cardUnreadable', actions: 'rejectInput' },
          { guard: 'cardForeign', target: 'paused', actions: 'raiseForeignCardFault' },
          { target: 'paused', actions: 'raiseOutOfTurnFault' },
        ],
        'cut-card': [{ guard: 'shoeLoaded', actions: 'markCutCard' }, { actions: 'rejectInput' }],
        'shoe.fault': [{ guard: 'knownShoeFault', target: 'paused', actions: 'raiseShoeFault' }, { actions: 'rejectInput' }],
        'table.recovered': [{ guard: 'roundInterrupted', target: 'paused', actions: 'markRecoveryAndPause' }, { actions: 'markRecovery' }],
        // Table settings that change no round (operations/results.ts): taken in any phase.
        'results.configured': { actions: 'configureResults' },
        'receipts.configured': { actions: 'configureReceipts' },
        'dealer.changed': { actions: 'changeDealer' },
        supervisor: [
          { guard: 'isPause', target: 'paused', actions: 'pauseTable' },
          { guard: 'isShoeChange', target: '.awaitingShoe', actions: ['clearResults', 'forceShoeChange'] },
          { guard: 'isVoidOfOpenRound', target: '.roundOver', actions: 'voidRound' },
          // The procedures (docs/procedures.md): a misread corrected, a misplaced card moved, a burn called.
          { guard: 'correctionStands', actions: 'correctCard' },
          { guard: 'correctionVoids', target: '.roundOver', actions: 'correctCard' },
          { guard: 'moveAcceptable', actions: 'recordCardMove' },
          { guard: 'burnCallable', actions: 'callBurn' },
          { guard: 'discardsLoadable', actions: 'loadDiscards' },
          // A removed shoe's stub counted: bookkeeping that changes no round, taken in any phase.
          { guard: 'stubCountable', actions: 'countStub' },
          { actions: 'rejectInput' },
        ],
        // The shoe ran out mid-round: the reshuffled discards, loaded (docs/procedures.md).
        'shoe.loaded': [{ guard: 'discardsLoadable', actions: 'loadDiscards' }, { actions: 'rejectInput' }],
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
              { guard: 'burnCalled', actions: 'burnCalledCard' },
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
              { guard: 'burnCalled', actions: 'burnCalledCard' },
              { guard: 'cardDueToHand', actions: 'dealToHand' },
              { target: '#table.paused', actions: 'raiseOutOfTurnFault' },
            ],
            decision: [{ guard: 'decisionAcceptable', actions: 'applyDecision' }, { actions: 'rejectDecision' }],
            'decision.timeout': [{ guard: 'timeoutAcceptable', actions: 'applyTimeout' }, { actions: 'rejectTimeout' }],
          },
        },
        dealerTurn: {
          entry: 'revealHoleCard',
          always: { guard: 'dealerDone', target: 'results', actions: ['finishDealer', 'settleRound', 'showResults'] },
          on: {
            card: [
              { guard: 'cardUnreadable', actions: 'rejectInput' },
              { guard: 'cardForeign', target: '#table.paused', actions: 'raiseForeignCardFault' },
              { guard: 'burnCalled', actions: 'burnCalledCard' },
              { actions: 'dealToDealer' },
            ],
          },
        },
        // The results moment (operations/results.ts): the table holds while the results show, when it has one.
        results: {
          always: { guard: 'resultsNotHeld', target: 'roundOver' },
          on: {
            'results.timeout': { target: 'roundOver', actions: 'clearResults' },
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
          { guard: 'isShoeChange', target: 'active.awaitingShoe', actions: ['clearResults', 'forceShoeChange'] },
          { guard: 'isVoidOfOpenRound', target: 'active.roundOver', actions: 'voidRound' },
          { guard: ({ event }) => supervisorAction(event) === 'useCard', actions: 'rejectInput' },
          // The procedures (docs/procedures.md): an unread card entered, an out-of-turn card burned, a misread
          // corrected, a misplaced card moved, a burn called, the reshuffled discards loaded.
          { guard: 'entryAcceptable', target: 'active.resumePoint', actions: 'enterCard' },
          { guard: 'faultCardBurnable', target: 'active.resumePoint', actions: 'burnFaultCard' },
          { guard: 'correctionStands', actions: 'correctCard' },
          { guard: 'correctionVoids', target: 'active.roundOver', actions: 'correctCard' },
          { guard: 'moveAcceptable', actions: 'recordCardMove' },
          { guard: 'burnCallable', actions: 'callBurn' },
          { guard: 'discardsLoadable', target: 'active.resumePoint', actions: 'loadDiscardsAndResume' },
          { guard: 'stubCountable', actions: 'countStub' },
          { guard: 'isProcedure', actions: 'rejectInput' },
          { actions: 'rejectWhilePaused' },
        ],
        'shoe.loaded': [{ guard: 'discardsLoadable', target: 'active.resumePoint', actions: 'loadDiscardsAndResume' }, { actions: 'rejectWhilePaused' }],
        'cut-card': { actions: 'markCutCard' },
        'shoe.fault': [{ guard: 'knownShoeFault', actions: 'raiseShoeFault' }, { actions: 'rejectInput' }],
        'table.recovered': { actions: 'markRecovery' },
        'results.configured': { actions: 'configureResults' },
        'receipts.configured': { actions: 'configureReceipts' },
        'dealer.changed': { actions: 'changeDealer' },
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
