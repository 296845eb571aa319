// The exact analysis' value cache key (src/analysis/analysis-caches.ts packDecisionKey): two decision points
// share a key only if every part is the same — or one of them would be given the other's value. Parts at
// and past the edges of their bits (where the key becomes a string) are asked beside ordinary ones, every
// pair compared.
import { describe, expect, test } from 'vitest';
import { packDecisionKey } from '../../src/analysis/analysis-caches.js';

const edges = (bits: number) => [0, 1, 2, 2 ** bits - 2, 2 ** bits - 1, 2 ** bits, 2 ** bits + 1];

describe('the exact analysis\'s decision key', () => {
  test('distinct parts give distinct keys, as a number where they fit and as a string past that', () => {
    const seen = new Map<number | string, string>();
    let numbers = 0;
    let strings = 0;
    for (const removedId of edges(22)) {
      for (const valuesId of edges(16)) {
        for (const flags of edges(3)) {
          for (const doubles of edges(3)) {
            for (const lineage of edges(4)) {
              const parts = `${removedId}/${valuesId}/${flags}/${doubles}/${lineage}`;
              const key = packDecisionKey(removedId, valuesId, flags, doubles, lineage);
              if (typeof key === 'number') {
                expect(Number.isSafeInteger(key), parts).toBe(true);
                numbers += 1;
              } else strings += 1;
              expect(seen.get(key), `${parts} shares its key`).toBeUndefined();
              seen.set(key, parts);
            }
          }
        }
      }
    }
    expect(numbers).toBe(5 ** 5);
    expect(strings).toBe(7 ** 5 - 5 ** 5);
  });
});
