// Folds display facts into the table view, one at a time. Pure: the next view is a changed copy.
import type { Card } from '../../rules/cards.js';
import type { RuleSet } from '../../rules/rule-set.js';
import { advanceCountdown } from './countdown.js';
import { advanceBettingCountdown } from './betting-countdown.js';
import { create } from 'mutative';
import { draftOf, type Draft } from './draft.js';
import { roundResults } from './round-results.js';
import { RECENT_ROUNDS, type TableView } from './table-view.js';
import type { TimedViewFact, ViewFact } from '../../ports/view-facts.js';
import { addBet, handOf, newHand, recount, recountDealer, seatOf, startHandsOf } from './hand-drafts.js';

export interface ViewContext {
  readonly rules: RuleSet;
  /** Seconds a player has for a decision (the decision timer's). */
  readonly decisionSeconds: number;
  /** Seconds of the betting countdown (the table file's `bettingSeconds`); none when absent. */
  readonly bettingSeconds?: number;
}

export function foldTableView(view: TableView, timed: TimedViewFact, context: ViewContext): TableView {
  // Copy on write (mutative): the next view shares every part the fact does not touch, so a fact costs
  // what it changes, not a copy of the whole view (design rule: no whole-state copy per input).
  return create(view, (draft) => {
    const d = draft as Draft<TableView>;
    applyFact(d, timed.fact, context.rules);
    applyResultsFact(d, timed);
    advanceCountdown(d, timed, context.decisionSeconds);
    advanceBettingCountdown(d, timed, context.bettingSeconds);
  });
}

/** The results moment and the dealer on duty (./round-results.ts): the results show from `results.shown`
 *  until the moment ends; a new round or a shoe's end clears what an older log never cleared. */
function applyResultsFact(view: Draft<TableView>, { fact, at }: TimedViewFact): void {
  switch (fact.type) {
    case 'results.shown':
      view.results = draftOf(roundResults(view, fact.round, fact.seconds, at));
      view.stage = 'results';
      return;
    case 'results.cleared':
      view.results = null;
      view.stage = 'roundOver';
      return;
    case 'betting.opened':
    case 'betting.closed':
    case 'shoe.finished':
    case 'round.voided':
      if (view.results !== null && view.results !== undefined) view.results = null;
      return;
    case 'dealer.changed':
      view.dealerOnDuty = fact.dealer;
      return;
    case 'round.ended':
      // The history chips: a settled round's dealer hand, newest first; a voided round is not a result.
      if (fact.voided || view.handsRound !== fact.round) return;
      view.recentRounds = [{ round: fact.round, dealerTotal: view.dealer.total, dealerBlackjack: view.dealer.blackjack }, ...(view.recentRounds ?? [])].slice(0, RECENT_ROUNDS);
      return;
    default:
      return;
  }
}

function applyFact(view: Draft<TableView>, fact: ViewFact, rules: RuleSet): void {
  switch (fact.type) {
    case 'shoe.loaded':
      view.stage = 'newShoe';
      return;
    case 'shoe.finished':
      view.stage = 'noShoe';
      view.paused = false;
      for (const seat of view.seats) seat.bets = [];
      return;
    case 'betting.opened':
      view.round = fact.round;
      view.stage = 'betting';
      view.turn = null;
      // The owners stay with the last round's hands until someone bets on the seat or the next deal.
      for (const seat of view.seats) seat.bets = [];
      return;
    case 'bet.placed':
    case 'bet.cancelled': {
      const seat = seatOf(view, fact.seat);
      if (seat) addBet(seat, fact.player, fact.bet, fact.type === 'bet.placed' ? fact.amount : -fact.amount);
      return;
    }
    case 'betting.closed':
      startHandsOf(view, fact.round);
      view.stage = 'dealing';
      for (const seat of view.seats) seat.owner = seat.bets.find((b) => b.kind === 'main')?.player ?? null;
      for (const seatNumber of fact.seats) {
        const seat = seatOf(view, seatNumber);
        if (seat) seat.hands = Array.from({ length: rules.boxes.handsPerBox }, (_, hand) => newHand(seat, hand));
      }
      return;
    case 'card.dealt': {
      const seat = seatOf(view, fact.seat);
      if (!seat) return;
      const hand = handOf(seat, fact.hand);
      hand.cards.push(fact.card);
      recount(hand, rules);
      return;
    }
    case 'card.corrected': {
      // The card as it truly is takes the last card's place (docs/procedures.md, "Misscan").
      if (fact.seat === null) {
        const last = view.dealer.cards.length - 1;
        if (last >= 0 && view.dealer.cards[last] !== null) view.dealer.cards[last] = fact.card;
        recountDealer(view, rules);
        return;
      }
      const hand = seatOf(view, fact.seat)?.hands.find((h) => h.hand === fact.hand);
      if (!hand || hand.cards.length === 0) return;
      hand.cards[hand.cards.length - 1] = fact.card;
      recount(hand, rules);
      return;
    }
    case 'dealer.card':
      if (fact.hole) view.dealer.holeIndex = view.dealer.cards.length;
      view.dealer.cards.push(fact.card);
      recountDealer(view, rules);
      // A dealer card after the initial deal is the dealer's turn (no-hole-card games draw the second card then).
      if (view.stage !== 'dealing') {
        view.stage = 'dealer';
        view.turn = null;
      }
      return;
    case 'offers.opened':
      view.stage = 'offers';
      return;
    case 'insurance.taken': {
      const seat = seatOf(view, fact.seat);
      if (seat) addBet(seat, fact.player, 'insurance', fact.amount);
      return;
    }
    case 'turn.started':
      view.stage = 'playing';
      view.turn = { seat: fact.seat, hand: fact.hand };
      return;
    case 'hands.switched': {
      const seat = seatOf(view, fact.seat);
      const [a, b] = fact.hands.map((h) => seat?.hands.find((x) => x.hand === h));
      if (!a || !b || a.cards.length < 2 || b.cards.length < 2) return;
      [a.cards[1], b.cards[1]] = [b.cards[1] as Card, a.cards[1] as Card];
      recount(a, rules);
      recount(b, rules);
      return;
    }
    case 'hand.split': {
      const seat = seatOf(view, fact.seat);
      const hand = seat?.hands.find((h) => h.hand === fact.hand);
      if (!seat || !hand) return;
      const moved = hand.cards.splice(1);
      recount(hand, rules);
      const split = newHand(seat, fact.newHand, moved);
      recount(split, rules);
      seat.hands.splice(seat.hands.indexOf(hand) + 1, 0, split);
      return;
    }
    case 'hand.doubled': {
      const hand = seatOf(view, fact.seat)?.hands.find((h) => h.hand === fact.hand);
      if (hand) hand.stake = fact.stake;
      return;
    }
    case 'hand.finished': {
      const hand = seatOf(view, fact.seat)?.hands.find((h) => h.hand === fact.hand);
      if (hand) hand.status = fact.status;
      return;
    }
    case 'dealer.revealed': {
      const hole = view.dealer.holeIndex;
      if (hole !== null) view.dealer.cards[hole] = fact.card;
      else view.dealer.cards.push(fact.card);
      view.dealer.holeIndex = null;
      recountDealer(view, rules);
      view.stage = 'dealer';
      view.turn = null;
      return;
    }
    case 'dealer.finished':
      view.dealer.finished = true;
      view.dealer.blackjack = fact.blackjack;
      return;
    case 'bet.settled': {
      const seat = seatOf(view, fact.seat);
      if (!seat) return;
      const result = { bet: fact.bet, player: fact.player, stake: fact.stake, outcome: fact.outcome, net: fact.net };
      const hand = fact.bet === 'main' || fact.bet === 'behind' ? seat.hands.find((h) => h.hand === fact.hand) : undefined;
      if (hand) hand.results.push(result);
      else seat.results.push(result);
      return;
    }
    case 'round.voided':
      if (view.handsRound !== fact.round) startHandsOf(view, fact.round);
      view.voided = true;
      view.paused = false;
      return;
    case 'round.ended':
      view.stage = 'roundOver';
      view.turn = null;
      return;
    case 'table.paused':
      view.paused = true;
      return;
    case 'table.resumed':
      view.paused = false;
      return;
    case 'evenMoney.taken':
    case 'insurance.declined':
    case 'decision.accepted':
    case 'results.shown':
    case 'results.cleared':
    case 'dealer.changed':
      return;
  }
}
