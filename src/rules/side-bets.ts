// Side bets (seed 002 Pairs, seed 004 Super Match). deluxe Pairs on the seat's first two cards; switch Super Match on the box's
// first four cards. Highest combination only.
import { rankOf, suitOf, isRed, type Card } from './cards.js';
import type { Ratio, RuleSet } from './rule-set.js';

export interface SideBetResult {
  readonly combination: string | null;
  readonly ratio: Ratio | null;
}

const NONE: SideBetResult = { combination: null, ratio: null };

export function judgePairs(cards: readonly Card[], upCard: Card, rules: RuleSet): SideBetResult {
  const table = rules.sideBets.pairs;
  const [a, b] = cards;
  if (table === undefined || a === undefined || b === undefined || rankOf(a) !== rankOf(b)) return NONE;
  if (a === b && b === upCard) return { combination: 'suitedTrips', ratio: table.suitedTrips };
  if (suitOf(a) === suitOf(b)) return { combination: 'perfect', ratio: table.perfect };
  if (isRed(a) === isRed(b)) return { combination: 'coloured', ratio: table.coloured };
  return { combination: 'mixed', ratio: table.mixed };
}

export function judgeSuperMatch(cards: readonly Card[], rules: RuleSet): SideBetResult {
  const table = rules.sideBets.superMatch;
  if (table === undefined) return NONE;
  const counts = new Map<string, number>();
  for (const card of cards) counts.set(rankOf(card), (counts.get(rankOf(card)) ?? 0) + 1);
  const groups = [...counts.values()].sort((x, y) => y - x);
  if (groups[0] === 4) return { combination: 'quads', ratio: table.quads };
  if (groups[0] === 2 && groups[1] === 2) return { combination: 'twoPair', ratio: table.twoPair };
  if (groups[0] === 3) return { combination: 'trips', ratio: table.trips };
  if (groups[0] === 2) return { combination: 'pair', ratio: table.pair };
  return NONE;
}
