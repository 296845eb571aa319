// Finding hands and announcing what becomes of them.
import { handTotal } from '../../rules/hand-total.js';
import type { Hand, HandStatus } from '../../rules/hand.js';
import type { RuleSet } from '../../rules/rule-set.js';
import type { Box, Emit, TableState } from '../table-state.js';

export interface HandRef {
  readonly box: Box;
  readonly hand: Hand;
}

export function findBox(s: TableState, seat: number): Box | undefined {
  return s.boxes.find((b) => b.seat === seat);
}

export function findHand(box: Box, index: number): Hand | undefined {
  return box.hands.find((h) => h.index === index);
}

export function allHands(s: TableState): HandRef[] {
  return s.boxes.flatMap((box) => box.hands.map((hand) => ({ box, hand })));
}

/** The hand in turn: the first open hand in seat order, each box's hands in play order. */
export function handInTurn(s: TableState): HandRef | undefined {
  // Asked by several guards on every input: a plain loop, no list of every hand.
  for (const box of s.boxes) {
    for (const hand of box.hands) if (hand.status === 'open') return { box, hand };
  }
  return undefined;
}

export function lineageSize(box: Box, hand: Hand): number {
  return box.hands.filter((h) => h.origin === hand.origin).length;
}

export function finishHand(s: TableState, rules: RuleSet, ref: HandRef, status: Exclude<HandStatus, 'open'>, emit: Emit): void {
  ref.hand.status = status;
  ref.hand.pendingDraw = null;
  emit({
    type: 'hand.finished',
    round: s.round,
    seat: ref.box.seat,
    hand: ref.hand.index,
    status,
    total: handTotal(ref.hand.cards, rules).total,
  });
}

/** Announces the hand in turn once, so a dealer display can say whose decision is awaited. */
export function announceTurn(s: TableState, emit: Emit): void {
  const ref = handInTurn(s);
  const key = ref ? `${ref.box.seat}:${ref.hand.index}` : null;
  if (ref && key !== s.announcedTurn) emit({ type: 'turn.started', round: s.round, seat: ref.box.seat, hand: ref.hand.index });
  s.announcedTurn = key;
}
