// Whose decision the table is waiting for, if anyone's: the insurance / even-money offer of a box, or
// the hand in turn when no card is due to it. Derived from the table state alone.
import type { TableState } from './table-state.js';
import { handInTurn } from './operations/hands.js';

export interface AwaitedDecision {
  readonly kind: 'offer' | 'play';
  readonly round: number;
  readonly seat: number;
  readonly hand: number;
  /** Changes whenever the same hand is asked again (after a hit, a split...). */
  readonly key: string;
}

export function awaitedDecision(table: TableState, phase: string): AwaitedDecision | null {
  if (phase === 'active.offers') {
    const box = table.boxes.find((b) => b.offerPending);
    return box ? { kind: 'offer', round: table.round, seat: box.seat, hand: 0, key: `${table.round}:offer:${box.seat}` } : null;
  }
  if (phase !== 'active.playing') return null;
  const turn = handInTurn(table);
  if (!turn || turn.hand.pendingDraw !== null || turn.hand.cards.length < 2) return null;
  const { box, hand } = turn;
  return { kind: 'play', round: table.round, seat: box.seat, hand: hand.index, key: `${table.round}:${box.seat}:${hand.index}:${hand.cards.length}:${hand.actions}` };
}
