// An oracle for the properties written apart from src/rules (a property must not take the
// code's own function as its judge). It reads only the rule set's data: point values per rank, the
// dealer's standing total, soft 17, the card limit, the three-sevens bonus and the five-picture blackjack.
import type { RuleSet } from '../../src/rules/rule-set.js';

/** Points of one card: the rule file's value for its rank, else 2–9 at face, T J Q K ten, A one. */
function points(card: string, rules: RuleSet): number {
  const rank = card[0] as keyof RuleSet['deck']['values'];
  const given = rules.deck.values[rank];
  if (given !== undefined) return given;
  if (rank === 'A') return 1;
  if (rank === 'T' || rank === 'J' || rank === 'Q' || rank === 'K') return 10;
  return Number(rank);
}

/** Best total: one ace counts 11 when that does not pass 21 (then the total is soft). */
export function oracleTotal(cards: readonly string[], rules: RuleSet): { total: number; soft: boolean } {
  const hard = cards.reduce((sum, c) => sum + points(c, rules), 0);
  const hasAce = cards.some((c) => c[0] === 'A');
  return hasAce && hard + 10 <= 21 ? { total: hard + 10, soft: true } : { total: hard, soft: false };
}

/** The dealer draws below the standing total, and on a soft 17 where the set hits it, within the card limit. */
export function oracleDealerDraws(cards: readonly string[], rules: RuleSet): boolean {
  if (rules.hand.maxCards !== undefined && cards.length >= rules.hand.maxCards) return false;
  const { total, soft } = oracleTotal(cards, rules);
  return total < rules.dealer.standOn || (total === 17 && soft && rules.dealer.hitSoft17);
}

/** classic: three sevens are paid their bonus whatever the dealer holds. */
export function oracleThreeSevensBonus(cards: readonly string[], rules: RuleSet): boolean {
  return rules.hand.threeSevensPays !== undefined && cards.length === 3 && cards.every((c) => c[0] === '7');
}

/** 17+4: five picture cards (J Q K) count as a blackjack (seed 000 part 2: «Комбинация из пяти картинок на
 *  руке считается равной блэкджеку»), as the first two cards do: not in a hand made by splitting. */
export function oracleFivePictureBlackjack(cards: readonly string[], fromSplit: boolean, rules: RuleSet): boolean {
  const count = rules.blackjack.pictureCardsCount;
  return !fromSplit && count !== undefined && cards.length === count && cards.every((c) => 'JQK'.includes(c[0] ?? ''));
}
