// The table as a display shows it: seats with bets, hands, totals and results, the dealer's hand, whose
// turn it is and the decision countdown. Plain JSON, sent to the pages as is.
import type { Card } from '../../rules/cards.js';
import type { Outcome } from '../../rules/settle-hand.js';
import type { SettledBet } from '../../round/events.js';
import type { BetKind } from '../../round/inputs.js';
import type { RoundResultsView } from './round-results.js';

export type Stage = 'noShoe' | 'newShoe' | 'betting' | 'dealing' | 'offers' | 'playing' | 'dealer' | 'roundOver' | 'results';

export interface BetView {
  readonly player: string;
  readonly kind: BetKind | 'insurance';
  readonly amount: number;
}

export interface SettlementView {
  readonly bet: SettledBet;
  readonly player: string;
  readonly stake: number;
  readonly outcome: Outcome;
  readonly net: number;
}

export interface HandView {
  /** The round machine's index of the hand in its box (0 = first dealt hand). */
  readonly hand: number;
  readonly cards: readonly Card[];
  readonly total: number | null;
  readonly soft: boolean;
  /** open, standing, busted, surrendered, evenMoney, natural. */
  readonly status: string;
  /** The box owner's stake on this hand (after doubles). */
  readonly stake: number;
  readonly results: readonly SettlementView[];
}

export interface SeatView {
  readonly seat: number;
  /** The first main bettor: decides for the box. */
  readonly owner: string | null;
  /** Bets of the current round. */
  readonly bets: readonly BetView[];
  /** Hands of the round in `TableView.handsRound`, in play order. */
  readonly hands: readonly HandView[];
  /** Side bets, insurance and refunds not tied to a hand. */
  readonly results: readonly SettlementView[];
}

export interface DealerHandView {
  /** null: a card the audience may not see (the hole card, face down). */
  readonly cards: readonly (Card | null)[];
  /** Where the hole card lies while it is face down. */
  readonly holeIndex: number | null;
  /** Total of the cards this audience sees: the up cards; the supervisor's, with the hole card. */
  readonly total: number | null;
  readonly soft: boolean;
  readonly finished: boolean;
  readonly blackjack: boolean;
}

/** The decision the table is waiting for. */
export interface AwaitingView {
  readonly kind: 'play' | 'offer';
  readonly seat: number;
  readonly hand: number;
}

/** The decision timer: restarted whenever a decision becomes awaited, stopped while the table is paused. */
export interface CountdownView {
  readonly startedAt: string;
  readonly deadline: string;
  readonly seconds: number;
}

export interface TableView {
  readonly round: number;
  readonly stage: Stage;
  readonly paused: boolean;
  readonly seats: readonly SeatView[];
  readonly dealer: DealerHandView;
  /** The round the hands, the dealer's hand and the results belong to (they stay up while the next round takes bets). */
  readonly handsRound: number | null;
  readonly voided: boolean;
  /** The hand announced as in turn. */
  readonly turn: { readonly seat: number; readonly hand: number } | null;
  /** Seats still to answer insurance / even money. */
  readonly offersPending: readonly number[];
  readonly awaiting: AwaitingView | null;
  readonly countdown: CountdownView | null;
  /** The betting countdown: betting closes by itself at its deadline. */
  readonly bettingCountdown: CountdownView | null;
  /** Betting is open and no main bet is placed yet: the countdown's seconds, which start with the first main
   *  bet (src/app/table/betting-timer.ts); else null. Absent from a view saved before it was kept. */
  readonly bettingWaits?: number | null;
  /** The round's results while the results moment lasts (./round-results.ts), else null. */
  readonly results: RoundResultsView | null;
  /** The dealer on duty (the last `dealer.changed`), or null before any. */
  readonly dealerOnDuty: string | null;
  /** The last settled rounds, newest first (at most RECENT_ROUNDS): the studio band's history chips. Absent
   *  from a view saved before it was kept; the fold starts it with the next round. */
  readonly recentRounds?: readonly RecentRoundView[];
}

/** How many settled rounds a view keeps for the history chips. */
export const RECENT_ROUNDS = 6;

/** A settled round as the history shows it: the dealer's final hand. */
export interface RecentRoundView {
  readonly round: number;
  readonly dealerTotal: number | null;
  readonly dealerBlackjack: boolean;
}

export function emptyDealerHand(): DealerHandView {
  return { cards: [], holeIndex: null, total: null, soft: false, finished: false, blackjack: false };
}

export function emptyTableView(seats: number): TableView {
  return {
    round: 0,
    stage: 'noShoe',
    paused: false,
    seats: Array.from({ length: seats }, (_, i) => ({ seat: i + 1, owner: null, bets: [], hands: [], results: [] })),
    dealer: emptyDealerHand(),
    handsRound: null,
    voided: false,
    turn: null,
    offersPending: [],
    awaiting: null,
    countdown: null,
    bettingCountdown: null,
    bettingWaits: null,
    results: null,
    dealerOnDuty: null,
    recentRounds: [],
  };
}
