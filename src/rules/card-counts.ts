// Counting cards by identity in a fixed-size table: one slot per card of the 52 (rank-major A..K, then
// suit S H D C), so a shoe's accounting stays the same size however many cards it gives. Pure.
import { RANKS, SUITS, type Card } from './cards.js';

export const CARD_SLOTS = RANKS.length * SUITS.length;

/** Rank and suit positions by character code (-1: none), so a slot is two table reads. */
const RANK_AT = new Int8Array(128).fill(-1);
const SUIT_AT = new Int8Array(128).fill(-1);
RANKS.forEach((r, i) => (RANK_AT[r.charCodeAt(0)] = i));
SUITS.forEach((s, i) => (SUIT_AT[s.charCodeAt(0)] = i));

/** The slot of a canonical card ("QH"), or -1 for any other text. */
export function slotOf(card: string): number {
  if (card.length !== 2) return -1;
  const r = RANK_AT[card.charCodeAt(0) & 127] as number;
  const s = SUIT_AT[card.charCodeAt(1) & 127] as number;
  return r < 0 || s < 0 || card.charCodeAt(0) > 127 || card.charCodeAt(1) > 127 ? -1 : r * SUITS.length + s;
}

/** The slot of a canonical card ("QH"). */
export function cardIndex(card: Card): number {
  const i = slotOf(card);
  if (i < 0) throw new RangeError(`not a canonical card: ${card}`);
  return i;
}

/** The card in a slot. */
export function cardAt(index: number): Card {
  return `${RANKS[Math.floor(index / SUITS.length)]}${SUITS[index % SUITS.length]}` as Card;
}

export function emptyCounts(): number[] {
  return new Array<number>(CARD_SLOTS).fill(0);
}
