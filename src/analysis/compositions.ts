// Multisets of card values drawn from a shoe and their exact probabilities. Pure.
import { VALUE_SLOTS } from './deck-model.js';

export interface Composition {
  /** Values ascending. */
  readonly values: readonly number[];
  /** Probability of drawing exactly this multiset in `size` draws (any order). */
  readonly probability: number;
}

/** Every multiset of `size` values from `shoe` (counts per value, index value-1) with its probability. */
export function compositions(shoe: readonly number[], size: number): Composition[] {
  const total = shoe.reduce((a, b) => a + b, 0);
  const out: Composition[] = [];
  const counts = shoe.slice();
  const walk = (from: number, picked: number[], p: number, left: number): void => {
    if (picked.length === size) {
      out.push({ values: picked.slice(), probability: p * multinomialOrderings(picked) });
      return;
    }
    for (let i = from; i < VALUE_SLOTS; i++) {
      const n = counts[i] as number;
      if (n === 0) continue;
      counts[i] = n - 1;
      picked.push(i + 1);
      walk(i, picked, (p * n) / left, left - 1);
      picked.pop();
      counts[i] = n;
    }
  };
  walk(0, [], 1, total);
  return out;
}

/** Orderings of a sorted multiset: n! / prod(k_v!). */
function multinomialOrderings(sorted: readonly number[]): number {
  let result = 1;
  let run = 1;
  for (let i = 1; i <= sorted.length; i++) {
    result *= i;
    if (i < sorted.length && sorted[i] === sorted[i - 1]) {
      run += 1;
      result /= run;
    } else run = 1;
  }
  return result;
}
