// The table's state as plain data: the round machine's context. Rebuilt by replaying the log's inputs.
import type { Card } from '../rules/cards.js';
import type { Hand } from '../rules/hand.js';
import type { BetKind } from './inputs.js';
import type { CardFaultKind, TableEvent } from './events.js';
import type { ShoeFault } from './inputs.js';
import type { BurnCause } from './procedure-names.js';

export interface PlacedBet {
  readonly seat: number;
  readonly player: string;
  readonly kind: BetKind;
  readonly amount: number;
}

export interface SideBet {
  readonly player: string;
  readonly kind: 'pairs' | 'superMatch';
  readonly stake: number;
  settled: boolean;
}

export interface InsuranceBet {
  readonly player: string;
  readonly stake: number;
  settled: boolean;
}

export interface FollowChoice {
  readonly player: string;
  double: boolean;
  split: boolean;
}

export interface Box {
  readonly seat: number;
  /** The first main bettor: owns the box and decides (european: co-players follow). */
  readonly owner: string;
  /** In play order: a split hand stands right after the hand it came from. */
  hands: Hand[];
  sideBets: SideBet[];
  insurance: InsuranceBet[];
  /** Insurance / even money offered to this box and not yet answered. */
  offerPending: boolean;
  /** switch: an action other than switch was taken on the box (no more switching). */
  acted: boolean;
  follow: FollowChoice[];
}

export interface DealerHand {
  cards: Card[];
  holeRevealed: boolean;
  /** Dealer blackjack: null while unknown. */
  natural: boolean | null;
}

export interface ShoeState {
  readonly number: number;
  /** How many of each card the shoe has given (burned, dealt, set aside): fixed size, one count per
   *  card of the 52 (index cardIndex(card), rank-major A..K × S H D C), whatever the decks. Replaced when a
   *  card is counted, never changed in place (states and their drafts share it: change-table.ts). */
  drawn: readonly number[];
  /** The sum of `drawn`: cards given so far. */
  drawnCount: number;
  /** Cards to burn in all; null until the first card decides it (deluxe). */
  burnTarget: number | null;
  burned: number;
  cutCardSeen: boolean;
  /** The missing-cut-card fault was raised for this shoe (once). */
  cutCardMissing?: boolean;
  /** The shoe is out (`shoe.finished`: its end after the cut card, or a supervisor's shoe change): nothing
   *  more is drawn from it and it cannot be changed again; the next `shoe.loaded` replaces it. */
  finished?: boolean;
  /** The shoe's tally for its receipt (operations/shoe-receipt.ts): present only when receipts are on.
   *  Replaced when a card is tallied, never changed in place. */
  tally?: ShoeTally;
  /** The shoe's receipt is written (once). */
  receipted?: boolean;
}

/** What a receipt counts beyond the shoe's own counts. */
export interface ShoeTally {
  readonly burnedInPlay: number;
  readonly setAside: number;
  readonly foreign: number;
}

export interface PendingFaultCard {
  readonly card: Card;
  readonly kind: CardFaultKind;
}

export interface TableState {
  shoe: ShoeState | null;
  /** The round being bet on or played; counts from 1 in a session. */
  round: number;
  bets: PlacedBet[];
  boxes: Box[];
  dealer: DealerHand;
  /** Cards dealt so far in the initial deal. */
  dealt: number;
  /** A card that arrived out of turn or foreign, held until a supervisor resolves it. */
  faultCard: PendingFaultCard | null;
  /** Shoe and link faults open now (the table stays paused while any is). */
  shoeFaults: ShoeFault[];
  /** The hand last announced as in turn, to announce each turn once. */
  announcedTurn: string | null;
  /** Seconds the table holds after a round settles (`results.configured`); absent: no hold. */
  resultsSeconds?: number;
  /** The round's results are showing: settled, betting not yet open (absent: not). */
  showingResults?: boolean;
  /** A burn was called (an exposed card, a card on the floor, face up in the shoe): the next card in play is
   *  burned for this cause (docs/procedures.md). Absent when none is called. */
  burnCalled?: BurnCause;
  /** The shoe ran out with a card due: paused until the reshuffled discards are loaded. Absent otherwise. */
  shoeOut?: boolean;
  /** Shoes are receipted when removed (`receipts.configured`, the table file's `shoeReceipt`). Absent: not. */
  shoeReceipts?: boolean;
  /** The shoe last receipted, whose stub a supervisor may count (operations/stub-count.ts). Absent before any
   *  receipt. Replaced, never changed in place. */
  lastReceipt?: ReceiptedShoe;
}

/** A removed shoe as its stub count needs it: its number, the cards its receipt says are left, whether counted. */
export interface ReceiptedShoe {
  readonly shoe: number;
  readonly loaded: number;
  readonly left: number;
  readonly counted: boolean;
}

export function initialTableState(): TableState {
  return {
    shoe: null,
    round: 0,
    bets: [],
    boxes: [],
    dealer: { cards: [], holeRevealed: false, natural: null },
    dealt: 0,
    faultCard: null,
    shoeFaults: [],
    announcedTurn: null,
  };
}

/** Operations change a draft of the state and emit the facts that follow. */
export type Emit = (event: TableEvent) => void;
