// What a finished hand wins or loses against each dealer outcome, per unit of the original stake —
// the settlement of src/rules/settle-hand.ts (`settleWager`) restated over dealer outcomes (a test holds
// the two together). Rounding of minor units is left out: the return is a ratio of stakes.
// Pure: no I/O, no clock, no randomness.
import type { RuleSet } from '../rules/rule-set.js';
import { OUT_22, OUT_BLACKJACK, OUT_BUST, OUTCOMES } from './dealer-outcomes.js';

export const ratioValue = ([n, d]: readonly [number, number]): number => n / d;

export interface StandingHand {
  readonly total: number;
  /** Stake in units of the original bet (2 after a double, 3 after a triple). */
  readonly stake: number;
  /** classic 777, paid whatever the dealer holds. */
  readonly threeSevens: boolean;
  /** 17+4: five picture cards count as blackjack. */
  readonly pictureBlackjack: boolean;
  /** A hand made by splitting (european original-bet-only returns its stake against a dealer blackjack). */
  readonly splitOffspring: boolean;
}

/** Net per original unit of `hand` against dealer outcome slot `o` (see dealer-outcomes.ts). */
export function standingPayoff(rules: RuleSet, hand: StandingHand, o: number): number {
  const { stake } = hand;
  if (hand.total > 21) return -stake;
  if (hand.pictureBlackjack) return o === OUT_BLACKJACK ? 0 : stake * ratioValue(rules.blackjack.pays);
  const sevens = rules.hand.threeSevensPays;
  if (sevens !== undefined && hand.threeSevens) return stake * ratioValue(sevens);
  if (o === OUT_BLACKJACK) {
    if (rules.blackjack.dealerBlackjackTakes === 'originalOnly') return hand.splitOffspring ? 0 : -1;
    return -stake;
  }
  const win = stake * ratioValue(rules.payouts.win);
  if (o === OUT_22) return rules.dealer.push22 ? 0 : win;
  if (o === OUT_BUST) return win;
  if (hand.total > o) return win;
  if (hand.total === o) return 0;
  return -stake;
}

/** The payoff vector of a standing hand over every outcome slot. */
export function payoffVector(rules: RuleSet, hand: StandingHand): Float64Array {
  const v = new Float64Array(OUTCOMES);
  for (let o = 0; o < OUTCOMES; o++) v[o] = standingPayoff(rules, hand, o);
  return v;
}
