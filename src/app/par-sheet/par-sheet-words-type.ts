// The shape of a par sheet's catalogue (par-sheet-words.ts): every language fills every entry, which the
// compiler checks and a test compares key by key.
import type { SideBetOdds } from '../../analysis/side-bet-odds.js';

export type BetName = 'main' | 'insurance' | SideBetOdds['bet'] | 'behind';

export interface ParSheetWords {
  /** The bets by name, as a reader calls them. */
  readonly betNames: Record<BetName, string>;
  /** A table opening on a rule set whose main game pays the player (its log's WARN line). */
  tablePaysMain(expectedReturn: number, rulesPath: string): string;
  /** The same for a side bet returning over 100 %. */
  tablePaysSideBet(bet: string, expectedReturn: number, rulesPath: string): string;
}
