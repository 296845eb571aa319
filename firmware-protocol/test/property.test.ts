// Property (PROTOCOL.md §3.3, §11): whatever the chunking, noise and in-frame corruption, the
// deframer never crashes and never invents a card: the cards that come out are exactly the
// frames that were encoded and left intact, in order, each once. 100,000+ random chunks in all.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { Deframer, encodeFrame, RANKS, SUITS, type Card } from '../src/index.js';

const card = fc.tuple(fc.constantFrom(...RANKS), fc.constantFrom(...SUITS)).map(([r, s]) => `${r}${s}` as Card);

/** One frame on the wire, optionally corrupted inside its COBS block, then optional noise. */
const item = fc.record({
  card,
  confidence: fc.integer({ min: 0, max: 100 }),
  rescan: fc.boolean(),
  /** Corruptions applied inside the COBS block (never to the delimiters): [position, xor mask]. */
  corrupt: fc.oneof({ weight: 4, arbitrary: fc.constant<[number, number][]>([]) }, { weight: 1, arbitrary: fc.array(fc.tuple(fc.nat(), fc.integer({ min: 1, max: 255 })), { minLength: 1, maxLength: 4 }) }),
  noise: fc.oneof({ weight: 2, arbitrary: fc.constant(new Uint8Array(0)) }, { weight: 1, arbitrary: fc.uint8Array({ maxLength: 40 }) }),
});

const TOTAL_CHUNKS_REQUIRED = 100_000;
const RUNS = 450;

describe('deframer property', () => {
  it(`never invents, reorders or repeats a card over ${TOTAL_CHUNKS_REQUIRED.toLocaleString('en')}+ random chunks`, () => {
    let totalChunks = 0;
    fc.assert(
      fc.property(
        fc.array(item, { minLength: 30, maxLength: 60 }),
        fc.array(fc.integer({ min: 1, max: 5 }), { minLength: 50, maxLength: 100 }),
        fc.integer({ min: 1, max: 60_000 }),
        (items, chunkSizes, firstSeq) => {
          const parts: Uint8Array[] = [];
          const intact: { seq: number; card: Card; drawIndex: number }[] = [];
          const sent = new Map<number, { card: Card; drawIndex: number; confidence: number; rescan: boolean }>();
          items.forEach((it, i) => {
            const seq = firstSeq + i;
            const drawIndex = i + 1;
            const wire = encodeFrame({ seq, message: { type: 'CARD_DRAWN', drawIndex, card: it.card, confidence: it.confidence, rescan: it.rescan } });
            const inner = wire.length - 2;
            let changed = false;
            for (const [pos, mask] of it.corrupt) {
              const at = 1 + (pos % inner);
              wire[at] = (wire[at] as number) ^ mask;
              changed = true;
            }
            sent.set(seq, { card: it.card, drawIndex, confidence: it.confidence, rescan: it.rescan });
            if (!changed) intact.push({ seq, card: it.card, drawIndex });
            parts.push(wire, it.noise);
          });
          const stream = Uint8Array.from(parts.flatMap((p) => [...p]));

          const d = new Deframer({ from: 'shoe' });
          const out: { seq: number; card: Card; drawIndex: number }[] = [];
          let pos = 0;
          let k = 0;
          while (pos < stream.length) {
            const n = chunkSizes[k++ % chunkSizes.length] as number;
            const r = d.push(stream.subarray(pos, pos + n));
            pos += n;
            totalChunks++;
            for (const f of r.frames) {
              if (f.message.type !== 'CARD_DRAWN') continue; // noise may, in theory, form another type
              out.push({ seq: f.seq, card: f.message.card, drawIndex: f.message.drawIndex });
              // No invented card: it is exactly what was encoded under that seq.
              const orig = sent.get(f.seq);
              expect(orig).toBeDefined();
              expect({ card: f.message.card, drawIndex: f.message.drawIndex, confidence: f.message.confidence, rescan: f.message.rescan }).toEqual(orig);
            }
          }
          // In order, each once.
          for (let i = 1; i < out.length; i++) expect((out[i] as { seq: number }).seq).toBeGreaterThan((out[i - 1] as { seq: number }).seq);
          // Every frame left intact arrives (noise and corrupted neighbours cannot swallow it, §3.1).
          const got = new Set(out.map((o) => o.seq));
          for (const f of intact) expect(got.has(f.seq)).toBe(true);
        },
      ),
      { numRuns: RUNS },
    );
    expect(totalChunks).toBeGreaterThanOrEqual(TOTAL_CHUNKS_REQUIRED);
  });
});
