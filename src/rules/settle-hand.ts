// Settling a hand against the dealer (payouts per rule set, docs/rules.md; switch dealer-22 push; european dealer
// blackjack takes all stakes or the original bet only; classic bonuses). Pure.
import { handTotalOf } from './hand-total.js';
import { isSuitedBlackjack, isThreeSevens, naturalKind, type Hand, type Wager } from './hand.js';
import { payout, half } from './payout.js';
import type { RuleSet } from './rule-set.js';
import type { Card } from './cards.js';

export const OUTCOMES = ['win', 'lose', 'push', 'blackjack', 'surrender', 'evenMoney', 'void'] as const;
export type Outcome = (typeof OUTCOMES)[number];

export interface WagerResult {
  readonly outcome: Outcome;
  /** Signed gain excluding the returned stake. */
  readonly net: number;
}

export interface DealerResult {
  readonly cards: readonly Card[];
  /** The dealer holds blackjack (two-card 21). */
  readonly natural: boolean;
}

/** classic: three sevens are paid their bonus whatever the dealer holds (the project's reading of seed 000
 *  part 2), so such a hand no longer depends on the dealer's total. */
export function paidWhateverTheDealerHolds(hand: Pick<Hand, 'cards'>, rules: RuleSet): boolean {
  return rules.hand.threeSevensPays !== undefined && isThreeSevens(hand.cards);
}

export function settleWager(hand: Hand, wager: Wager, dealer: DealerResult, rules: RuleSet): WagerResult {
  const stake = wager.stake;
  if (hand.status === 'surrendered') return { outcome: 'surrender', net: -half(stake) };
  if (hand.status === 'evenMoney') return { outcome: 'evenMoney', net: wager.original };
  const natural = naturalKind(hand, rules);
  if (natural === 'pairOfAces') return { outcome: 'blackjack', net: payout(stake, rules.blackjack.pays) };
  const player = handTotalOf(hand.cards, rules);
  if (player > 21) return { outcome: 'lose', net: -stake };
  if (natural === 'blackjack') {
    if (dealer.natural) return { outcome: 'push', net: 0 };
    const suited = rules.blackjack.suitedPays;
    const ratio = suited !== undefined && isSuitedBlackjack(hand.cards) ? suited : rules.blackjack.pays;
    return { outcome: 'blackjack', net: payout(stake, ratio) };
  }
  const sevens = rules.hand.threeSevensPays;
  if (sevens !== undefined && paidWhateverTheDealerHolds(hand, rules)) return { outcome: 'win', net: payout(stake, sevens) };
  if (dealer.natural) {
    if (rules.blackjack.dealerBlackjackTakes === 'originalOnly') {
      // Original bet only: doubles and the stakes of hands made by splitting are returned.
      return hand.index !== hand.origin ? { outcome: 'push', net: 0 } : { outcome: 'lose', net: -wager.original };
    }
    return { outcome: 'lose', net: -stake };
  }
  const dealerTotal = handTotalOf(dealer.cards, rules);
  if (dealerTotal > 21) {
    if (rules.dealer.push22 && dealerTotal === 22) return { outcome: 'push', net: 0 };
    return { outcome: 'win', net: payout(stake, rules.payouts.win) };
  }
  if (player > dealerTotal) return { outcome: 'win', net: payout(stake, rules.payouts.win) };
  if (player === dealerTotal) return { outcome: 'push', net: 0 };
  return { outcome: 'lose', net: -stake };
}
