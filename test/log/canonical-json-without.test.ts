// canonicalJsonWithout (src/log/canonical-json.ts): the text canonicalJson gives the record's copy without
// one member, character for character, whatever the members' order, however many orders one group meets,
// and the same TypeError where the copy is not JSON. Verify's re-run compares every derived fact so.
import { describe, expect, test } from 'vitest';
import { canonicalJson, canonicalJsonWithout, isCanonicalJsonWithout } from '../../src/log/canonical-json.js';
import { mulberry32 } from '../../src/random/prng.js';

/** What canonicalJsonWithout must equal: canonicalJson of the copy the spread leaves. */
function reference(record: Record<string, unknown>, omitted: string): string {
  const { [omitted]: _gone, ...rest } = record;
  return canonicalJson(rest);
}

const NAMES = ['type', 'round', 'seat', 'hand', 'card', 'total', 'é', 'z', 'Z', '10', '2', '\u{1F600}', '\uFB01', 'a b', 'q"uote'];

/** A record of random members in a random order, values of every JSON kind, nested a little. */
function randomRecord(next: () => number, depth = 0): Record<string, unknown> {
  const names = [...NAMES].sort(() => next() - 0.5).slice(0, 1 + Math.floor(next() * NAMES.length));
  const record: Record<string, unknown> = {};
  for (const name of names) record[name] = randomValue(next, depth);
  return record;
}

function randomValue(next: () => number, depth: number): unknown {
  const kind = Math.floor(next() * (depth < 2 ? 8 : 6));
  switch (kind) {
    case 0: return null;
    case 1: return next() < 0.5;
    case 2: return Math.floor(next() * 2000) - 1000;
    case 3: return [1e21, 1e-7, -0, 0.1 + 0.2, 4.5, 65_535, 65_536, 2 ** 53, -1][Math.floor(next() * 9)];
    case 4: return ['7H', 'Дилер "Ё"', 'line\nbreak', '\u0001', '', 'a string longer than thirty-two characters, "quoted"'][Math.floor(next() * 6)];
    case 5: return 'p' + Math.floor(next() * 9);
    case 6: return Array.from({ length: Math.floor(next() * 4) }, () => randomValue(next, depth + 1));
    default: return randomRecord(next, depth + 1);
  }
}

describe('canonicalJsonWithout', () => {
  test('a fact as the engine writes it: its data as canonicalJson writes the fact without its type', () => {
    const fact = { type: 'card.dealt', round: 25, seat: 1, hand: 0, card: '2D', total: 2 };
    expect(canonicalJsonWithout(fact, 'type', fact.type)).toBe('{"card":"2D","hand":0,"round":25,"seat":1,"total":2}');
    expect(canonicalJsonWithout(fact, 'type', fact.type)).toBe(reference(fact, 'type'));
  });

  test('3,000 random records, many orders of the same names under one group: always the reference text', () => {
    const next = mulberry32(2026);
    for (let i = 0; i < 3000; i += 1) {
      const record = randomRecord(next);
      // Few groups, so each meets many lists of names: past the kept bound some are sorted afresh.
      const group = `g${i % 3}`;
      expect(canonicalJsonWithout(record, 'type', group)).toBe(reference(record, 'type'));
      expect(canonicalJsonWithout(record, 'seat', group)).toBe(reference(record, 'seat'));
    }
  });

  test('the same names in another order under the same group: each order gives its own sorted text', () => {
    const a = { type: 't', b: 1, a: 2 };
    const b = { type: 't', a: 2, b: 1 };
    const c = { type: 't', a: 2, b: 1, c: [{ y: 1, x: 2 }] };
    for (const record of [a, b, c, a]) expect(canonicalJsonWithout(record, 'type', 'same')).toBe(reference(record, 'type'));
    expect(canonicalJsonWithout({ type: 't' }, 'type', 'same')).toBe('{}');
    expect(canonicalJsonWithout({ a: 1 }, 'type', 'same')).toBe('{"a":1}');
  });

  test('not JSON: the same TypeError as canonicalJson of the copy', () => {
    for (const bad of [{ type: 'x', a: undefined }, { type: 'x', a: Number.NaN }, { type: 'x', a: { b: () => 1 } }, { type: 'x', a: [Number.POSITIVE_INFINITY] }]) {
      const expected = (() => {
        try {
          reference(bad, 'type');
          return 'no error';
        } catch (err) {
          return (err as Error).message;
        }
      })();
      expect(expected).not.toBe('no error');
      expect(() => canonicalJsonWithout(bad, 'type', 'bad')).toThrow(new TypeError(expected));
    }
  });

  test('isCanonicalJsonWithout: true for the reference text, false for the text changed anywhere by a character', () => {
    const next = mulberry32(2027);
    const edits = ['', ' ', '0', '"', ',', '}', '{', 'a', ':'];
    for (let i = 0; i < 1500; i += 1) {
      const record = randomRecord(next);
      const group = `h${i % 3}`;
      const text = reference(record, 'type');
      expect(isCanonicalJsonWithout(record, 'type', group, text)).toBe(true);
      for (let k = 0; k < 4; k += 1) {
        const at = Math.floor(next() * (text.length + 1));
        const changed = text.slice(0, at) + (edits[Math.floor(next() * edits.length)] as string) + text.slice(at + (next() < 0.6 ? 1 : 0));
        expect(isCanonicalJsonWithout(record, 'type', group, changed), changed).toBe(changed === text);
      }
      expect(isCanonicalJsonWithout(record, 'type', group, `${text}}`)).toBe(false);
      expect(isCanonicalJsonWithout(record, 'type', group, text.slice(0, -1))).toBe(false);
    }
    expect(isCanonicalJsonWithout({ type: 't' }, 'type', 'same', '{}')).toBe(true);
    expect(isCanonicalJsonWithout({ type: 't' }, 'type', 'same', '{')).toBe(false);
    expect(isCanonicalJsonWithout({ type: 't' }, 'type', 'same', '')).toBe(false);
  });
});
