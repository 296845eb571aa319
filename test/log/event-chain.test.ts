/**
 * The canonical form and the hash are a published format (auditors re-implement them), so they
 * are pinned here: a change that breaks these vectors breaks every existing log's verification.
 */
import { createHash } from 'node:crypto';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { GENESIS_HASH, canonicalEnvelope, canonicalJson, hashEvent, sha256Hex } from '../../src/log/event-chain.js';
import type { UnsealedEvent } from '../../src/ports/event-store.js';

describe('canonical JSON (RFC 8785)', () => {
  it('sorts members by UTF-16 code units (the RFC 8785 section 3.2.3 example)', () => {
    const value = { '\u20ac': 'Euro Sign', '\r': 'Carriage Return', '\ufb33': 'Hebrew Letter Dalet With Dagesh', '1': 'One', '\ud83d\ude00': 'Emoji: Grinning Face', '\u0080': 'Control', '\u00f6': 'Latin Small Letter O With Diaeresis' };
    // Read the order off the text (Object.keys would put the integer-like key '1' first).
    const keys = [...canonicalJson(value).matchAll(/"((?:[^"\\]|\\.)*)":/g)].map((m) => JSON.parse(`"${m[1]}"`) as string);
    expect(keys).toEqual(['\r', '1', '\u0080', '\u00f6', '\u20ac', '\ud83d\ude00', '\ufb33']);
  });

  it('writes numbers and strings as ECMAScript does, without whitespace', () => {
    expect(canonicalJson({ b: [1e21, 1e-7, 0.000001, -0, 333333333.3333333, 4.5], a: 'x"\\\n\u0001é' })).toBe(
      '{"a":"x\\"\\\\\\n\\u0001é","b":[1e+21,1e-7,0.000001,0,333333333.3333333,4.5]}',
    );
  });

  it('names quoted once and kept give the same text, past the names kept too, in order or not', () => {
    // More distinct member names than the serialiser keeps quoted (a few thousand), some needing escapes.
    const names = Array.from({ length: 6000 }, (_, i) => (i % 7 === 0 ? `n"${i}\u00e9\n` : `n${i}`));
    const expected = `{${[...names].sort().map((n) => `${JSON.stringify(n)}:${n.length}`).join(',')}}`;
    for (const order of [[...names], [...names].sort(), [...names].sort().reverse()]) {
      expect(canonicalJson(Object.fromEntries(order.map((n) => [n, n.length])))).toBe(expected);
    }
  });

  it('refuses what is not JSON', () => {
    expect(() => canonicalJson({ a: Number.NaN })).toThrow(TypeError);
    expect(() => canonicalJson({ a: undefined })).toThrow(TypeError);
    const cyclic: Record<string, unknown> = {};
    cyclic['me'] = cyclic;
    expect(() => canonicalJson(cyclic)).toThrow(/cyclic/);
  });

  it('property: canonical form is stable through a JSON round trip and ignores member order', () => {
    fc.assert(
      fc.property(fc.jsonValue(), (value) => {
        const text = canonicalJson(value);
        expect(canonicalJson(JSON.parse(text))).toBe(text);
        if (value && typeof value === 'object' && !Array.isArray(value)) {
          const reversed = Object.fromEntries(Object.entries(value).reverse());
          expect(canonicalJson(reversed)).toBe(text);
        }
      }),
      { numRuns: 300 },
    );
  });
});

describe('event hash', () => {
  it('is sha256 over the canonical envelope without hash (golden vector)', () => {
    const event: UnsealedEvent = {
      tableId: 'T1',
      seq: 1,
      round: 0,
      monoTime: 123456789,
      wallTime: '2025-01-31T20:00:00.000Z',
      rulesId: 'sha256:5f1c0e9a',
      type: 'table.opened',
      data: { dealer: 'Ana', limits: { min: 5, max: 500 } },
      prevHash: GENESIS_HASH,
    };
    const canonical =
      '{"data":{"dealer":"Ana","limits":{"max":500,"min":5}},"monoTime":123456789,"prevHash":"0000000000000000000000000000000000000000000000000000000000000000","round":0,"rulesId":"sha256:5f1c0e9a","seq":1,"tableId":"T1","type":"table.opened","wallTime":"2025-01-31T20:00:00.000Z"}';
    expect(canonicalJson(event)).toBe(canonical);
    expect(sha256Hex(canonical)).toBe('7a1d0224aeac1d353dfcf60c5ab0eba4d8e3b17cdf21c6ffd2f6ed0df12818f5');
    expect(hashEvent(event)).toBe('7a1d0224aeac1d353dfcf60c5ab0eba4d8e3b17cdf21c6ffd2f6ed0df12818f5');
    // UTF-8, whatever digest function the runtime offers.
    expect(sha256Hex('é€😀')).toBe(createHash('sha256').update(Buffer.from('é€😀', 'utf8')).digest('hex'));
    // A `hash` field already on the object is never part of its own hash.
    expect(hashEvent({ ...event, hash: 'f'.repeat(64) } as UnsealedEvent)).toBe(hashEvent(event));
  });

  it('property: the fast envelope form equals the generic canonical form', () => {
    fc.assert(
      fc.property(
        fc.record({
          tableId: fc.string(),
          seq: fc.nat(),
          round: fc.nat(),
          monoTime: fc.double({ noNaN: true, noDefaultInfinity: true }),
          wallTime: fc.string(),
          rulesId: fc.string(),
          type: fc.string(),
          data: fc.dictionary(fc.string(), fc.jsonValue()),
          prevHash: fc.string(),
        }),
        (event) => {
          expect(canonicalEnvelope(event as UnsealedEvent)).toBe(canonicalJson(event));
        },
      ),
      { numRuns: 300 },
    );
    expect(() => canonicalEnvelope({ seq: '1' } as unknown as UnsealedEvent)).toThrow(TypeError);
  });
});
