// Point values of cards under a rule set's deck (17+4: J=2, Q=3, K=4).
import type { Card, Rank } from './cards.js';
import type { RuleSet, UpCardClass } from './rule-set.js';

const STANDARD_VALUES: Record<Rank, number> = {
  A: 1, '2': 2, '3': 3, '4': 4, '5': 5, '6': 6, '7': 7, '8': 8, '9': 9, T: 10, J: 10, Q: 10, K: 10,
};

/** Values by the rank's character code, for the last deck's value map asked about (the hand
 *  totals run several times per input; a table read instead of a substring and two record lookups). */
let valuesFor: RuleSet['deck']['values'] | null = null;
let valueByCode = new Int8Array(128);

/** The value table of a deck's value map (cached for the last map: one rule set per table or worker). */
export function rankValueTable(rules: RuleSet): Int8Array {
  const values = rules.deck.values;
  if (values !== valuesFor) {
    const table = new Int8Array(128);
    for (const rank of Object.keys(STANDARD_VALUES) as Rank[]) table[rank.charCodeAt(0)] = values[rank] ?? STANDARD_VALUES[rank];
    valueByCode = table;
    valuesFor = values;
  }
  return valueByCode;
}

/** Hard value of a card: an ace counts 1 here; hand totals add the soft 10. */
export function cardValue(card: Card, rules: RuleSet): number {
  return rankValueTable(rules)[card.charCodeAt(0)] as number;
}

/** The rank A: its first character (a canonical card's rank is one character). */
const ACE_CODE = 65;

export function isAce(card: Card): boolean {
  return card.charCodeAt(0) === ACE_CODE;
}

export function isTenValue(card: Card, rules: RuleSet): boolean {
  return cardValue(card, rules) === 10;
}

/** True when the card belongs to one of the named classes ("ace", "ten"). */
export function cardIsIn(card: Card, classes: readonly UpCardClass[], rules: RuleSet): boolean {
  for (let i = 0; i < classes.length; i++) if (classes[i] === 'ace' ? isAce(card) : isTenValue(card, rules)) return true;
  return false;
}

export function isPictureCard(card: Card): boolean {
  const code = card.charCodeAt(0);
  return code === 74 || code === 81 || code === 75; // J Q K
}
