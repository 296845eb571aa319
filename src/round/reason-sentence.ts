// The English sentence a reason is stored with on the log (docs/event-log.md, "Reasons"): the words the
// round machine wrote before facts carried codes, kept byte for byte so that logs written before and after
// read and verify alike. People read reasons rendered from the message catalogue (src/messages); this is
// the log's own text. One entry per code: a code without a sentence does not compile.
import type { Phase, PhaseParams, Reason, ReasonCode, ReasonParams } from './reasons.js';

const PHASE_SENTENCES: { readonly [P in Exclude<Phase, 'round' | 'results'>]: string } = {
  noShoe: 'waiting for a shoe to be loaded',
  burning: 'burning cards',
  shoeOver: 'waiting for a new shoe',
  betting: 'betting is open',
};

export function phaseSentence(p: PhaseParams): string {
  if (p.phase === 'round') return `round ${p.round} is being played`;
  if (p.phase === 'results') return `the results of round ${p.round} are showing`;
  return PHASE_SENTENCES[p.phase];
}

type Sentences = { readonly [K in ReasonCode]: (p: ReasonParams[K]) => string };

export const REASON_SENTENCES: Sentences = {
  cardNotString: () => 'card must be a string like "QH"',
  unknownCard: (p) => `unknown card "${p.text}": expected rank A 2-9 T J Q K (or 10) and suit S H D C`,
  foreignNotInDeck: (p) => `foreign card ${p.card}: not part of a ${p.game} deck`,
  foreignAllDrawn: (p) => `foreign card ${p.card}: all ${p.count} in this shoe were already drawn`,
  handIs: (p) => `hand ${p.hand} is ${p.status}`,
  handWaitsCard: (p) => `hand ${p.hand} is waiting for its card`,
  handWaitsSecond: (p) => `hand ${p.hand} is waiting for its second card`,
  splitAcesOneCard: () => 'split aces receive one card each',
  doubledOneCard: () => 'a doubled hand receives one card only',
  noHitOn21: () => 'no hit on 21',
  maxCards: (p) => `at most ${p.count} cards per hand`,
  noDouble: (p) => `${p.game} has no double`,
  alreadyDoubled: () => 'this hand was already doubled',
  doubleFirstTwo: () => 'double on the first two cards only',
  noDoubleAce: () => 'no double when either card is an ace',
  noDouble21: () => 'no double on 21 or blackjack',
  noDoubleSplitAces: () => 'no double on split aces',
  noDoubleAfterSplit: () => 'no double after a split',
  doubleAmountPositive: () => 'double amount must be a positive whole number of minor units',
  doubleExact: (p) => `double adds exactly the original stake (${p.stakeAmount})`,
  doubleRange: (p) => `double amount must be from ${p.minAmount} to ${p.maxAmount}`,
  noSplit: (p) => `${p.game} has no split`,
  splitTwoCards: () => 'split on two cards only',
  splitPairOrPictures: () => 'split needs two cards of equal value or two pictures',
  splitPair: () => 'split needs two cards of equal value',
  splitAcesMax: (p) => `aces split to ${p.count} hands at most`,
  splitMax: (p) => `split to ${p.count} hands at most`,
  noSurrender: (p) => `${p.game} has no surrender`,
  surrenderFirst: () => 'surrender on the first two cards before any other action only',
  noSurrenderAgainst: (p) => `no surrender against ${p.card}`,

  cardNotExpected: (p) => `card ${p.card} not expected: ${phaseSentence(p)}`,
  noBettingNow: (p) => `no betting now: ${phaseSentence(p)}`,
  betRefused: () => 'bet refused',
  noBetsToCancel: (p) => `no bets to cancel now: ${phaseSentence(p)}`,
  noMainBet: () => 'no main bet on the table',
  bettingNotOpen: (p) => `betting is not open: ${phaseSentence(p)}`,
  unknownSupervisorAction: (p) => `unknown supervisor action "${p.action}"`,
  notPaused: () => 'the table is not paused',
  noShoeToChange: () => 'no shoe to change',
  shoeAlreadyOut: (p) => `shoe ${p.shoe} is already out: load the next shoe (resume first if the table is paused)`,
  alreadyPaused: () => 'the table is already paused',
  noRoundToVoid: () => 'no round to void',
  roundOpenShoe: () => 'a round is open: void it before changing the shoe',
  noShoeChangeNow: (p) => `no shoe change now: ${phaseSentence(p)}`,
  noShoeLoaded: () => 'no shoe is loaded',
  noDecisionExpected: (p) => `no decision expected: ${phaseSentence(p)}`,
  unknownShoeFault: (p) => `unknown shoe fault "${p.text}"; known: ${p.list}`,
  faultClearedBySupervisor: (p) => `a "${p.fault}" fault is cleared only by a supervisor's resume`,
  noFaultToClear: (p) => `no open "${p.fault}" fault to clear`,
  recoveryRefused: () => 'recovery marker not accepted',
  noResultsShowing: (p) => `no results are showing: ${phaseSentence(p)}`,
  unknownBetKind: (p) => `unknown bet kind "${p.text}"`,
  noSuchSeat: (p) => `seat ${p.seat} does not exist: ${p.game} has seats 1 to ${p.count}`,
  amountPositive: () => 'amount must be a positive whole number of minor units',
  stakeOutsideLimits: (p) => `stake ${p.stakeAmount} outside the table limits ${p.minAmount}–${p.maxAmount}`,
  seatTaken: (p) => `seat ${p.seat} is taken by ${p.player}`,
  boxFull: (p) => `box ${p.seat} already has ${p.count} players`,
  betsBehindSeat: (p) => `${p.player} bets behind seat ${p.seat}`,
  overBoxMax: (p) => `box ${p.seat} total ${p.totalAmount} over the box maximum ${p.maxAmount}`,
  seatsMost: (p) => `${p.player} already holds ${p.count} seat(s), the most ${p.game} allows`,
  stakesEqual: (p) => `stakes on seats ${p.other} and ${p.seat} must be equal (${p.thereAmount} ≠ ${p.stakeAmount})`,
  noBetBehind: (p) => `${p.game} has no bet behind`,
  noSeatedPlayer: (p) => `no seated player on seat ${p.seat} to bet behind`,
  behindOwnSeat: () => 'a seated player cannot bet behind their own seat',
  playsOnSeat: (p) => `${p.player} plays on seat ${p.seat}`,
  noSideBet: (p) => `${p.game} has no ${p.kind} side bet`,
  sideBetNeedsMain: (p) => `${p.kind} needs a main bet on seat ${p.seat}`,
  sideBetLimits: (p) => `side bet ${p.stakeAmount} outside the limits ${p.minAmount}–${p.maxAmount}`,
  noBetToCancel: (p) => `${p.player} has no ${p.kind} bet on seat ${p.seat}`,
  noBetToCancelAny: (p) => `${p.player} has no bet on seat ${p.seat}`,
  noBetOnSeat: (p) => `no bet on seat ${p.seat}`,
  noStakeOnSeat: (p) => `${p.player} has no stake on seat ${p.seat}`,
  insuranceNotOffered: (p) => `insurance is not offered to seat ${p.seat}`,
  alreadyAnswered: (p) => `seat ${p.seat} has already answered`,
  alreadyInsured: (p) => `${p.player} is already insured`,
  insuranceAmount: () => 'insurance amount must be a positive whole number of minor units',
  insuranceAtMostHalf: (p) => `insurance is at most half the stake (${p.maxAmount})`,
  insuranceHalf: (p) => `insurance is half the stake (${p.stakeAmount})`,
  onlyOwnerEvenMoney: (p) => `only ${p.player}, who owns box ${p.seat}, decides even money`,
  evenMoneyNotOffered: (p) => `even money is not offered to seat ${p.seat}`,
  notAnOfferAnswer: (p) => `${p.action} is not an answer to insurance or even money`,
  noOfferPending: (p) => `seat ${p.seat} has no insurance or even money offer pending`,
  unknownAction: (p) => `unknown action "${p.action}"`,
  offersBeforePlay: () => 'insurance and even money are decided before play',
  onlyOwnerDecides: (p) => `only ${p.player}, who owns box ${p.seat}, decides`,
  seatNotInTurn: (p) => `seat ${p.seat} is not in turn (seat ${p.other} is)`,
  noHandInTurn: () => 'no hand is in turn',
  handNotInTurn: (p) => `hand ${p.hand} is not in turn (hand ${p.turn} is)`,
  cardDueToHand: (p) => `a card is due to hand ${p.hand}`,
  blackjackStands: () => 'a blackjack stands',
  followNeedsPlayer: (p) => `${p.action} needs the player betting behind`,
  noBetBehindSeat: (p) => `${p.player} has no bet behind seat ${p.seat}`,
  noSwitch: (p) => `${p.game} has no switch`,
  switchAfterAction: () => 'no switch after another action on the box',
  switchNeedsTwoHands: () => 'switch needs two hands of two cards',
  noDecisionPending: (p) => `seat ${p.seat} has no decision pending`,
  cardDueToSeat: (p) => `a card is due to seat ${p.seat}, not a decision`,
  noOutOfTurnCard: () => 'no out-of-turn card is waiting',
  noHandForCard: () => 'no hand is waiting for a decision that the card could be meant for',
  pausedShoeFault: (p) => `table paused (shoe fault: ${p.faults}): resolve it or a supervisor must resume or void`,
  pausedFaultCard: (p) => `table paused (${p.fault} card ${p.card}): a supervisor must resume or void`,
  pausedTable: () => 'table paused: a supervisor must resume or void',
  foreignCard: () => 'foreign card',
  outOfTurn: (p) => `card ${p.card} drawn out of turn: ${phaseSentence(p)}`,
  cutCardMissing: (p) => `cut card missing: ${p.count} or fewer cards left and no cut card seen`,
  recoveredRestart: () => 'recovered after a restart: resume to continue the round',
  supervisorPause: () => 'supervisor pause',
  shoeChange: () => 'shoe change',
  shoeFault: (p) => `shoe fault: ${p.fault}`,
  shoeFaultDetail: (p) => `shoe fault: ${p.fault} (${p.detail})`,
  typed: (p) => p.text,
  procedureNeedsCard: (p) => `${p.action} needs the card, e.g. "QH"`,
  misreadNotOpen: () => 'no unread card is waiting to be entered',
  noCardDue: () => 'no card is due: resume sets the unread card aside',
  noRoundToCorrect: () => 'no round is being dealt',
  noCardOnHand: (p) => `seat ${p.seat} hand ${p.hand} has no card`,
  noDealerCard: () => 'the dealer has no card',
  correctionSameCard: (p) => `the card was read as ${p.card}: nothing to correct`,
  misreadDecided: (p) => `card ${p.card} was read as ${p.read} and the round was played on it: void`,
  sideBetSettledOnCard: (p) => `the ${p.kind} side bet was already settled on card ${p.read} (truly ${p.card}): a void cannot return it`,
  cardNotOnBox: (p) => `card ${p.card} is not on seat ${p.seat} hand ${p.hand}`,
  cardNotWithDealer: (p) => `card ${p.card} is not the dealer's`,
  stubNeedsCount: () => 'countStub needs the number of cards counted in the stub',
  noShoeRemoved: () => 'no removed shoe has a receipt whose stub could be counted',
  notLastRemovedShoe: (p) => `shoe ${p.shoe} is not the shoe last removed (shoe ${p.last})`,
  stubAlreadyCounted: (p) => `the stub of shoe ${p.shoe} is already counted`,
  stubOutOfRange: (p) => `a stub of ${p.stub} cards cannot be: the shoe held ${p.loaded}`,
  unknownBurnCause: (p) => `unknown burn cause "${p.text}"; known: ${p.list}`,
  dealerStillPlaying: () => 'the round is still being played: a card the dealer draws now is the dealer\'s',
  burnAlreadyCalled: (p) => `a burn is already called (${p.cause})`,
  noBurnNow: (p) => `no card is being dealt: ${phaseSentence(p)}`,
  shoeNotOut: () => 'the shoe has not run out',
};

/** The reason in the log's English. */
export function reasonSentence(r: Reason): string {
  return (REASON_SENTENCES[r.code] as (p: unknown) => string)(r.params);
}

/** Every code, in the order above. */
export const REASON_CODES = Object.keys(REASON_SENTENCES) as ReasonCode[];

/** A reason with its sentence, as the facts store them: `{ reason, code, params }`. */
export function withSentence(r: Reason): { reason: string; code: ReasonCode; params: Reason['params'] } {
  return { reason: reasonSentence(r), code: r.code, params: r.params };
}
