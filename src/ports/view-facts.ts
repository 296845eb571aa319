// Port: the facts a table display folds into its view, and a command's answer carries: a display-only shape
// of the round machine's facts. Each audience's redaction (src/app/displays/public-redaction.ts) builds these
// field by field (an allow-list), so a field added to a TableEvent later reaches no display until it is
// added here on purpose.
import type { Card } from '../rules/cards.js';
import type { Outcome } from '../rules/settle-hand.js';
import type { SettledBet } from '../round/events.js';
import type { BetKind } from '../round/inputs.js';

export type ViewFact =
  | { readonly type: 'shoe.loaded' }
  | { readonly type: 'shoe.finished' }
  | { readonly type: 'betting.opened'; readonly round: number }
  | { readonly type: 'bet.placed' | 'bet.cancelled'; readonly round: number; readonly seat: number; readonly player: string; readonly bet: BetKind; readonly amount: number }
  | { readonly type: 'betting.closed'; readonly round: number; readonly seats: readonly number[] }
  | { readonly type: 'card.dealt'; readonly round: number; readonly seat: number; readonly hand: number; readonly card: Card }
  /** `card` is null for a hole card the audience may not see yet (it shows face down). */
  | { readonly type: 'dealer.card'; readonly round: number; readonly card: Card | null; readonly hole: boolean }
  | { readonly type: 'offers.opened'; readonly round: number; readonly insurance: readonly number[]; readonly evenMoney: readonly number[] }
  | { readonly type: 'insurance.taken'; readonly round: number; readonly seat: number; readonly player: string; readonly amount: number }
  | { readonly type: 'insurance.declined'; readonly round: number; readonly seat: number; readonly player: string }
  | { readonly type: 'evenMoney.taken'; readonly round: number; readonly seat: number; readonly hand: number }
  | { readonly type: 'turn.started'; readonly round: number; readonly seat: number; readonly hand: number }
  | { readonly type: 'decision.accepted'; readonly round: number; readonly seat: number; readonly hand: number; readonly action: string; readonly byTimeout: boolean }
  | { readonly type: 'hands.switched'; readonly round: number; readonly seat: number; readonly hands: readonly [number, number] }
  | { readonly type: 'hand.split'; readonly round: number; readonly seat: number; readonly hand: number; readonly newHand: number }
  | { readonly type: 'hand.doubled'; readonly round: number; readonly seat: number; readonly hand: number; readonly stake: number }
  | { readonly type: 'hand.finished'; readonly round: number; readonly seat: number; readonly hand: number; readonly status: string }
  | { readonly type: 'dealer.revealed'; readonly round: number; readonly card: Card }
  | { readonly type: 'dealer.finished'; readonly round: number; readonly blackjack: boolean }
  | { readonly type: 'bet.settled'; readonly round: number; readonly seat: number; readonly hand: number; readonly bet: SettledBet; readonly player: string; readonly stake: number; readonly outcome: Outcome; readonly net: number }
  | { readonly type: 'round.voided'; readonly round: number }
  | { readonly type: 'round.ended'; readonly round: number; readonly voided: boolean }
  | { readonly type: 'results.shown'; readonly round: number; readonly seconds: number }
  | { readonly type: 'results.cleared'; readonly round: number }
  | { readonly type: 'dealer.changed'; readonly dealer: string }
  | { readonly type: 'table.paused'; readonly round: number }
  | { readonly type: 'table.resumed'; readonly round: number }
  /** A misread card corrected (docs/procedures.md): the last card of the seat's hand, or the dealer's (seat null). */
  | { readonly type: 'card.corrected'; readonly round: number; readonly seat: number | null; readonly hand: number; readonly card: Card };

export type ViewFactType = ViewFact['type'];

/** A view fact with the wall time of the input that caused it (countdowns start from it). */
export interface TimedViewFact {
  readonly fact: ViewFact;
  readonly at: string;
}
