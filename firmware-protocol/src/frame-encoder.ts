// Frame encoding, PROTOCOL.md §3–§7: a message and its seq to the unencoded frame (header, payload,
// CRC-32C) and to wire bytes (COBS between delimiters). A message that is not valid throws EncodeError,
// naming the field. Pure: no I/O, no clock, no randomness.
import { cardToBytes, isCard } from './cards.js';
import { cobsEncode } from './cobs.js';
import { CRC_BYTES, DELIMITER, HEADER_BYTES } from './constants.js';
import { crc32c } from './crc32c.js';
import { EncodeError, type Frame } from './frame.js';
import { fieldsLength, specOf, type FieldSpec, type MessageSpec } from './messages.js';
import { SEQ_LAST } from './sequence.js';

/** Unencoded frame bytes (header, payload, CRC) for `message` with sequence number `seq`. */
export function encodeBody(frame: Frame): Uint8Array {
  const spec = specOf(frame.message.type) as unknown as MessageSpec;
  checkSeq(spec, frame.seq, (d) => new EncodeError(d));
  const msg = frame.message as unknown as Record<string, unknown>;
  // §15.2: HELLO's appended fields go on the wire when the message carries them.
  const tail = spec.tail && spec.tail.some((f) => msg[f.name] !== undefined) ? spec.tail : [];
  const payloadLen = fieldsLength(spec.fields) + fieldsLength(tail);
  const out = new Uint8Array(HEADER_BYTES + payloadLen + CRC_BYTES);
  out[0] = spec.id;
  out[1] = frame.seq & 0xff;
  out[2] = frame.seq >>> 8;
  let o = HEADER_BYTES;
  for (const f of [...spec.fields, ...tail]) o = writeField(out, o, f, msg);
  const reason = spec.check?.(frame.message as never);
  if (reason) throw new EncodeError(`${spec.type}: ${reason}`);
  const crc = crc32c(out, 0, o);
  writeUint(out, o, 4, crc);
  return out;
}

/** Wire bytes for one frame: leading delimiter, COBS-encoded body, trailing delimiter (§3.1). */
export function encodeFrame(frame: Frame): Uint8Array {
  const enc = cobsEncode(encodeBody(frame));
  const out = new Uint8Array(enc.length + 2);
  out[0] = DELIMITER;
  out.set(enc, 1);
  out[out.length - 1] = DELIMITER;
  return out;
}

function checkSeq(spec: MessageSpec, seq: number, err: (detail: string) => Error): void {
  if (!Number.isInteger(seq) || seq < 0 || seq > SEQ_LAST) throw err(`seq ${seq} is not a u16`);
  if (spec.sequenced && seq === 0) throw err(`${spec.type} is sequenced: seq must be 1..65535`);
  if (!spec.sequenced && seq !== 0) throw err(`${spec.type} is link-control: seq must be 0`);
}

function writeUint(out: Uint8Array, o: number, bytes: number, v: number): void {
  for (let i = 0; i < bytes; i++) {
    out[o + i] = v & 0xff;
    v = Math.floor(v / 256);
  }
}

function intInRange(v: unknown, lo: number, hi: number): v is number {
  return typeof v === 'number' && Number.isInteger(v) && v >= lo && v <= hi;
}

function writeField(out: Uint8Array, o: number, f: FieldSpec, msg: Record<string, unknown>): number {
  const bad = (what: string): EncodeError => new EncodeError(`${String(msg['type'])}.${f.name}: ${what}`);
  switch (f.kind) {
    case 'u8':
    case 'u16':
    case 'u32': {
      const bytes = f.kind === 'u8' ? 1 : f.kind === 'u16' ? 2 : 4;
      const lo = f.min ?? 0;
      const hi = f.max ?? 2 ** (8 * bytes) - 1;
      const v = msg[f.name] === undefined && f.absentAs !== undefined ? f.absentAs : msg[f.name];
      if (!intInRange(v, lo, hi)) throw bad(`${JSON.stringify(v)} is not an integer in ${lo}..${hi}`);
      writeUint(out, o, bytes, v);
      return o + bytes;
    }
    case 'u64': {
      const v = msg[f.name];
      if (!intInRange(v, 0, Number.MAX_SAFE_INTEGER)) throw bad(`${JSON.stringify(v)} is not an integer in 0..2^53-1`);
      writeUint(out, o, 8, v);
      return o + 8;
    }
    case 'bool': {
      const v = msg[f.name];
      if (typeof v !== 'boolean') throw bad('not a boolean');
      out[o] = v ? 1 : 0;
      return o + 1;
    }
    case 'enum': {
      const v = msg[f.name];
      const entry = Object.entries(f.values).find(([, name]) => name === v);
      if (!entry) throw bad(`${JSON.stringify(v)} is not one of ${Object.values(f.values).join(', ')}`);
      out[o] = Number(entry[0]);
      return o + 1;
    }
    case 'flags': {
      let byte = 0;
      f.bits.forEach((name, i) => {
        const v = msg[name];
        if (typeof v !== 'boolean') throw new EncodeError(`${String(msg['type'])}.${name}: not a boolean`);
        if (v) byte |= 1 << i;
      });
      out[o] = byte;
      return o + 1;
    }
    case 'card': {
      const v = msg[f.name];
      if (!isCard(v)) throw bad(`${JSON.stringify(v)} is not a card (rank A23456789TJQK + suit SHDC)`);
      const [r, s] = cardToBytes(v);
      out[o] = r;
      out[o + 1] = s;
      return o + 2;
    }
    case 'ascii': {
      const v = msg[f.name];
      if (typeof v !== 'string' || v.length > f.length || !/^[\x20-\x7e]*$/.test(v)) {
        throw bad(`must be at most ${f.length} printable ASCII characters`);
      }
      for (let i = 0; i < f.length; i++) out[o + i] = i < v.length ? v.charCodeAt(i) : 0;
      return o + f.length;
    }
    case 'version3': {
      const v = msg[f.name];
      const m = typeof v === 'string' ? /^(\d{1,3})\.(\d{1,3})\.(\d{1,3})$/.exec(v) : null;
      const parts = m ? [Number(m[1]), Number(m[2]), Number(m[3])] : [];
      if (parts.length !== 3 || parts.some((p) => p > 255)) throw bad(`${JSON.stringify(v)} is not "major.minor.patch" with parts 0..255`);
      out.set(parts, o);
      return o + 3;
    }
  }
}
