// Deframer streaming behaviour (PROTOCOL.md §3.3, §11): chunking never changes the result,
// garbage between frames never yields a message, and every byte is accounted for.
import { readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { Deframer, encodeFrame, fromHex, MAX_ENCODED_BYTES, type DecodedFrame, type DiscardedBytes, type Message, type Sender } from '../src/index.js';

const dir = join(dirname(fileURLToPath(import.meta.url)), '..', 'vectors');
const golden = (JSON.parse(readFileSync(join(dir, 'golden.json'), 'utf8')) as { vectors: { name: string; from: Sender; seq: number; message: Message; wire: string }[] }).vectors;

function pushAll(d: Deframer, chunks: Uint8Array[]): { frames: DecodedFrame[]; discarded: DiscardedBytes[] } {
  const frames: DecodedFrame[] = [];
  const discarded: DiscardedBytes[] = [];
  for (const c of chunks) {
    const r = d.push(c);
    frames.push(...r.frames);
    discarded.push(...r.discarded);
  }
  return { frames, discarded };
}

/** Deterministic pseudo-random bytes (xorshift32), so failures reproduce. */
function noise(seed: number, n: number): Uint8Array {
  let x = seed | 1;
  const out = new Uint8Array(n);
  for (let i = 0; i < n; i++) {
    x ^= x << 13;
    x ^= x >>> 17;
    x ^= x << 5;
    out[i] = x & 0xff;
  }
  return out;
}

describe('chunking', () => {
  it.each(golden.map((g) => [g.name, g] as const))('%s: split at every byte boundary decodes the same', (_n, g) => {
    const wire = fromHex(g.wire);
    for (let cut = 0; cut <= wire.length; cut++) {
      const d = new Deframer({ from: g.from });
      const r = pushAll(d, [wire.subarray(0, cut), wire.subarray(cut)]);
      expect(r.discarded).toEqual([]);
      expect(r.frames.map((f) => ({ seq: f.seq, message: f.message }))).toEqual([{ seq: g.seq, message: g.message }]);
      expect(d.pending).toBe(0);
    }
  });

  it('decodes the whole golden stream fed one byte at a time, and at every two-way split', () => {
    const stream = Uint8Array.from(golden.flatMap((g) => [...fromHex(g.wire)]));
    const expected = golden.map((g) => ({ seq: g.seq, message: g.message }));
    const bytewise = pushAll(new Deframer(), [...stream].map((b) => Uint8Array.of(b)));
    expect(bytewise.frames.map((f) => ({ seq: f.seq, message: f.message }))).toEqual(expected);
    for (let cut = 0; cut <= stream.length; cut += 7) {
      const r = pushAll(new Deframer(), [stream.subarray(0, cut), stream.subarray(cut)]);
      expect(r.frames.length).toBe(expected.length);
      expect(r.discarded).toEqual([]);
    }
  });

  it('reports the same offsets whatever the chunking', () => {
    const stream = Uint8Array.from(golden.flatMap((g) => [...fromHex(g.wire)]));
    const once = pushAll(new Deframer(), [stream]).frames.map((f) => [f.offset, f.length]);
    const bytewise = pushAll(new Deframer(), [...stream].map((b) => Uint8Array.of(b))).frames.map((f) => [f.offset, f.length]);
    expect(bytewise).toEqual(once);
  });
});

describe('garbage', () => {
  it('random garbage between frames never yields a message, and every frame survives it', () => {
    const frames = golden.filter((g) => g.from === 'shoe');
    for (let seed = 1; seed <= 300; seed++) {
      const parts: Uint8Array[] = [];
      for (const [i, g] of frames.entries()) {
        parts.push(noise(seed * 1000 + i, (seed * 7 + i * 13) % 97));
        parts.push(fromHex(g.wire));
      }
      parts.push(noise(seed, 50));
      const stream = Uint8Array.from(parts.flatMap((p) => [...p]));
      const d = new Deframer({ from: 'shoe' });
      const r = pushAll(d, [stream]);
      expect(r.frames.map((f) => ({ seq: f.seq, message: f.message }))).toEqual(frames.map((g) => ({ seq: g.seq, message: g.message })));
      const accounted = r.frames.reduce((n, f) => n + f.length, 0) + r.discarded.reduce((n, x) => n + x.length, 0) + d.stats.idleDelimiters + d.pending;
      expect(accounted).toBe(stream.length);
    }
  });

  it('garbage alone yields no frame, whatever its length', () => {
    for (let seed = 1; seed <= 200; seed++) {
      const d = new Deframer();
      const r = d.push(noise(seed, 1 + ((seed * 37) % 500)));
      expect(r.frames).toEqual([]);
    }
  });

  it('skips an endless run without a delimiter and reports every byte as oversize', () => {
    const d = new Deframer();
    let reported = 0;
    for (let i = 0; i < 100; i++) {
      const r = d.push(new Uint8Array(50).fill(0x41));
      expect(r.frames).toEqual([]);
      for (const x of r.discarded) {
        expect(x.reason).toBe('oversize');
        reported += x.length;
      }
    }
    expect(reported + d.pending).toBe(5000);
    expect(d.pending).toBe(0);
    const good = encodeFrame({ seq: 1, message: { type: 'CARD_DRAWN', drawIndex: 1, card: 'AS', confidence: 99, rescan: false } });
    const r = d.push(good);
    expect(r.frames).toHaveLength(1);
    expect(r.discarded).toEqual([{ reason: 'oversize', offset: 5000, length: 1, bytes: Uint8Array.of(0), detail: 'skipped to the next delimiter' }]);
    expect(MAX_ENCODED_BYTES).toBe(65);
  });

  it('reset() reports a pending partial frame as truncated', () => {
    const good = encodeFrame({ seq: 3, message: { type: 'CUT_CARD_SEEN', drawIndex: 200 } });
    const d = new Deframer();
    d.push(good.subarray(0, 6));
    expect(d.pending).toBe(5);
    const r = d.reset();
    expect(r.discarded.map((x) => [x.reason, x.offset, x.length])).toEqual([['truncated', 1, 5]]);
    expect(d.push(good).frames).toHaveLength(1);
  });

  it('keeps the CRC-verified header of a rejected frame so the link can NAK it', () => {
    const d = new Deframer({ from: 'controller' });
    const r = d.push(encodeFrame({ seq: 9, message: { type: 'CARD_DRAWN', drawIndex: 1, card: 'AS', confidence: 99, rescan: false } }));
    expect(r.discarded[0]).toMatchObject({ reason: 'wrong-direction', msgId: 0x10, seq: 9 });
  });
});
