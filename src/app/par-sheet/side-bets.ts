// The side bets a rule set offers, each enumerated exactly (analysis/side-bet-odds.ts): for the par sheet
// in full, for a table's edge check only their returns.
import { pairsOdds, superMatchOdds, type SideBetOdds } from '../../analysis/side-bet-odds.js';
import type { RuleSet } from '../../rules/rule-set.js';

export interface SideBetReturn {
  readonly bet: SideBetOdds['bet'];
  /** Expected net per unit staked (return to player − 100 %). */
  readonly expectedReturn: number;
}

export function sideBetsOf(rules: RuleSet): SideBetOdds[] {
  return [rules.sideBets.pairs ? pairsOdds(rules) : null, rules.sideBets.superMatch ? superMatchOdds(rules) : null].filter((x): x is SideBetOdds => x !== null);
}

export function sideBetReturns(rules: RuleSet): SideBetReturn[] {
  return sideBetsOf(rules).map((s) => ({ bet: s.bet, expectedReturn: s.expectedReturn }));
}
