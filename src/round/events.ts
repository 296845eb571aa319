// The table's consequences: past-tense facts the round machine emits. Together with the inputs they
// form the table's event log. Money in integer minor units.
import type { Card } from '../rules/cards.js';
import type { Outcome } from '../rules/settle-hand.js';
import type { ShoeFault, TableInput } from './inputs.js';
import type { Reason, ReasonCode } from './reasons.js';
import type { BurnCause } from './procedure-names.js';

export type SettledBet = 'main' | 'behind' | 'insurance' | 'pairs' | 'superMatch';
export type CardFaultKind = 'outOfTurn' | 'foreignCard';
export type FaultKind = CardFaultKind | ShoeFault;

export type TableEvent =
  | { type: 'shoe.loaded'; shoe: number }
  | { type: 'card.burned'; shoe: number; card: Card; shown: boolean; remaining: number; round?: number; cause?: BurnCause; by?: string }
  | { type: 'cut-card.seen'; shoe: number; round: number }
  | { type: 'shoe.finished'; shoe: number }
  | { type: 'betting.opened'; round: number }
  | { type: 'bet.placed'; round: number; seat: number; player: string; bet: 'main' | 'behind' | 'pairs' | 'superMatch'; amount: number }
  | { type: 'bet.cancelled'; round: number; seat: number; player: string; bet: 'main' | 'behind' | 'pairs' | 'superMatch'; amount: number }
  | { type: 'betting.closed'; round: number; seats: number[]; byTimeout?: boolean }
  | { type: 'card.dealt'; round: number; seat: number; hand: number; card: Card; total: number }
  | { type: 'dealer.card'; round: number; card: Card; hole: boolean }
  | { type: 'offers.opened'; round: number; insurance: number[]; evenMoney: number[] }
  | { type: 'insurance.taken'; round: number; seat: number; player: string; amount: number }
  | { type: 'insurance.declined'; round: number; seat: number; player: string; byTimeout: boolean }
  | { type: 'evenMoney.taken'; round: number; seat: number; hand: number }
  | { type: 'dealer.peeked'; round: number; blackjack: boolean }
  | { type: 'turn.started'; round: number; seat: number; hand: number }
  | { type: 'decision.accepted'; round: number; seat: number; hand: number; action: string; player: string; amount?: number; byTimeout?: boolean }
  | { type: 'follow.chosen'; round: number; seat: number; player: string; follow: 'double' | 'split' }
  | { type: 'hands.switched'; round: number; seat: number; hands: [number, number] }
  | { type: 'hand.split'; round: number; seat: number; hand: number; newHand: number }
  | { type: 'hand.doubled'; round: number; seat: number; hand: number; stake: number }
  | { type: 'hand.finished'; round: number; seat: number; hand: number; status: string; total: number }
  | { type: 'dealer.revealed'; round: number; card: Card; total: number }
  | { type: 'dealer.finished'; round: number; total: number; cards: Card[]; blackjack: boolean }
  | { type: 'bet.settled'; round: number; seat: number; hand: number; bet: SettledBet; player: string; stake: number; outcome: Outcome; net: number }
  | { type: 'round.ended'; round: number; voided: boolean }
  | { type: 'results.configured'; seconds: number }
  | { type: 'results.shown'; round: number; seconds: number }
  | { type: 'results.cleared'; round: number }
  | { type: 'dealer.changed'; round: number; dealer: string }
  | ({ type: 'table.paused'; round: number; by?: string; fault?: { kind: FaultKind; card?: Card } } & StoredReason)
  | { type: 'fault.cleared'; round: number; fault: ShoeFault }
  | { type: 'table.recovered'; round: number; interrupted: boolean }
  | { type: 'table.resumed'; round: number; by?: string }
  | { type: 'card.setAside'; round: number; card: Card; by?: string }
  | { type: 'round.voided'; round: number; by?: string; reason?: string; code?: ReasonCode; params?: Reason['params'] }
  | ({ type: 'input.rejected'; line?: number; input: TableInput } & StoredReason)
  // The procedures (docs/procedures.md).
  | { type: 'card.entered'; round: number; card: Card; by?: string }
  | { type: 'card.corrected'; round: number; seat?: number; hand?: number; read: Card; card: Card; total: number; by?: string }
  | { type: 'card.moved'; round: number; seat?: number; hand?: number; card: Card; by?: string }
  | { type: 'burn.called'; round: number; cause: BurnCause; by?: string }
  | { type: 'shoe.reloaded'; round: number; shoe: number; inPlay: number; cards: number; by?: string }
  // The end-of-shoe receipt (docs/procedures.md), on a table that records receipts.
  | { type: 'receipts.configured'; on: boolean }
  | {
    type: 'shoe.receipt'; round: number; shoe: number; removal: ShoeRemoval;
    loaded: number; drawn: number; burned: number; burnedInPlay: number; dealt: number; setAside: number; foreign: number;
    left: number; anomalies: ReceiptAnomaly[];
  }
  // The removed shoe's stub counted by hand (docs/procedures.md, "Missing cards"): `left` is the receipt's,
  // `missing` = left − stub (below 0: more cards in the stub than the shoe should hold).
  | { type: 'shoe.stubCounted'; round: number; shoe: number; stub: number; left: number; missing: number; by?: string };

/** How a shoe was removed: its end after the cut card, a supervisor's shoe change, a new shoe loaded over it,
 *  or the shoe running out mid-round (its discards reloaded). */
export type ShoeRemoval = 'cutCard' | 'shoeChange' | 'replaced' | 'shoeOut';
/** What on a receipt a person must look at. */
export type ReceiptAnomaly = 'foreignCards' | 'cardsSetAside' | 'burnedInPlay' | 'cutCardMissing' | 'shoeRanOut';

/**
 * A reason as a fact stores it: the log's English sentence, and the code and its values
 * (docs/event-log.md, "Reasons"). A fact from an older log has the sentence only
 * (src/messages/legacy-reasons.ts reads it back to a code).
 */
export type StoredReason = {
  reason: string;
  code?: ReasonCode;
  params?: Reason['params'];
};

export type TableEventType = TableEvent['type'];
