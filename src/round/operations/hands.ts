// Finding hands and announcing what becomes of them.
import { handTotalOf } from '../../rules/hand-total.js';
import type { Hand, HandStatus } from '../../rules/hand.js';
import type { RuleSet } from '../../rules/rule-set.js';
import type { Box, Emit, TableState } from '../table-state.js';

export interface HandRef {
  readonly box: Box;
  readonly hand: Hand;
}

export function findBox(s: TableState, seat: number): Box | undefined {
  const boxes = s.boxes;
  for (let i = 0; i < boxes.length; i++) if ((boxes[i] as Box).seat === seat) return boxes[i];
  return undefined;
}

export function findHand(box: Box, index: number): Hand | undefined {
  const hands = box.hands;
  for (let i = 0; i < hands.length; i++) if ((hands[i] as Hand).index === index) return hands[i];
  return undefined;
}

export function allHands(s: TableState): HandRef[] {
  return s.boxes.flatMap((box) => box.hands.map((hand) => ({ box, hand })));
}

/** The hand in turn: the first open hand in seat order, each box's hands in play order. */
export function handInTurn(s: TableState): HandRef | undefined {
  const box = boxInTurn(s);
  return box === undefined ? undefined : { box, hand: openHandOf(box) as Hand };
}

/** The box of the hand in turn (handInTurn's box): no object made, for the guards and refusals asked on
 *  every input. */
export function boxInTurn(s: TableState): Box | undefined {
  const boxes = s.boxes;
  for (let i = 0; i < boxes.length; i++) if (openHandOf(boxes[i] as Box) !== undefined) return boxes[i];
  return undefined;
}

/** The hand in turn alone (handInTurn's hand), no object made. */
export function openHand(s: TableState): Hand | undefined {
  const boxes = s.boxes;
  for (let i = 0; i < boxes.length; i++) {
    const hand = openHandOf(boxes[i] as Box);
    if (hand !== undefined) return hand;
  }
  return undefined;
}

/** The box's first open hand in play order. */
export function openHandOf(box: Box): Hand | undefined {
  const hands = box.hands;
  for (let i = 0; i < hands.length; i++) if ((hands[i] as Hand).status === 'open') return hands[i];
  return undefined;
}

export function lineageSize(box: Box, hand: Hand): number {
  let n = 0;
  for (const h of box.hands) if (h.origin === hand.origin) n++;
  return n;
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
    total: handTotalOf(ref.hand.cards, rules),
  });
}

/** Announces the hand in turn once, so a dealer display can say whose decision is awaited. */
export function announceTurn(s: TableState, emit: Emit): void {
  const box = boxInTurn(s);
  const hand = box && (openHandOf(box) as Hand);
  const key = box && hand ? turnKey(box.seat, hand.index) : null;
  if (box && hand && key !== s.announcedTurn) emit({ type: 'turn.started', round: s.round, seat: box.seat, hand: hand.index });
  s.announcedTurn = key;
}

/** "seat:hand", made once per pair (asked on most inputs of play: hot path). */
const TURN_KEYS = new Map<number, string>();

function turnKey(seat: number, hand: number): string {
  if (!Number.isInteger(seat) || !Number.isInteger(hand) || seat < 0 || hand < 0 || seat > 4095 || hand > 4095) return `${seat}:${hand}`;
  const id = seat * 4096 + hand;
  let key = TURN_KEYS.get(id);
  if (key === undefined) TURN_KEYS.set(id, (key = `${seat}:${hand}`));
  return key;
}
