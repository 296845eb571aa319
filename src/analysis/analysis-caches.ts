// The exact analysis' caches and their keys (hand-values.ts): a multiset of card values as one number, the
// value cache's key of a decision point, and the dealer's distributions kept side by side per deck and up
// card. Pure: no I/O, no clock, no randomness.
import { OUTCOMES } from './dealer-outcomes.js';
import { VALUE_SLOTS, type DeckModel } from './deck-model.js';

const KEY_BASE = 32;
const POW = Array.from({ length: VALUE_SLOTS }, (_, i) => KEY_BASE ** i);

/** A multiset of values as one number (counts base 32). */
export function multisetKey(values: readonly number[]): number {
  let k = 0;
  for (const v of values) k += POW[v - 1] as number;
  return k;
}

/** The number `ids` gives `key`: the next free one the first time it is met. */
export function idOf(ids: Map<number, number>, key: number): number {
  let id = ids.get(key);
  if (id === undefined) {
    id = ids.size;
    ids.set(key, id);
  }
  return id;
}

/** A decision point's cache key from its parts (UpCardAnalysis.decisionKey): 22 + 16 + 3 + 3 + 4 = 48 bits, an
 *  exact integer, or a string where a part does not fit its bits. Distinct parts, distinct keys. */
export function packDecisionKey(removedId: number, valuesId: number, flags: number, doubles: number, lineage: number): number | string {
  if (removedId >= 2 ** 22 || valuesId >= 2 ** 16 || flags > 7 || doubles > 7 || lineage > 15) return `${removedId}|${valuesId}|${flags}|${doubles}|${lineage}`;
  return (((removedId * 2 ** 16 + valuesId) * 8 + flags) * 8 + doubles) * 16 + lineage;
}

/** Dealer distributions by the cards out (their multiset key), OUTCOMES slots each, side by side in one array:
 *  a typed array of its own per distribution cost an off-heap buffer each, and the collector's time with it
 *  (a sixth of the switch analysis' time went to garbage collection). */
export class DealerCache {
  readonly at = new Map<number, number>();
  slots = new Float64Array(OUTCOMES * 1024);
  used = 0;

  /** Where a new distribution goes (the array doubled when full). */
  claim(key: number): number {
    const at = this.used;
    if (at + OUTCOMES > this.slots.length) {
      const bigger = new Float64Array(this.slots.length * 2);
      bigger.set(this.slots);
      this.slots = bigger;
    }
    this.used = at + OUTCOMES;
    this.at.set(key, at);
    return at;
  }
}

const dealerCaches = new WeakMap<DeckModel, Map<number, DealerCache>>();

/** Dealer distributions depend only on the shoe and the cards out: analyses of one deck share them. */
export function sharedDealerCache(deck: DeckModel, up: number): DealerCache {
  let byUp = dealerCaches.get(deck);
  if (!byUp) dealerCaches.set(deck, (byUp = new Map()));
  let cache = byUp.get(up);
  if (!cache) byUp.set(up, (cache = new DealerCache()));
  return cache;
}

/** Forgets the dealer distributions kept for this deck and up card (an analysis done with an up card lets
 *  them go: the whole shoe's worth at once held 300 MB and more). */
export function releaseDealerCache(deck: DeckModel, up: number): void {
  dealerCaches.get(deck)?.delete(up);
}
