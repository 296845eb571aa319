// Cards as the shoe reports them: rank `A 2-9 T J Q K` (`10` accepted on input) + suit `S H D C`.
// Pure: no I/O, no clock, no randomness.

import { NO_PARAMS, ruleReason, type RuleReason } from './rule-reasons.js';

export const RANKS = ['A', '2', '3', '4', '5', '6', '7', '8', '9', 'T', 'J', 'Q', 'K'] as const;
export const SUITS = ['S', 'H', 'D', 'C'] as const;

export type Rank = (typeof RANKS)[number];
export type Suit = (typeof SUITS)[number];

/** A card in canonical two-character notation, e.g. "QH", "TS". */
export type Card = `${Rank}${Suit}`;

/** A card, or why the text is none. */
export type CardParse = { ok: true; card: Card } | { ok: false; why: RuleReason };

const RANK_SET: ReadonlySet<string> = new Set(RANKS);
const SUIT_SET: ReadonlySet<string> = new Set(SUITS);

/** The canonical cards' parses, made once: a shoe sends canonical text, parsed on every card input. */
const CANONICAL: ReadonlyMap<string, CardParse> = new Map(
  RANKS.flatMap((r) => SUITS.map((s) => [`${r}${s}`, Object.freeze({ ok: true as const, card: `${r}${s}` as Card })] as const)),
);

/** Parses "QH", "10h", "ts" into canonical notation; anything else is an unknown card. */
export function parseCard(text: unknown): CardParse {
  if (typeof text !== 'string') return { ok: false, why: ruleReason('cardNotString', NO_PARAMS) };
  const canonical = CANONICAL.get(text);
  if (canonical !== undefined) return canonical;
  const upper = text.trim().toUpperCase();
  const rankText = upper.startsWith('10') ? 'T' : upper.slice(0, 1);
  const suitText = upper.startsWith('10') ? upper.slice(2) : upper.slice(1);
  if (!RANK_SET.has(rankText) || !SUIT_SET.has(suitText)) {
    return { ok: false, why: ruleReason('unknownCard', { text }) };
  }
  return { ok: true, card: `${rankText}${suitText}` as Card };
}

export function rankOf(card: Card): Rank {
  return card.charAt(0) as Rank;
}

export function suitOf(card: Card): Suit {
  return card.charAt(1) as Suit;
}

export function isRed(card: Card): boolean {
  const suit = suitOf(card);
  return suit === 'H' || suit === 'D';
}
