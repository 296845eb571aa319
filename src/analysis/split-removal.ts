// The value of splitting a pair for a player who decides each hand from its own cards (a chart), with the
// card removal between the split hands exact.
//
// The split hands' cards come off one shuffled shoe. A hand's later draws, the other hands' later draws
// and the dealer's are looked at only by their own hand (the chart) or by nobody, and cards taken unseen
// change nothing in law (optional stopping: the share of each value among the cards left is a martingale;
// a value computed from a composition is the average over an unseen card removed). What IS looked at is
// each hand's second card: a second card of the pair's value is resplit while the lineage may grow, so
// the number of hands — and with it which hands are resplit — depends on earlier hands' second cards. So:
//  1. The second cards are followed as a sequence of classes, P (the pair's value) or not, while the lineage
//     may still grow: a hands were resplit (a P's drawn), b hands were finished with a non-P card; it stops
//     when every hand has its second card or the lineage is full (the rest draw unseen).
//  2. A hand finished before the lineage was full holds P and its own card c ≠ P, and the shoe lacks a P's,
//     c, and b−1 further cards known only to be non-P; a hand dealt after it was full holds P and a card
//     drawn from the shoe less the a P's and the b non-P cards.
//  3. "Less k cards known to be non-P" is reduced to removals of known cards by the identity
//     G(a, k−1) = p·G(a+1, k−1) + (1−p)·G(a, k)  (removing one unseen card: a P with probability p),
//     where G(a, k) is the hand's value with a more P's and k unknown non-P cards out.
// The hand's own value (hand-values.ts, cards drawn from the shoe less every card named) is exact for its
// composition, so the split's value is exact. Pure: no I/O, no clock, no randomness.
import { VALUE_SLOTS } from './deck-model.js';

export interface SplitModel {
  /** Cards of each value left (index value−1) once the up card and the player's two cards are out. */
  readonly shoe: readonly number[];
  /** The pair's value. */
  readonly pair: number;
  /** Whether a hand of P,P in a lineage of `hands` hands is split again (legal and chosen). */
  readonly resplits: (hands: number) => boolean;
  /** U of a split hand holding P and `second`, drawn from the shoe less `second` and `morePairs` more P's,
   *  the lineage having `hands` hands. */
  readonly handValue: (second: number, morePairs: number, hands: number) => number;
}

export function exactSplitValue(m: SplitModel): number {
  const P = m.pair;
  const S = m.shoe;
  const N = S.reduce((x, y) => x + y, 0);
  const nP = S[P - 1] as number;
  const nOther = N - nP;
  let full = 2;
  while (full < 16 && m.resplits(full)) full += 1;

  const memo = new Map<string, number>();
  /** The hand P,c with c, `a` more P's and `k` cards known only to be non-P out (H hands in the lineage). */
  const G = (c: number, a: number, k: number, H: number): number => {
    const key = `${c}|${a}|${k}|${H}`;
    const hit = memo.get(key);
    if (hit !== undefined) return hit;
    const pairsLeft = nP - a - (c === P ? 1 : 0);
    let u: number;
    if (pairsLeft < 0 || (S[c - 1] as number) - (c === P ? a : 0) <= 0) u = 0; // cannot happen: weighed by 0
    else if (k === 0) u = m.handValue(c, a, H);
    else {
      const size = N - 1 - a - (k - 1);
      const p = size > 0 ? pairsLeft / size : 0;
      u = p === 0 ? G(c, a, k - 1, H) : (G(c, a, k - 1, H) - p * G(c, a + 1, k - 1, H)) / (1 - p);
    }
    memo.set(key, u);
    return u;
  };
  const otherCards = (f: (c: number, share: number) => number): number => {
    let u = 0;
    for (let c = 1; c <= VALUE_SLOTS; c++) {
      const n = c === P ? 0 : (S[c - 1] as number);
      if (n > 0) u += f(c, n / nOther);
    }
    return u;
  };

  let value = 0;
  // Walk the classes of the second cards dealt while the lineage may grow: state (a, b) with its probability.
  let states = new Map<string, { a: number; b: number; p: number }>([['0|0', { a: 0, b: 0, p: 1 }]]);
  while (states.size > 0) {
    const next = new Map<string, { a: number; b: number; p: number }>();
    const add = (a: number, b: number, p: number) => {
      if (p === 0) return;
      const key = `${a}|${b}`;
      const s = next.get(key);
      if (s) s.p += p;
      else next.set(key, { a, b, p });
    };
    for (const { a, b, p } of states.values()) {
      const hands = 2 + a;
      const pending = hands - b;
      if (pending === 0 || hands >= full) {
        const before = b > 0 ? b * otherCards((c, share) => share * G(c, a, b - 1, hands)) : 0;
        let after = 0;
        if (pending > 0) {
          const q = (nP - a) / (N - a - b);
          after = pending * ((q > 0 ? q * G(P, a, b, hands) : 0) + (1 - q) * otherCards((c, share) => share * G(c, a, b, hands)));
        }
        value += p * (before + after);
        continue;
      }
      const pP = (nP - a) / (N - a - b);
      add(a + 1, b, p * pP);
      add(a, b + 1, p * (1 - pP));
    }
    states = next;
  }
  return value;
}
