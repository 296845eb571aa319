// Every committed vector (PROTOCOL.md §12) decodes and encodes exactly; primitives match.
import { readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import {
  cobsDecode,
  cobsEncode,
  crc32c,
  decodeFrame,
  Deframer,
  encodeBody,
  encodeFrame,
  fromHex,
  MESSAGE_TYPES,
  toHex,
  type Message,
  type Sender,
} from '../src/index.js';

const dir = join(dirname(fileURLToPath(import.meta.url)), '..', 'vectors');
const load = <T>(name: string): T => JSON.parse(readFileSync(join(dir, name), 'utf8')) as T;

interface Golden {
  name: string;
  from: Sender;
  seq: number;
  message: Message;
  body: string;
  wire: string;
}
interface Corrupt {
  name: string;
  from: Sender | null;
  wire: string;
  frames: { seq: number; message: Message }[];
  discarded: { reason: string; offset: number; length: number }[];
}
const golden = load<{ vectors: Golden[] }>('golden.json').vectors;
const corrupt = load<{ vectors: Corrupt[] }>('corrupt.json').vectors;
const primitives = load<{ crc32c: { input: string; crc: string }[]; cobs: { decoded: string; encoded: string }[] }>('primitives.json');

describe('golden vectors', () => {
  it('cover every message type of the catalogue', () => {
    expect(new Set(golden.map((g) => g.message.type))).toEqual(new Set(MESSAGE_TYPES));
  });

  it.each(golden.map((g) => [g.name, g] as const))('%s: encodes to exactly the wire bytes', (_name, g) => {
    expect(toHex(encodeBody({ seq: g.seq, message: g.message }))).toBe(g.body);
    expect(toHex(encodeFrame({ seq: g.seq, message: g.message }))).toBe(g.wire);
  });

  it.each(golden.map((g) => [g.name, g] as const))('%s: decodes to exactly the message', (_name, g) => {
    const d = new Deframer({ from: g.from });
    const r = d.push(fromHex(g.wire));
    expect(r.discarded).toEqual([]);
    expect(r.frames.map((f) => ({ seq: f.seq, message: f.message }))).toEqual([{ seq: g.seq, message: g.message }]);
    const whole = decodeFrame(fromHex(g.wire), g.from);
    expect(whole).toEqual({ ok: true, frame: { seq: g.seq, message: g.message } });
  });
});

describe('corrupt vectors', () => {
  it.each(corrupt.map((c) => [c.name, c] as const))('%s', (_name, c) => {
    const d = new Deframer(c.from ? { from: c.from } : {});
    const wire = fromHex(c.wire);
    const r = d.push(wire);
    expect(r.frames.map((f) => ({ seq: f.seq, message: f.message }))).toEqual(c.frames);
    expect(r.discarded.map((x) => ({ reason: x.reason, offset: x.offset, length: x.length }))).toEqual(c.discarded);
    // Every byte is accounted for: frames + discarded + idle delimiters.
    const used = r.frames.reduce((n, f) => n + f.length, 0) + r.discarded.reduce((n, x) => n + x.length, 0) + d.stats.idleDelimiters;
    expect(used).toBe(wire.length);
  });
});

describe('primitives', () => {
  it.each(primitives.crc32c)('CRC-32C of $input is $crc', ({ input, crc }) => {
    expect(crc32c(fromHex(input)).toString(16).padStart(8, '0')).toBe(crc);
  });
  it.each(primitives.cobs)('COBS $decoded <-> $encoded', ({ decoded, encoded }) => {
    expect(toHex(cobsEncode(fromHex(decoded)))).toBe(encoded);
    const back = cobsDecode(fromHex(encoded));
    expect(back.ok && toHex(back.data)).toBe(decoded);
  });
});
