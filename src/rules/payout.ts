// Applying a payout ratio to a stake in integer minor units. A fractional minor unit is rounded
// down (house rounding), e.g. 3:2 on 5 pays 7.
import type { Ratio } from './rule-set.js';

export function payout(stake: number, [numerator, denominator]: Ratio): number {
  return Math.floor((stake * numerator) / denominator);
}

export function half(stake: number): number {
  return Math.floor(stake / 2);
}
