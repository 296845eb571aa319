// Exact probabilities of the dealer's final hand for a shoe composition: the dealer rule of the
// rule set (stands on 17, hits soft 17 where it says so, stops at five cards in classic), the hole card
// (peek on A / ten: a dealer blackjack is excluded, so the probabilities sum to P(no dealer blackjack)),
// no hole card (european: blackjack is an outcome), a total of 22 kept apart (switch pushes on it).
// Pure: no I/O, no clock, no randomness.
import type { RuleSet } from '../rules/rule-set.js';
import { VALUE_SLOTS } from './deck-model.js';

/** Outcome slots: 0..21 a final total (below 17 only with a card limit), 22, 23 = more than 22, 24 = blackjack. */
export const OUT_22 = 22;
export const OUT_BUST = 23;
export const OUT_BLACKJACK = 24;
export const OUTCOMES = 25;

export interface DealerRule {
  readonly standOn: number;
  readonly hitSoft17: boolean;
  readonly maxCards: number;
  /** The dealer peeked with this up card: hole cards making blackjack cannot be there. */
  readonly peeked: boolean;
}

export function dealerRule(rules: RuleSet, upValue: number): DealerRule {
  const upClass = upValue === 1 ? 'ace' : upValue === 10 ? 'ten' : null;
  const peeked = rules.dealer.holeCard && upClass !== null && rules.dealer.peekOn.includes(upClass);
  return { standOn: rules.dealer.standOn, hitSoft17: rules.dealer.hitSoft17, maxCards: rules.hand.maxCards ?? 99, peeked };
}


/**
 * Fills `out` with the probability of each final dealer outcome, the dealer holding `upValue` and drawing
 * from `shoe` (counts per value, index value-1; the up card already removed). Unnormalised under a peek.
 * The dealer's hands are walked once per multiset of cards drawn (memoised), not once per order. Written from
 * index `at` (OUTCOMES slots): many distributions can lie side by side in one array (analysis-caches.ts).
 */
export function dealerOutcomes(shoe: readonly number[], upValue: number, rule: DealerRule, out: Float64Array, at = 0): void {
  solver.solve(shoe, upValue, rule, out, at);
}

class DealerSolver {
  private readonly counts = new Int32Array(VALUE_SLOTS);
  // A dealer hand that still draws has a hard total below `standOn`, which bounds how many of each value it
  // holds: its cards index a flat table directly (mixed radix), stamped per solve instead of cleared.
  private radix: number[] = [];
  private stamp = new Int32Array(0);
  private slotOf = new Int32Array(0);
  private generation = 0;
  private standOn = -1;
  private pool = new Float64Array(4096 * OUTCOMES);
  private used = 0;
  private low = 17;
  private width = OUTCOMES - 17;
  private rule: DealerRule = { standOn: 17, hitSoft17: false, maxCards: 99, peeked: false };

  solve(shoe: readonly number[], upValue: number, rule: DealerRule, out: Float64Array, at: number): void {
    let size = 0;
    for (let i = 0; i < VALUE_SLOTS; i++) {
      this.counts[i] = shoe[i] as number;
      size += shoe[i] as number;
    }
    this.rule = rule;
    // Without a card limit every final total is 17 or more: the vectors keep slots 17..24 only.
    this.low = rule.maxCards < 99 ? 0 : 17;
    this.width = OUTCOMES - this.low;
    if (rule.standOn !== this.standOn) this.index(rule.standOn);
    this.generation += 1;
    this.used = 0;
    const slot = this.state(upValue, upValue === 1, 1, size, 0);
    out.fill(0, at, at + OUTCOMES);
    for (let o = 0; o < this.width; o++) out[at + this.low + o] = this.pool[slot * this.width + o] as number;
  }

  private index(standOn: number): void {
    const maxHard = Math.max(standOn - 1, 7);
    let size = 1;
    this.radix = [];
    for (let i = 0; i < VALUE_SLOTS; i++) {
      this.radix.push(size);
      size *= Math.floor(maxHard / (i + 1)) + 1;
    }
    this.stamp = new Int32Array(size);
    this.slotOf = new Int32Array(size);
    this.standOn = standOn;
  }

  /** Terminal outcome slot of a dealer hand, or -1 when the dealer draws. */
  private terminal(hard: number, ace: boolean, cards: number): number {
    const soft = ace && hard + 10 <= 21;
    const total = soft ? hard + 10 : hard;
    if (cards === 2 && total === 21) return OUT_BLACKJACK;
    if (total > 21) return total === 22 ? OUT_22 : OUT_BUST;
    const r = this.rule;
    const mustDraw = cards < 2 || (cards < r.maxCards && (total < r.standOn || (total === 17 && soft && r.hitSoft17)));
    return mustDraw ? -1 : total;
  }

  /** The outcome distribution from a dealer hand that must draw; returns its slot in the pool. */
  private state(hard: number, ace: boolean, cards: number, left: number, key: number): number {
    if (this.stamp[key] === this.generation) return this.slotOf[key] as number;
    const slot = this.used++;
    this.stamp[key] = this.generation;
    this.slotOf[key] = slot;
    const width = this.width;
    if ((slot + 1) * width > this.pool.length) {
      const bigger = new Float64Array(this.pool.length * 2);
      bigger.set(this.pool);
      this.pool = bigger;
    }
    const base = slot * width;
    this.pool.fill(0, base, base + width);
    const counts = this.counts;
    for (let i = 0; i < VALUE_SLOTS; i++) {
      const n = counts[i] as number;
      if (n === 0) continue;
      const v = i + 1;
      // Under a peek the hole card cannot make blackjack: those paths are left out (unnormalised).
      if (cards === 1 && this.rule.peeked && ((v === 1 && hard === 10) || (v === 10 && hard === 1))) continue;
      const p = n / left;
      const nh = hard + v;
      const na = ace || v === 1;
      const end = this.terminal(nh, na, cards + 1);
      if (end >= 0) {
        this.pool[base + end - this.low] = (this.pool[base + end - this.low] as number) + p;
        continue;
      }
      counts[i] = n - 1;
      const child = this.state(nh, na, cards + 1, left - 1, key + (this.radix[i] as number));
      counts[i] = n;
      const pool = this.pool;
      const cb = child * width;
      for (let o = 0; o < width; o++) pool[base + o] = (pool[base + o] as number) + p * (pool[cb + o] as number);
    }
    return slot;
  }
}

const solver = new DealerSolver();

/** P(no dealer blackjack under the peek) for this shoe: the mass `dealerOutcomes` spreads. */
export function noBlackjackMass(shoe: readonly number[], upValue: number, rule: DealerRule): number {
  if (!rule.peeked) return 1;
  let size = 0;
  for (let i = 0; i < VALUE_SLOTS; i++) size += shoe[i] as number;
  const completing = upValue === 1 ? (shoe[9] as number) : upValue === 10 ? (shoe[0] as number) : 0;
  return 1 - completing / size;
}
