// Player decisions and the cards they call for (the seed's rules): hit, stand, double (and triple), split,
// surrender (what each does to the hand: hand-actions.ts), switch (its own moves: switching.ts), bet-behind
// follow choices, and the decision timer's auto-play.
import type { Card } from '../../rules/cards.js';
import { isAce } from '../../rules/card-values.js';
import { autoPlayAction } from '../../rules/auto-play.js';
import { handTotalOf } from '../../rules/hand-total.js';
import { naturalKind, type Hand } from '../../rules/hand.js';
import { HAND_ACTIONS, refuseHandAction, type HandAction } from '../../rules/player-actions.js';
import type { RuleSet } from '../../rules/rule-set.js';
import { DECISION_ACTIONS, type InputOf } from '../inputs.js';
import type { Box, Emit, TableState } from '../table-state.js';
import { dealerUpCard } from './dealing.js';
import { announceTurn, boxInTurn, findBox, finishHand, handInTurn, lineageSize, openHand, openHandOf } from './hands.js';
import { applyHandAction } from './hand-actions.js';
import { OFFER_ACTIONS } from './offers.js';
import { recordDrawn } from './shoe.js';
import { closeSwitching, closingSwitchFinishes, refuseSwitch, switchHands, switchStillOpen } from './switching.js';
import { NO_PARAMS } from '../../rules/rule-reasons.js';
import { reason, type Reason } from '../reasons.js';

const FOLLOW_ACTIONS: readonly string[] = ['followDouble', 'followSplit'];
// The decision actions by kind, looked up (asked on every decision and every legality question).
const KNOWN_DECISIONS: ReadonlySet<string> = new Set(DECISION_ACTIONS);
const OFFER_DECISIONS: ReadonlySet<string> = new Set(OFFER_ACTIONS);
const FOLLOW_DECISIONS: ReadonlySet<string> = new Set(FOLLOW_ACTIONS);

function awaitsCard(hand: Hand): boolean {
  return hand.pendingDraw !== null || hand.cards.length < 2;
}

/** A card is due to the hand in turn: a split hand's second card, or after a hit or a double. */
export function cardDueToHand(s: TableState): boolean {
  const hand = openHand(s);
  return hand !== undefined && awaitsCard(hand);
}

export function allHandsPlayed(s: TableState): boolean {
  return openHand(s) === undefined;
}

export function refuseDecision(s: TableState, rules: RuleSet, input: InputOf<'decision'>): Reason | null {
  if (!KNOWN_DECISIONS.has(input.action)) return reason('unknownAction', { action: input.action });
  const box = findBox(s, input.seat);
  if (!box) return reason('noBetOnSeat', { seat: input.seat });
  if (OFFER_DECISIONS.has(input.action)) return reason('offersBeforePlay', NO_PARAMS);
  if (FOLLOW_DECISIONS.has(input.action)) return refuseFollow(rules, box, input);
  if (input.player !== undefined && input.player !== box.owner) return reason('onlyOwnerDecides', { player: box.owner, seat: box.seat });
  // The hand in turn as its box and hand (handInTurn's, no object made: asked on every decision).
  const turnBox = boxInTurn(s);
  if (!turnBox || turnBox.seat !== input.seat) return turnBox ? reason('seatNotInTurn', { seat: input.seat, other: turnBox.seat }) : reason('noHandInTurn', NO_PARAMS);
  const turnHand = openHandOf(turnBox) as Hand;
  if (input.action !== 'switch' && input.hand !== undefined && input.hand !== turnHand.index) return reason('handNotInTurn', { hand: input.hand, turn: turnHand.index });
  return refuseOnHandInTurn(s, rules, box, turnHand, input.action, input.amount);
}

/**
 * What refuseDecision answers once it knows the decision is the owner's, on the box and hand in turn: the
 * rest of its questions. The simulator asks this directly, about the box and hand it found in turn (its
 * legality questions, several a decision, skip looking them up again); the decision it then sends goes
 * through refuseDecision whole.
 */
export function refuseOnHandInTurn(s: TableState, rules: RuleSet, box: Box, hand: Hand, action: string, amount: number | undefined): Reason | null {
  if (action === 'switch') return refuseSwitch(rules, box);
  if (awaitsCard(hand)) return reason('cardDueToHand', { hand: hand.index });
  if (switchStillOpen(rules, box) && naturalKind(hand, rules) !== null && action !== 'stand') return reason('blackjackStands', NO_PARAMS);
  const situation = SITUATION;
  situation.hand = hand;
  situation.lineageSize = lineageSize(box, hand);
  situation.dealerUpCard = dealerUpCard(s);
  situation.amount = amount;
  const refused = refuseHandAction(action as HandAction, situation, rules);
  situation.hand = NO_HAND;
  return refused;
}

/** The hand's situation for refuseHandAction, one object filled on each question and emptied after
 *  (refuseHandAction reads it and keeps nothing): asked on every decision and every legality question. */
const NO_HAND = Object.freeze({}) as Hand;
const SITUATION: { hand: Hand; lineageSize: number; dealerUpCard: Card; amount: number | undefined } = {
  hand: NO_HAND, lineageSize: 0, dealerUpCard: 'AS' as Card, amount: undefined,
};

function refuseFollow(rules: RuleSet, box: Box, input: InputOf<'decision'>): Reason | null {
  if (!rules.boxes.betBehind) return reason('noBetBehind', { game: rules.name });
  if (input.player === undefined) return reason('followNeedsPlayer', { action: input.action });
  if (!box.follow.some((f) => f.player === input.player)) return reason('noBetBehindSeat', { player: input.player, seat: box.seat });
  return null;
}

export function applyDecision(s: TableState, rules: RuleSet, input: InputOf<'decision'>, emit: Emit): void {
  const box = findBox(s, input.seat);
  if (!box) return;
  if (FOLLOW_DECISIONS.has(input.action)) return chooseFollow(s, box, input, emit);
  if (input.action === 'switch') return switchHands(s, box, emit);
  // The decision belongs to the hand in turn when it was sent (refuseDecision checked `input.hand`
  // against it), even when closing the switch finishes that very hand (seed 004: «При нажатии игроком
  // кнопки хватит, ход переходит на другую руку» — stand on a 21 passes the turn, it is not given away).
  if (boxInTurn(s) !== box) {
    closeSwitching(s, rules, box, emit);
    return announceTurn(s, emit);
  }
  const hand = openHandOf(box) as Hand;
  const action = input.action as HandAction;
  if (closingSwitchFinishes(rules, box, hand)) {
    emitAccepted(s, box, hand, action, input.amount, emit);
    closeSwitching(s, rules, box, emit);
  } else {
    closeSwitching(s, rules, box, emit);
    emitAccepted(s, box, hand, action, input.amount, emit);
    applyHandAction(s, rules, box, hand, action, input.amount, emit);
  }
  announceTurn(s, emit);
}

/** The decision taken (a function, not a closure per decision: measured on the engine's hot path). */
function emitAccepted(s: TableState, box: Box, hand: Hand, action: HandAction, amount: number | undefined, emit: Emit): void {
  emit(amount !== undefined
    ? { type: 'decision.accepted', round: s.round, seat: box.seat, hand: hand.index, action, player: box.owner, amount }
    : { type: 'decision.accepted', round: s.round, seat: box.seat, hand: hand.index, action, player: box.owner });
}

function chooseFollow(s: TableState, box: Box, input: InputOf<'decision'>, emit: Emit): void {
  const choice = box.follow.find((f) => f.player === input.player);
  if (!choice) return;
  const follow = input.action === 'followDouble' ? 'double' : 'split';
  choice[follow] = true;
  emit({ type: 'follow.chosen', round: s.round, seat: box.seat, player: choice.player, follow });
}

export function dealToHand(s: TableState, rules: RuleSet, card: Card, emit: Emit, alreadyCounted = false): void {
  // The hand in turn as its box and hand (no object per card: a HandRef only for the hand that finishes).
  const box = boxInTurn(s);
  if (!box) return;
  const hand = openHandOf(box) as Hand;
  if (!alreadyCounted) recordDrawn(s, card);
  hand.cards.push(card);
  const total = handTotalOf(hand.cards, rules);
  emit({ type: 'card.dealt', round: s.round, seat: box.seat, hand: hand.index, card, total });
  const drew = hand.pendingDraw;
  hand.pendingDraw = null;
  const maxCards = rules.hand.maxCards;
  if (total > 21) finishHand(s, rules, { box, hand }, 'busted', emit);
  else if (total === 21) finishHand(s, rules, { box, hand }, 'standing', emit); // a hand that reaches 21 stands by itself
  else if (drew === 'double') {
    if (!(rules.double.triple && hand.doubles === 1)) finishHand(s, rules, { box, hand }, 'standing', emit);
  } else if (hand.splitAces && rules.split.oneCardOnAces && hand.cards.length === 2) {
    // Split aces take one card each; a further ace may be split again where the rule set allows.
    const resplit = hand.cards.every(isAce) && lineageSize(box, hand) < rules.split.maxHandsAces;
    if (!resplit) finishHand(s, rules, { box, hand }, 'standing', emit);
  } else if (maxCards !== undefined && hand.cards.length >= maxCards) finishHand(s, rules, { box, hand }, 'standing', emit);
  autoPlayWhileDue(s, rules, box, emit);
  announceTurn(s, emit);
}

export function refuseTimeout(s: TableState, seat: number): Reason | null {
  const turn = handInTurn(s);
  if (!turn || turn.box.seat !== seat) return reason('noDecisionPending', { seat });
  if (awaitsCard(turn.hand)) return reason('cardDueToSeat', { seat });
  return null;
}

/** The decision timer ran out: the rule set's auto-play decides this hand from now on. */
export function applyTimeout(s: TableState, rules: RuleSet, seat: number, emit: Emit): void {
  const box = findBox(s, seat);
  if (!box) return;
  const awaited = handInTurn(s);
  // switch: a 21 the timer ran out on stands by itself; the other hand keeps its own timer.
  const closingFinishesAwaited = awaited !== undefined && closingSwitchFinishes(rules, box, awaited.hand);
  closeSwitching(s, rules, box, emit);
  const turn = handInTurn(s);
  if (turn && turn.box === box && !closingFinishesAwaited) {
    // deluxe (seed 002, «система автоматически завершит раунд за игрока»): every remaining hand of the seat
    // is auto-played on this one expiry; the other sets auto-play the hand in turn only.
    const hands = rules.timeout.scope === 'seat' ? box.hands.filter((h) => h.status === 'open') : [turn.hand];
    for (const hand of hands) hand.auto = true;
    autoPlayWhileDue(s, rules, box, emit);
  }
  announceTurn(s, emit);
}

/** Auto-plays the box's hands in turn that the timer handed to the rule set, until one waits for a card. */
function autoPlayWhileDue(s: TableState, rules: RuleSet, box: Box, emit: Emit): void {
  // handInTurn's box and hand, no object made (asked after every card dealt to a hand).
  while (boxInTurn(s) === box) {
    const hand = openHandOf(box) as Hand;
    if (!hand.auto || awaitsCard(hand)) return;
    announceTurn(s, emit);
    autoPlay(s, rules, box, hand, emit);
  }
}

function autoPlay(s: TableState, rules: RuleSet, box: Box, hand: Hand, emit: Emit): void {
  const action = autoPlayAction(hand.cards, rules);
  emit({ type: 'decision.accepted', round: s.round, seat: box.seat, hand: hand.index, action, player: box.owner, byTimeout: true });
  applyHandAction(s, rules, box, hand, action, undefined, emit);
}

export { HAND_ACTIONS };

/** A supervisor resolves an out-of-turn card by giving it to the hand it was meant for: the hand in turn,
 *  waiting for a decision, takes it as a hit (a supervisor resolving a card fault). */
export function refuseUseOfFaultCard(s: TableState): Reason | null {
  if (s.faultCard?.kind !== 'outOfTurn') return reason('noOutOfTurnCard', NO_PARAMS);
  const turn = handInTurn(s);
  if (!turn || awaitsCard(turn.hand)) return reason('noHandForCard', NO_PARAMS);
  return null;
}

export function useFaultCard(s: TableState, rules: RuleSet, by: string | undefined, emit: Emit): void {
  const turn = handInTurn(s);
  const card = s.faultCard?.card;
  if (!turn || !card) return;
  s.faultCard = null;
  emit({ type: 'decision.accepted', round: s.round, seat: turn.box.seat, hand: turn.hand.index, action: 'hit', player: `supervisor:${by ?? 'unknown'}` });
  turn.hand.actions += 1;
  turn.hand.pendingDraw = 'hit';
  dealToHand(s, rules, card, emit, true);
  emit({ type: 'table.resumed', round: s.round, ...(by !== undefined ? { by } : {}) });
}
