// Settling bets: each wager of a hand, insurance, and the whole round; voiding refunds.
import { naturalKind, type Hand, type Wager } from '../../rules/hand.js';
import { payout } from '../../rules/payout.js';
import type { RuleSet } from '../../rules/rule-set.js';
import { paidWhateverTheDealerHolds, settleWager, type Outcome } from '../../rules/settle-hand.js';
import type { Emit, TableState } from '../table-state.js';
import type { HandRef } from './hands.js';
import type { Reason } from '../reasons.js';
import { withSentence } from '../reason-sentence.js';

export function settleHand(s: TableState, rules: RuleSet, { box, hand }: HandRef, emit: Emit): void {
  if (hand.settled) return;
  hand.settled = true;
  const dealer = { cards: s.dealer.cards, natural: s.dealer.natural === true };
  for (let i = 0; i < hand.wagers.length; i++) {
    const wager = hand.wagers[i] as Wager;
    const { outcome, net } = settleWager(hand, wager, dealer, rules);
    emit({
      type: 'bet.settled', round: s.round, seat: box.seat, hand: hand.index, bet: wager.kind,
      player: wager.player, stake: wager.stake, outcome, net,
    });
  }
}

/** Insurance pays 2:1 when the dealer has blackjack and loses otherwise; it needs that to be known. */
export function settleInsurance(s: TableState, rules: RuleSet, emit: Emit): void {
  if (s.dealer.natural === null) return;
  const won = s.dealer.natural;
  for (const box of s.boxes) {
    for (const ins of box.insurance) {
      if (ins.settled) continue;
      ins.settled = true;
      emit({
        type: 'bet.settled', round: s.round, seat: box.seat, hand: 0, bet: 'insurance', player: ins.player,
        stake: ins.stake, outcome: won ? 'win' : 'lose', net: won ? payout(ins.stake, rules.insurance.pays) : -ins.stake,
      });
    }
  }
}

/** A hand's result no longer depends on the dealer when it is busted, surrendered, paid even money,
 *  or a blackjack once dealer blackjack is ruled out (the dealer draws only while it matters). */
export function handDependsOnDealer(s: TableState, rules: RuleSet, { hand }: HandRef): boolean {
  return dependsOnDealer(s, rules, hand);
}

function dependsOnDealer(s: TableState, rules: RuleSet, hand: Hand): boolean {
  if (hand.settled) return false;
  if (hand.status === 'busted' || hand.status === 'surrendered' || hand.status === 'evenMoney') return false;
  if (hand.status !== 'open' && paidWhateverTheDealerHolds(hand, rules)) return false;
  const natural = naturalKind(hand, rules);
  if (natural === 'pairOfAces') return false;
  if (natural === 'blackjack') return s.dealer.natural === null;
  return true;
}

export function insuranceOutstanding(s: TableState): boolean {
  for (const b of s.boxes) for (const i of b.insurance) if (!i.settled) return true;
  return false;
}

export function dealerStillMatters(s: TableState, rules: RuleSet): boolean {
  if (insuranceOutstanding(s)) return true;
  for (const box of s.boxes) for (const hand of box.hands) if (dependsOnDealer(s, rules, hand)) return true;
  return false;
}

/** Blackjacks are paid as soon as no dealer blackjack can beat them (switch: at the end of the round). */
export function settleCertainNaturals(s: TableState, rules: RuleSet, emit: Emit): void {
  if (rules.blackjack.settle !== 'atOnce') return;
  // Every hand of the boxes as they stand (a list made first, as allHands did: settling changes no list).
  for (const box of s.boxes) {
    for (const hand of box.hands) {
      if (hand.status === 'natural' && !dependsOnDealer(s, rules, hand)) settleHand(s, rules, { box, hand }, emit);
    }
  }
}

export function settleRound(s: TableState, rules: RuleSet, emit: Emit): void {
  settleInsurance(s, rules, emit);
  for (const box of s.boxes) for (const hand of box.hands) settleHand(s, rules, { box, hand }, emit);
  emit({ type: 'round.ended', round: s.round, voided: false });
}

function refund(s: TableState, seat: number, hand: number, bet: 'main' | 'behind' | 'insurance' | 'pairs' | 'superMatch', player: string, stake: number, emit: Emit): void {
  const outcome: Outcome = 'void';
  emit({ type: 'bet.settled', round: s.round, seat, hand, bet, player, stake, outcome, net: 0 });
}

/** Void: every unsettled bet of the round is returned (outcome void, net 0). */
export function voidRound(s: TableState, by: string | undefined, why: Reason | undefined, emit: Emit): void {
  emit({ type: 'round.voided', round: s.round, ...(by ? { by } : {}), ...(why ? withSentence(why) : {}) });
  if (s.boxes.length === 0) {
    // Betting was still open: the placed bets are returned, one settlement per player, seat and kind.
    const totals = new Map<string, { seat: number; player: string; kind: 'main' | 'behind' | 'pairs' | 'superMatch'; stake: number }>();
    for (const b of s.bets) {
      const key = `${b.seat}|${b.player}|${b.kind}`;
      const t = totals.get(key) ?? { seat: b.seat, player: b.player, kind: b.kind, stake: 0 };
      t.stake += b.amount;
      totals.set(key, t);
    }
    for (const t of totals.values()) refund(s, t.seat, 0, t.kind, t.player, t.stake, emit);
  }
  for (const box of s.boxes) {
    for (const bet of box.sideBets) if (!bet.settled) { bet.settled = true; refund(s, box.seat, 0, bet.kind, bet.player, bet.stake, emit); }
    for (const ins of box.insurance) if (!ins.settled) { ins.settled = true; refund(s, box.seat, 0, 'insurance', ins.player, ins.stake, emit); }
    for (const hand of box.hands) {
      if (hand.settled) continue;
      hand.settled = true;
      for (const w of hand.wagers) refund(s, box.seat, hand.index, w.kind, w.player, w.stake, emit);
    }
  }
  s.bets = [];
  emit({ type: 'round.ended', round: s.round, voided: true });
}
