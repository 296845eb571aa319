// The shoes a simulation deals: each chunk's seed (fixed whatever the number of workers), the cards of a
// rule set's shoe in deck order, and where the cut card goes.
import type { Card } from '../../rules/cards.js';
import { RANKS } from '../../rules/cards.js';
import type { RuleSet } from '../../rules/rule-set.js';
import { cutCardReserve } from '../../rules/shoe-composition.js';

/** The seed of chunk `index` of a run seeded `seed`: fixed, whatever the number of workers. */
export function chunkSeed(seed: number, index: number): number {
  return (Math.imul(seed >>> 0, 0x9e3779b1) + Math.imul(index + 1, 0x85ebca6b)) >>> 0;
}

/** Where the cut card goes: three quarters in (half a single deck) unless `penetration` says, but never
 *  inside the reserve the missing-cut-card check keeps. */
export function cutPosition(rules: RuleSet, size: number, penetration?: number): number {
  const reserve = cutCardReserve(rules);
  const share = penetration ?? (size <= 52 ? 0.5 : 0.75);
  return Math.min(Math.floor(size * share), size - reserve - 1);
}

export function unshuffledShoe(rules: RuleSet): Card[] {
  const cards: Card[] = [];
  for (let d = 0; d < rules.deck.decks; d++) {
    for (const rank of rules.deck.ranks) if ((RANKS as readonly string[]).includes(rank)) for (const suit of rules.deck.suits) cards.push(`${rank}${suit}` as Card);
  }
  return cards;
}
