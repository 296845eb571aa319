// The round machine's actions by name, each written once as a StepAction (step-action.ts): the pure
// operations under ./operations run on a draft, refusals emit an input.rejected with the reason.
// ChartRunner calls these; round-machine.ts gives xstate the same functions (xstateActions).
import type { Card } from '../rules/cards.js';
import { cutCardReserve } from '../rules/shoe-composition.js';
import type { RuleSet } from '../rules/rule-set.js';
import type { TableEvent } from './events.js';
import type { MachineEvent } from './inputs.js';
import type { TableState } from './table-state.js';
import type { Operation, RoundContext } from './round-context.js';
import { operation, reject as rejectWith, type StepAction } from './step-action.js';
import { phaseOf } from './describe-phase.js';
import { NO_PARAMS } from '../rules/rule-reasons.js';
import { reason, type Reason } from './reasons.js';
import { withSentence } from './reason-sentence.js';
import { cardOf, input, roundOpen } from './round-guards.js';
import { refusalReason } from './refusal-reason.js';
import { burnCard, finishTheShoe, foreignReason, loadShoe, markCutCard, recordDrawn } from './operations/shoe.js';
import { cancelBet, closeBetting, openBetting, placeBet, refuseBet, refuseCancel } from './operations/betting.js';
import { completeInitialDeal, dealInitialCard } from './operations/dealing.js';
import { answerOffer, checkDealerBlackjack, declineOfferOnTimeout, refuseOfferAnswer, refuseOfferTimeout } from './operations/offers.js';
import { applyDecision, applyTimeout, dealToHand, refuseDecision, refuseTimeout, useFaultCard } from './operations/play.js';
import { announceTurn } from './operations/hands.js';
import { dealToDealer, finishDealer, revealHoleCard } from './operations/dealer.js';
import { settleRound, voidRound } from './operations/settlement.js';
import { changeDealer, clearResults, configureResults, showResults } from './operations/results.js';
import { configureReceipts, startTally, writeReceipt } from './operations/shoe-receipt.js';
import { procedureActions } from './procedure-actions.js';
import { clearShoeFault, pauseTable, raiseCardFault, raiseShoeFault, resumeTable, setAsideFaultCard } from './operations/supervision.js';

const withCard = (op: (s: TableState, rules: RuleSet, card: Card, emit: (e: TableEvent) => void) => void): Operation =>
  (s, rules, event, emit) => {
    const card = cardOf(event);
    if (card) op(s, rules, card, emit);
  };

/** Refuses with the validating rule's reason where it gives one, else the default reason for the phase. */
const reject = (why?: (context: RoundContext, event: MachineEvent) => Reason | null): StepAction =>
  rejectWith((context, event) => why?.(context, event) ?? refusalReason(context, event));

/** A person's own words when they gave some (a void's or a shoe change's reason), else `otherwise`. */
function typedOr(text: string | undefined, otherwise: Reason): Reason;
function typedOr(text: string | undefined, otherwise: undefined): Reason | undefined;
function typedOr(text: string | undefined, otherwise: Reason | undefined): Reason | undefined {
  return text !== undefined && text !== '' ? reason('typed', { text }) : otherwise;
}

export const roundActions = {
  loadShoe: operation((s, rules, _e, emit) => {
    writeReceipt(s, rules, 'replaced', emit);
    loadShoe(s, rules, emit);
    startTally(s);
  }),
  burnCard: operation(withCard(burnCard)),
  markCutCard: operation((s, _r, _e, emit) => markCutCard(s, emit)),
  openBetting: operation((s, _r, _e, emit) => openBetting(s, emit)),
  finishShoe: operation((s, rules, _e, emit) => {
    if (s.shoe) finishTheShoe(s.shoe, emit);
    writeReceipt(s, rules, 'cutCard', emit);
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
  forceShoeChange: operation((s, rules, e, emit) => {
    const sup = input(e, 'supervisor');
    setAsideFaultCard(s, sup?.by, emit);
    s.shoeFaults = [];
    if (roundOpen(s)) voidRound(s, sup?.by, typedOr(sup?.reason, reason('shoeChange', NO_PARAMS)), emit);
    if (s.shoe) finishTheShoe(s.shoe, emit);
    writeReceipt(s, rules, 'shoeChange', emit);
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
    if (card) raiseCardFault(s, 'foreignCard', card, foreignReason(s, rules, card) ?? reason('foreignCard', NO_PARAMS), emit);
  }),
  raiseOutOfTurnFault: operation((s, _r, e, emit) => {
    const card = cardOf(e);
    if (!card) return;
    recordDrawn(s, card);
    raiseCardFault(s, 'outOfTurn', card, reason('outOfTurn', { card, ...phaseOf(s) }), emit);
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
    emit({ type: 'table.paused', round: s.round, ...withSentence(reason('cutCardMissing', { count: cutCardReserve(rules) })), fault: { kind: 'cutCardMissing' } });
  }),
  markRecovery: operation((s, _r, _e, emit) => emit({ type: 'table.recovered', round: s.round, interrupted: false })),
  markRecoveryAndPause: operation((s, _r, _e, emit) => {
    emit({ type: 'table.recovered', round: s.round, interrupted: true });
    emit({ type: 'table.paused', round: s.round, ...withSentence(reason('recoveredRestart', NO_PARAMS)), by: 'system' });
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
    voidRound(s, sup?.by, typedOr(sup?.reason, undefined), emit);
  }),
  showResults: operation((s, _r, _e, emit) => showResults(s, emit)),
  clearResults: operation((s, _r, _e, emit) => clearResults(s, emit)),
  configureResults: operation((s, _r, e, emit) => {
    const c = input(e, 'results.configured');
    if (c) configureResults(s, c, emit);
  }),
  configureReceipts: operation((s, _r, e, emit) => {
    const c = input(e, 'receipts.configured');
    if (c) configureReceipts(s, c, emit);
  }),
  changeDealer: operation((s, rules, e, emit) => {
    const c = input(e, 'dealer.changed');
    if (c) changeDealer(s, rules, c, emit);
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
  rejectWhilePaused: reject(({ table }, e) =>
    table.shoe?.finished === true && input(e, 'supervisor')?.action === 'shoeChange' ? reason('shoeAlreadyOut', { shoe: table.shoe.number })
      : table.shoeFaults.length > 0 ? reason('pausedShoeFault', { faults: table.shoeFaults.join(', ') })
      : table.faultCard ? reason('pausedFaultCard', { fault: table.faultCard.kind, card: table.faultCard.card })
        : reason('pausedTable', NO_PARAMS)),
  ...procedureActions,
} satisfies Record<string, StepAction>;

export type RoundActionName = keyof typeof roundActions;
