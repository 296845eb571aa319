// The shoe's composition: which cards exist and how many of each. A card beyond it is foreign
// (a seventh ace of spades in six decks, any card of a 32-card deck outside it): table-wide behaviour, docs/rules.md.
import { rankOf, suitOf, type Card } from './cards.js';
import type { RuleSet } from './rule-set.js';
import { ruleReason, type RuleReason } from './rule-reasons.js';
import { CARD_SLOTS, cardAt, slotOf } from './card-counts.js';

/** Copies of each card slot in the last deck asked about (one rule set per table or worker;
 *  asked on every card input). */
let copiesFor: RuleSet['deck'] | null = null;
let copiesBySlot: Int8Array = new Int8Array(CARD_SLOTS);

export function copiesInShoe(card: Card, rules: RuleSet): number {
  const slot = slotOf(card);
  if (slot < 0) {
    const inDeck = rules.deck.ranks.includes(rankOf(card)) && rules.deck.suits.includes(suitOf(card));
    return inDeck ? rules.deck.decks : 0;
  }
  if (rules.deck !== copiesFor) {
    const table = new Int8Array(CARD_SLOTS);
    for (let i = 0; i < CARD_SLOTS; i++) {
      const c = cardAt(i);
      table[i] = rules.deck.ranks.includes(rankOf(c)) && rules.deck.suits.includes(suitOf(c)) ? rules.deck.decks : 0;
    }
    copiesBySlot = table;
    copiesFor = rules.deck;
  }
  return copiesBySlot[slot] as number;
}

export function shoeSize(rules: RuleSet): number {
  return rules.deck.ranks.length * rules.deck.suits.length * rules.deck.decks;
}

/**
 * Cards that must stay behind the cut card: when this few are left and the cut card has not come out, it
 * is missing (a cutCardMissing fault): 5 % of the shoe, at least 4 cards.
 */
export function cutCardReserve(rules: RuleSet): number {
  return Math.max(4, Math.floor(shoeSize(rules) * 0.05));
}

/** Why a card cannot have come out of this shoe, given how many of it were already drawn; null when it can. */
export function foreignCardReason(card: Card, alreadyDrawn: number, rules: RuleSet): RuleReason | null {
  const copies = copiesInShoe(card, rules);
  if (copies === 0) return ruleReason('foreignNotInDeck', { card, game: rules.name });
  if (alreadyDrawn >= copies) return ruleReason('foreignAllDrawn', { card, count: copies });
  return null;
}
