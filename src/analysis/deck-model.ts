// The shoe as the analysis sees it: counts per point value (A=1 … 10), with one representative card per
// value so the production rule functions (legal decisions, pairs, naturals) can be asked about a hand.
// 17+4 (seed 000 part 2): J=2 Q=3 K=4 are the only cards of their value, so a value names a rank there.
// Pure: no I/O, no clock, no randomness.
import { type Card, type Rank } from '../rules/cards.js';
import { cardValue, isPictureCard } from '../rules/card-values.js';
import type { RuleSet } from '../rules/rule-set.js';

/** Card values 1..10 are stored at index value-1. */
export const VALUE_SLOTS = 10;

export interface DeckModel {
  readonly rules: RuleSet;
  /** Cards of each value in the full shoe (index value-1). */
  readonly counts: readonly number[];
  readonly size: number;
  /** The values present in the shoe, ascending. */
  readonly values: readonly number[];
  /** A card of each value present (spades where the deck has them), for the rule functions. */
  readonly representative: readonly (Card | undefined)[];
  /** Every card of this value is a picture (J Q K): only true in the 17+4 deck. */
  readonly pictureValue: readonly boolean[];
}

export function deckModel(rules: RuleSet): DeckModel {
  const counts = new Array<number>(VALUE_SLOTS).fill(0);
  const representative: (Card | undefined)[] = new Array(VALUE_SLOTS).fill(undefined);
  const pictures = new Array<number>(VALUE_SLOTS).fill(0);
  const suit = rules.deck.suits.includes('S') ? 'S' : rules.deck.suits[0];
  for (const rank of rules.deck.ranks as Rank[]) {
    const card = `${rank}${suit}` as Card;
    const value = cardValue(card, rules);
    if (value < 1 || value > 10) throw new Error(`${rules.name}: card value ${value} of ${rank} is outside 1..10`);
    counts[value - 1] = (counts[value - 1] ?? 0) + rules.deck.suits.length * rules.deck.decks;
    // Prefer T over pictures for value 10 (pictures only matter in 17+4, where they have values of their own).
    if (representative[value - 1] === undefined || rank === 'T') representative[value - 1] = card;
    if (isPictureCard(card)) pictures[value - 1] = (pictures[value - 1] ?? 0) + 1;
  }
  const rankCount = new Array<number>(VALUE_SLOTS).fill(0);
  for (const rank of rules.deck.ranks as Rank[]) {
    const v = cardValue(`${rank}S` as Card, rules);
    rankCount[v - 1] = (rankCount[v - 1] ?? 0) + 1;
  }
  const pictureValue = pictures.map((p, i) => p > 0 && p === rankCount[i]);
  if (rules.blackjack.pictureCardsCount !== undefined && pictures.some((p, i) => p > 0 && p !== rankCount[i])) {
    throw new Error(`${rules.name}: picture-card blackjack needs pictures whose values no other rank shares`);
  }
  const values = counts.flatMap((c, i) => (c > 0 ? [i + 1] : []));
  return { rules, counts, size: counts.reduce((a, b) => a + b, 0), values, representative, pictureValue };
}

export function representativeCard(deck: DeckModel, value: number): Card {
  const card = deck.representative[value - 1];
  if (card === undefined) throw new Error(`${deck.rules.name} has no card of value ${value}`);
  return card;
}

/** Short label of a value for charts: A 2..9 T, and J Q K in the 17+4 deck. */
export function valueLabel(deck: DeckModel, value: number): string {
  if (value === 1) return 'A';
  if (value === 10) return 'T';
  if (deck.pictureValue[value - 1]) return representativeCard(deck, value).slice(0, 1);
  return String(value);
}
