// Card encoding, PROTOCOL.md §7.1. Maps the two wire bytes (rank, suit) to the product's card
// notation: rank `A 2 3 4 5 6 7 8 9 T J Q K` followed by suit `S H D C`, e.g. "QH", "TS".
// Zero is not a valid rank or suit, so an all-zero (uninitialised) buffer never reads as a card.
// Pure: no I/O, no clock, no randomness.

export const RANKS = ['A', '2', '3', '4', '5', '6', '7', '8', '9', 'T', 'J', 'Q', 'K'] as const;
export const SUITS = ['S', 'H', 'D', 'C'] as const;
export type Rank = (typeof RANKS)[number];
export type Suit = (typeof SUITS)[number];
/** A card in the product's two-character notation, e.g. "QH", "TS". */
export type Card = `${Rank}${Suit}`;

/** §7.1: rank byte 1..13 = A,2..9,T,J,Q,K. */
export function rankToByte(rank: Rank): number {
  return RANKS.indexOf(rank) + 1;
}
/** §7.1: suit byte 1..4 = S,H,D,C. */
export function suitToByte(suit: Suit): number {
  return SUITS.indexOf(suit) + 1;
}

export function isCard(text: unknown): text is Card {
  return (
    typeof text === 'string' &&
    text.length === 2 &&
    (RANKS as readonly string[]).includes(text[0] as string) &&
    (SUITS as readonly string[]).includes(text[1] as string)
  );
}

/** Wire bytes → card, or null when either byte is out of range (§7.1). */
export function cardFromBytes(rank: number, suit: number): Card | null {
  const r = RANKS[rank - 1];
  const s = SUITS[suit - 1];
  return r !== undefined && s !== undefined && rank >= 1 && suit >= 1 ? (`${r}${s}` as Card) : null;
}

/** Card → [rank byte, suit byte]. Throws on anything that is not a card. */
export function cardToBytes(card: Card): [number, number] {
  if (!isCard(card)) throw new RangeError(`not a card: ${JSON.stringify(card)}`);
  return [rankToByte(card[0] as Rank), suitToByte(card[1] as Suit)];
}

/** All 52 cards of one deck, in S,H,D,C × A..K order. */
export function oneDeck(): Card[] {
  const out: Card[] = [];
  for (const s of SUITS) for (const r of RANKS) out.push(`${r}${s}` as Card);
  return out;
}
