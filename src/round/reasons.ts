// Every reason the round machine gives — refusals, pauses, voids — as a code with its values
// (docs/event-log.md, "Reasons"). A closed union over the rules' reasons (src/rules/rule-reasons.ts) and
// the round machine's own: the log stores the code and values on the fact, next to the English sentence
// they render to (./reason-sentence.ts); every surface renders the code from the message catalogue
// (src/messages). Pure: no I/O, no clock, no randomness.
import type { Card } from '../rules/cards.js';
import type { NoParams, ReasonOf, RuleReasonParams } from '../rules/rule-reasons.js';

/** Where the table is, as a refusal names it: the phase, and the round when one is being played. */
export type Phase = 'noShoe' | 'burning' | 'shoeOver' | 'betting' | 'round' | 'results';
export type PhaseParams = { phase: 'round' | 'results'; round: number } | { phase: Exclude<Phase, 'round' | 'results'> };

/** The round machine's own reasons, by code. Amounts are integer minor units; hands count from 0. */
export interface RoundReasonParams {
  // Refusals for the phase (./refusal-reason.ts).
  cardNotExpected: PhaseParams & { card: Card };
  noBettingNow: PhaseParams;
  betRefused: NoParams;
  noBetsToCancel: PhaseParams;
  noMainBet: NoParams;
  bettingNotOpen: PhaseParams;
  unknownSupervisorAction: { action: string };
  notPaused: NoParams;
  noShoeToChange: NoParams;
  shoeAlreadyOut: { shoe: number };
  alreadyPaused: NoParams;
  noRoundToVoid: NoParams;
  roundOpenShoe: NoParams;
  noShoeChangeNow: PhaseParams;
  noShoeLoaded: NoParams;
  noDecisionExpected: PhaseParams;
  unknownShoeFault: { text: string; list: string };
  faultClearedBySupervisor: { fault: string };
  noFaultToClear: { fault: string };
  recoveryRefused: NoParams;
  noResultsShowing: PhaseParams;
  // Bets (./operations/betting.ts).
  unknownBetKind: { text: string };
  noSuchSeat: { seat: number; game: string; count: number };
  amountPositive: NoParams;
  stakeOutsideLimits: { stakeAmount: number; minAmount: number; maxAmount: number };
  seatTaken: { seat: number; player: string };
  boxFull: { seat: number; count: number };
  betsBehindSeat: { player: string; seat: number };
  overBoxMax: { seat: number; totalAmount: number; maxAmount: number };
  seatsMost: { player: string; count: number; game: string };
  stakesEqual: { other: number; seat: number; thereAmount: number; stakeAmount: number };
  noBetBehind: { game: string };
  noSeatedPlayer: { seat: number };
  behindOwnSeat: NoParams;
  playsOnSeat: { player: string; seat: number };
  noSideBet: { game: string; kind: string };
  sideBetNeedsMain: { kind: string; seat: number };
  sideBetLimits: { stakeAmount: number; minAmount: number; maxAmount: number };
  noBetToCancel: { player: string; kind: string; seat: number };
  noBetToCancelAny: { player: string; seat: number };
  // Insurance and even money (./operations/offers.ts).
  noBetOnSeat: { seat: number };
  noStakeOnSeat: { player: string; seat: number };
  insuranceNotOffered: { seat: number };
  alreadyAnswered: { seat: number };
  alreadyInsured: { player: string };
  insuranceAmount: NoParams;
  insuranceAtMostHalf: { maxAmount: number };
  insuranceHalf: { stakeAmount: number };
  onlyOwnerEvenMoney: { player: string; seat: number };
  evenMoneyNotOffered: { seat: number };
  notAnOfferAnswer: { action: string };
  noOfferPending: { seat: number };
  // Decisions (./operations/play.ts, ./operations/switching.ts).
  unknownAction: { action: string };
  offersBeforePlay: NoParams;
  onlyOwnerDecides: { player: string; seat: number };
  seatNotInTurn: { seat: number; other: number };
  noHandInTurn: NoParams;
  handNotInTurn: { hand: number; turn: number };
  cardDueToHand: { hand: number };
  blackjackStands: NoParams;
  followNeedsPlayer: { action: string };
  noBetBehindSeat: { player: string; seat: number };
  noSwitch: { game: string };
  switchAfterAction: NoParams;
  switchNeedsTwoHands: NoParams;
  noDecisionPending: { seat: number };
  cardDueToSeat: { seat: number };
  noOutOfTurnCard: NoParams;
  noHandForCard: NoParams;
  // While paused (./round-actions.ts).
  pausedShoeFault: { faults: string };
  pausedFaultCard: { fault: string; card: Card };
  pausedTable: NoParams;
  // Why the table paused, why a round was voided.
  foreignCard: NoParams;
  outOfTurn: PhaseParams & { card: Card };
  cutCardMissing: { count: number };
  recoveredRestart: NoParams;
  supervisorPause: NoParams;
  shoeRanOut: NoParams;
  shoeChange: NoParams;
  shoeFault: { fault: string };
  /** `detail` in English; when the cause was coded, `detailCode` and its values beside it (src/messages/fault-detail.ts). */
  shoeFaultDetail: { fault: string; detail: string; detailCode?: string; [value: string]: string };
  /** A person's own words (a supervisor's pause or void reason): shown as typed, in every language. */
  typed: { text: string };
  // The procedures (./operations/misscan.ts, misplaced-card.ts, called-burn.ts, shoe-out.ts).
  procedureNeedsCard: { action: string };
  misreadNotOpen: NoParams;
  noCardDue: NoParams;
  noRoundToCorrect: NoParams;
  noCardOnHand: { seat: number; hand: number };
  noDealerCard: NoParams;
  correctionSameCard: { card: Card };
  misreadDecided: { read: Card; card: Card };
  sideBetSettledOnCard: { read: Card; card: Card; kind: string };
  cardNotOnBox: { card: Card; seat: number; hand: number };
  cardNotWithDealer: { card: Card };
  // The stub count (./operations/stub-count.ts).
  stubNeedsCount: NoParams;
  noShoeRemoved: NoParams;
  notLastRemovedShoe: { shoe: number; last: number };
  stubAlreadyCounted: { shoe: number };
  stubOutOfRange: { stub: number; loaded: number };
  unknownBurnCause: { text: string; list: string };
  dealerStillPlaying: NoParams;
  burnAlreadyCalled: { cause: string };
  noBurnNow: PhaseParams;
  shoeNotOut: NoParams;
}

export type ReasonParams = RuleReasonParams & RoundReasonParams;
export type ReasonCode = keyof ReasonParams;
/** A reason: `{ code, params }`, discriminated by `code`. */
export type Reason = ReasonOf<ReasonParams>;

/** A reason of the round machine; the code picks the values it needs. */
export function reason<K extends ReasonCode>(code: K, params: ReasonParams[K]): Reason {
  return { code, params } as Reason;
}
