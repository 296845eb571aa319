// The C wire layer (firmware-protocol/c/shoe_wire.c) against the normative vectors (PROTOCOL.md §12)
// and against the TypeScript deframer on the same bytes (a differential over random streams built
// from the vectors' frames, noise, cuts and bit flips): any disagreement fails. The C side runs as
// build/decode-stdin, compiled with AddressSanitizer and UBSan, so a memory error also fails.
import { execFileSync, spawnSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import fc from 'fast-check';
import { beforeAll, describe, expect, it } from 'vitest';
import { Deframer, encodeBody, fromHex, toHex, type Sender } from '../src/index.js';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const cdir = join(root, 'c');
const vectors = join(root, 'vectors');
const hasCc = spawnSync('cc', ['--version']).status === 0 && spawnSync('make', ['--version']).status === 0;

type Golden = { vectors: { name: string; from: Sender; body: string; wire: string }[] };
type Corrupt = { vectors: { name: string; from: Sender | null; wire: string; frames: { seq: number }[]; discarded: { reason: string; offset: number; length: number }[] }[] };
type Primitives = { crc32c: { input: string; crc: string }[]; cobs: { decoded: string; encoded: string }[] };
const load = <T>(f: string): T => JSON.parse(readFileSync(join(vectors, f), 'utf8')) as T;

/** Runs build/decode-stdin over command lines; one answer line each. */
function cRun(lines: string[]): string[] {
  const out = execFileSync(join(cdir, 'build', 'decode-stdin'), { input: lines.join('\n') + '\n', encoding: 'utf8', maxBuffer: 1 << 28 });
  const res = out.split('\n');
  res.pop();
  expect(res.length).toBe(lines.length);
  return res;
}

/** The TS deframer's results in decode-stdin's notation (whole stream in one push). */
function tsRun(from: Sender | null, wire: Uint8Array): string {
  const d = new Deframer(from ? { from } : {});
  const r = d.push(wire);
  const items: [number, string][] = [
    ...r.frames.map((f): [number, string] => [f.offset, `F:${f.offset}:${f.length}:${toHex(encodeBody(f))}`]),
    ...r.discarded.map((x): [number, string] => [
      x.offset,
      `D:${x.reason}:${x.offset}:${x.length}:${x.seq === undefined ? '-' : String(x.seq)}`,
    ]),
  ];
  return items.sort((a, b) => a[0] - b[0]).map((i) => i[1]).join(' ');
}

describe.skipIf(!hasCc)('C wire layer', () => {
  beforeAll(() => {
    execFileSync('make', ['-s', '-C', cdir, 'build/decode-stdin'], { stdio: 'pipe' });
  }, 120_000);

  it('computes every CRC-32C and COBS value of primitives.json', () => {
    const p = load<Primitives>('primitives.json');
    const crc = cRun(p.crc32c.map((v) => `crc ${v.input}`));
    expect(crc).toEqual(p.crc32c.map((v) => v.crc));
    const cobs = cRun(p.cobs.map((v) => `cobs ${v.decoded}`));
    expect(cobs).toEqual(p.cobs.map((v) => v.encoded));
  });

  it('encodes every golden frame to exactly its wire bytes and decodes it back to its body', () => {
    const g = load<Golden>('golden.json').vectors;
    expect(cRun(g.map((v) => `enc ${v.body}`))).toEqual(g.map((v) => v.wire));
    const dec = cRun(g.map((v) => `rx ${v.from} ${v.wire}`));
    expect(dec).toEqual(g.map((v) => `F:1:${v.wire.length / 2 - 1}:${v.body}`));
  });

  it('produces exactly the frames and discarded runs of corrupt.json', () => {
    const c = load<Corrupt>('corrupt.json').vectors;
    const out = cRun(c.map((v) => `rx ${v.from ?? 'any'} ${v.wire}`));
    c.forEach((v, i) => {
      const got = (out[i] as string).split(' ').filter(Boolean);
      const frames = got.filter((x) => x.startsWith('F:')).length;
      const discarded = got.filter((x) => x.startsWith('D:')).map((x) => x.split(':').slice(1, 4).join(':'));
      expect({ name: v.name, frames, discarded }).toEqual({ name: v.name, frames: v.frames.length, discarded: v.discarded.map((d) => `${d.reason}:${d.offset}:${d.length}`) });
    });
  });

  it('agrees with the TypeScript deframer on 3,000 random streams (frames, noise, cuts, bit flips)', () => {
    const pieces = [...load<Golden>('golden.json').vectors.map((v) => v.wire), ...load<Corrupt>('corrupt.json').vectors.map((v) => v.wire)].map(fromHex);
    const piece = fc.oneof(
      { weight: 4, arbitrary: fc.constantFrom(...pieces) },
      { weight: 1, arbitrary: fc.uint8Array({ maxLength: 80 }) },
      { weight: 1, arbitrary: fc.tuple(fc.constantFrom(...pieces), fc.nat(), fc.nat()).map(([p, a, b]) => p.subarray(Math.min(a, b) % (p.length + 1), Math.max(a, b) % (p.length + 1))) },
    );
    const stream = fc.tuple(
      fc.constantFrom<Sender | null>('shoe', 'controller', null),
      fc.array(piece, { maxLength: 12 }),
      fc.array(fc.tuple(fc.nat(), fc.integer({ min: 1, max: 255 })), { maxLength: 3 }),
    ).map(([from, ps, flips]) => {
      const bytes = new Uint8Array(ps.reduce((n, p) => n + p.length, 0));
      let o = 0;
      for (const p of ps) (bytes.set(p, o), (o += p.length));
      for (const [at, mask] of flips) if (bytes.length > 0) bytes[at % bytes.length] = (bytes[at % bytes.length] as number) ^ mask;
      return { from, bytes };
    });
    const cases = fc.sample(stream, { numRuns: 3000, seed: 20261204 });
    const c = cRun(cases.map((s) => `rx ${s.from ?? 'any'} ${toHex(s.bytes)}`));
    let compared = 0;
    cases.forEach((s, i) => {
      const ts = tsRun(s.from, s.bytes);
      if (c[i] !== ts) expect({ from: s.from, wire: toHex(s.bytes), c: c[i] }).toEqual({ from: s.from, wire: toHex(s.bytes), c: ts });
      compared++;
    });
    expect(compared).toBe(3000);
  });
});
