// Counting cards by identity in a fixed-size table: one slot per card of the 52 (rank-major A..K, then
// suit S H D C), so a shoe's accounting stays the same size however many cards it gives. Pure.
import { RANKS, SUITS, type Card } from './cards.js';

export const CARD_SLOTS = RANKS.length * SUITS.length;

const INDEX: ReadonlyMap<string, number> = new Map(RANKS.flatMap((r, ri) => SUITS.map((s, si) => [`${r}${s}`, ri * SUITS.length + si] as const)));

/** The slot of a canonical card ("QH"). */
export function cardIndex(card: Card): number {
  const i = INDEX.get(card);
  if (i === undefined) throw new RangeError(`not a canonical card: ${card}`);
  return i;
}

/** The card in a slot. */
export function cardAt(index: number): Card {
  return `${RANKS[Math.floor(index / SUITS.length)]}${SUITS[index % SUITS.length]}` as Card;
}

export function emptyCounts(): number[] {
  return new Array<number>(CARD_SLOTS).fill(0);
}
