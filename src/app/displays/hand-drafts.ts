// The table view fold's edits of a draft view's seats (./fold-table-view.ts): finding a seat, its bets and
// owner, its hands and their totals, the dealer's total, and clearing the hands when a round is dealt.
// Each changes the draft in place; the fold copies on write.
import { handTotal } from '../../rules/hand-total.js';
import type { Card } from '../../rules/cards.js';
import type { RuleSet } from '../../rules/rule-set.js';
import { draftOf, type Draft } from './draft.js';
import { emptyDealerHand, type HandView, type SeatView, type TableView } from './table-view.js';

export type SeatDraft = Draft<SeatView>;
export type HandDraft = Draft<HandView>;

export function seatOf(view: Draft<TableView>, seat: number): SeatDraft | undefined {
  return view.seats.find((s) => s.seat === seat);
}

function ownerMainStake(seat: SeatDraft): number {
  return seat.bets.filter((b) => b.kind === 'main' && b.player === seat.owner).reduce((sum, b) => sum + b.amount, 0);
}

export function newHand(seat: SeatDraft, hand: number, cards: Card[] = []): HandDraft {
  return { hand, cards, total: null, soft: false, status: 'open', stake: ownerMainStake(seat), results: [] };
}

export function handOf(seat: SeatDraft, hand: number): HandDraft {
  const found = seat.hands.find((h) => h.hand === hand);
  if (found) return found;
  const created = newHand(seat, hand);
  seat.hands.push(created);
  return created;
}

export function recount(hand: HandDraft, rules: RuleSet): void {
  const { total, soft } = handTotal(hand.cards, rules);
  hand.total = hand.cards.length > 0 ? total : null;
  hand.soft = soft;
}

export function recountDealer(view: Draft<TableView>, rules: RuleSet): void {
  // The total of every card this audience sees: the public's and the dealer's views hold the face-down hole
  // card as null (public-redaction.ts), so their total is the up cards'; the supervisor's view holds the
  // hole card itself, so the supervisor's total is the dealer's full total.
  const shown = view.dealer.cards.filter((c): c is Card => c !== null);
  const { total, soft } = handTotal(shown, rules);
  view.dealer.total = shown.length > 0 ? total : null;
  view.dealer.soft = soft;
}

export function addBet(seat: SeatDraft, player: string, kind: SeatView['bets'][number]['kind'], amount: number): void {
  const same = seat.bets.find((b) => b.player === player && b.kind === kind);
  if (same) same.amount += amount;
  else seat.bets.push({ player, kind, amount });
  seat.bets = seat.bets.filter((b) => b.amount > 0);
  seat.owner = seat.bets.find((b) => b.kind === 'main')?.player ?? null;
}

/** The dealt round's hands, dealer and results are cleared when a new round is dealt (or voided unseen). */
export function startHandsOf(view: Draft<TableView>, round: number): void {
  view.handsRound = round;
  view.voided = false;
  view.dealer = draftOf(emptyDealerHand());
  view.turn = null;
  for (const seat of view.seats) {
    seat.hands = [];
    seat.results = [];
  }
}
