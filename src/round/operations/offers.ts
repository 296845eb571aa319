// Insurance and even money (the seed's rules): answered per box before play; then the dealer checks the hole card.
import { cardIsIn, isAce, isTenValue } from '../../rules/card-values.js';
import { handTotalOf } from '../../rules/hand-total.js';
import { naturalKind } from '../../rules/hand.js';
import { half } from '../../rules/payout.js';
import type { RuleSet } from '../../rules/rule-set.js';
import type { InputOf } from '../inputs.js';
import type { Box, Emit, TableState } from '../table-state.js';
import { dealerUpCard, evenMoneyOfferedTo, insuranceOfferedTo } from './dealing.js';
import { findBox, finishHand } from './hands.js';
import { settleCertainNaturals, settleHand, settleInsurance } from './settlement.js';
import { NO_PARAMS } from '../../rules/rule-reasons.js';
import { reason, type Reason } from '../reasons.js';

export const OFFER_ACTIONS: readonly string[] = ['insurance', 'noInsurance', 'evenMoney'];

/** The stake a player has on the box that insurance is measured against (half of it at most). */
function insurableStake(box: Box, player: string): number {
  const hand = box.hands[0];
  return hand?.wagers.filter((w) => w.player === player).reduce((sum, w) => sum + w.original, 0) ?? 0;
}

function alreadyInsured(box: Box, player: string): boolean {
  return box.insurance.some((i) => i.player === player);
}

export function refuseOfferAnswer(s: TableState, rules: RuleSet, input: InputOf<'decision'>): Reason | null {
  const box = findBox(s, input.seat);
  if (!box) return reason('noBetOnSeat', { seat: input.seat });
  const player = input.player ?? box.owner;
  const isOwner = player === box.owner;
  const stake = insurableStake(box, player);
  if (stake === 0) return reason('noStakeOnSeat', { player, seat: input.seat });
  switch (input.action) {
    case 'insurance': {
      if (!insuranceOfferedTo(s, rules, box)) return reason('insuranceNotOffered', { seat: box.seat });
      if (isOwner && !box.offerPending) return reason('alreadyAnswered', { seat: box.seat });
      if (alreadyInsured(box, player)) return reason('alreadyInsured', { player });
      const max = half(stake);
      const amount = input.amount ?? max;
      if (!Number.isInteger(amount) || amount <= 0) return reason('insuranceAmount', NO_PARAMS);
      if (rules.insurance.partial ? amount > max : amount !== max) {
        return rules.insurance.partial ? reason('insuranceAtMostHalf', { maxAmount: max }) : reason('insuranceHalf', { stakeAmount: max });
      }
      return null;
    }
    case 'evenMoney':
      if (!isOwner) return reason('onlyOwnerEvenMoney', { player: box.owner, seat: box.seat });
      if (!evenMoneyOfferedTo(s, rules, box)) return reason('evenMoneyNotOffered', { seat: box.seat });
      if (!box.offerPending) return reason('alreadyAnswered', { seat: box.seat });
      return null;
    case 'noInsurance':
      if (isOwner && !box.offerPending) return reason('alreadyAnswered', { seat: box.seat });
      return null;
    default:
      return reason('notAnOfferAnswer', { action: input.action });
  }
}

export function answerOffer(s: TableState, rules: RuleSet, input: InputOf<'decision'>, emit: Emit): void {
  const box = findBox(s, input.seat);
  if (!box) return;
  const player = input.player ?? box.owner;
  if (player === box.owner) box.offerPending = false;
  if (input.action === 'insurance') {
    const amount = input.amount ?? half(insurableStake(box, player));
    // The box's first insurance makes its list (an empty list's first push would give it 17 slots).
    const bet = { player, stake: amount, settled: false };
    if (box.insurance.length === 0) box.insurance = [bet];
    else box.insurance.push(bet);
    emit({ type: 'insurance.taken', round: s.round, seat: box.seat, player, amount });
  } else if (input.action === 'evenMoney') {
    // The owner's choice applies to everyone on the box (european); even money pays 1:1 at once.
    const hand = box.hands.find((h) => naturalKind(h, rules) === 'blackjack');
    if (!hand) return;
    emit({ type: 'evenMoney.taken', round: s.round, seat: box.seat, hand: hand.index });
    finishHand(s, rules, { box, hand }, 'evenMoney', emit);
    settleHand(s, rules, { box, hand }, emit);
  } else {
    emit({ type: 'insurance.declined', round: s.round, seat: box.seat, player, byTimeout: false });
  }
}

export function declineOfferOnTimeout(s: TableState, seat: number, emit: Emit): void {
  const box = findBox(s, seat);
  if (!box?.offerPending) return;
  box.offerPending = false;
  emit({ type: 'insurance.declined', round: s.round, seat, player: box.owner, byTimeout: true });
}

export function refuseOfferTimeout(s: TableState, seat: number): Reason | null {
  return findBox(s, seat)?.offerPending ? null : reason('noOfferPending', { seat });
}

export function offersAnswered(s: TableState): boolean {
  return s.boxes.every((b) => !b.offerPending);
}

/**
 * After the offers: the dealer checks the hole card when the up card is one the rule set peeks on.
 * Dealer blackjack ends the round at once (player blackjack pushes, insurance wins).
 */
export function checkDealerBlackjack(s: TableState, rules: RuleSet, emit: Emit): void {
  const up = dealerUpCard(s);
  const couldHaveBlackjack = isAce(up) || isTenValue(up, rules);
  if (!couldHaveBlackjack) {
    s.dealer.natural = false;
  } else if (rules.dealer.holeCard && cardIsIn(up, rules.dealer.peekOn, rules)) {
    s.dealer.natural = s.dealer.cards.length === 2 && handTotalOf(s.dealer.cards, rules) === 21;
    emit({ type: 'dealer.peeked', round: s.round, blackjack: s.dealer.natural });
  }
  settleInsurance(s, rules, emit);
  if (s.dealer.natural === true) {
    for (const box of s.boxes) {
      for (const hand of box.hands) if (hand.status === 'open') finishHand(s, rules, { box, hand }, 'standing', emit);
    }
    return;
  }
  settleCertainNaturals(s, rules, emit);
}
