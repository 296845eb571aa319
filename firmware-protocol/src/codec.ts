// Frame encoding and decoding, PROTOCOL.md §3–§7.
//
//   wire:   0x00 | COBS( frame ) | 0x00                                       (§3)
//   frame:  id u8 | seq u16 LE | payload (fixed per id, §7) | CRC-32C u32 LE  (§4, §5)
//
// The CRC covers id, seq and payload. All multi-byte integers are little-endian (§5.1).
// Pure: no I/O, no clock, no randomness.

import { cardFromBytes, cardToBytes, isCard, type Card } from './cards.js';
import { cobsDecode, cobsEncode } from './cobs.js';
import { CRC_BYTES, DELIMITER, HEADER_BYTES, MAX_FRAME_BYTES, MIN_FRAME_BYTES } from './constants.js';
import { crc32c } from './crc32c.js';
import {
  fieldsLength,
  specById,
  specOf,
  type FieldSpec,
  type Message,
  type MessageSpec,
  type MessageType,
  type Sender,
} from './messages.js';
import { SEQ_LAST } from './sequence.js';

/** A decoded frame: its sequence number (0 for link-control messages) and its message. */
export interface Frame<M extends Message = Message> {
  seq: number;
  message: M;
}

/** Why bytes were discarded (§11). */
export type DiscardReason =
  /** Bytes before a delimiter that are not a well-formed COBS block (noise, or a frame whose start was lost). */
  | 'garbage-before-delimiter'
  /** Well-formed COBS block shorter than the 7-byte minimum frame. */
  | 'too-short'
  /** More than MAX_ENCODED_BYTES without a delimiter; bytes are skipped until the next delimiter. */
  | 'oversize'
  /** CRC-32C mismatch. */
  | 'bad-crc'
  /** CRC good, message id not in the catalogue. */
  | 'unknown-message-id'
  /** CRC good, a message the receiving side never receives (e.g. CARD_DRAWN sent to the shoe). */
  | 'wrong-direction'
  /** CRC good, payload length differs from the catalogue. */
  | 'bad-length'
  /** CRC good, seq 0 on a sequenced message or non-zero seq on a link-control message. */
  | 'bad-seq'
  /** CRC good, a field value outside its range. */
  | 'bad-field'
  /** Bytes of an incomplete frame dropped by reset() (port closed mid-frame). */
  | 'truncated';

export type DecodeBodyResult =
  | { ok: true; frame: Frame }
  | {
      ok: false;
      reason: Exclude<DiscardReason, 'garbage-before-delimiter' | 'oversize' | 'truncated'>;
      detail: string;
      /** Present once the CRC has been verified: the receiver may NAK this seq (§9.4). */
      msgId?: number;
      seq?: number;
    };

export class EncodeError extends Error {
  override name = 'EncodeError';
}

// ---- Encoding --------------------------------------------------------------------------------

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

// ---- Decoding --------------------------------------------------------------------------------

function readUint(b: Uint8Array, o: number, bytes: number): number {
  let v = 0;
  for (let i = bytes - 1; i >= 0; i--) v = v * 256 + (b[o + i] as number);
  return v;
}

class FieldError extends Error {}

function readField(b: Uint8Array, o: number, f: FieldSpec, into: Record<string, unknown>): number {
  const bad = (what: string): FieldError => new FieldError(`${f.name}: ${what}`);
  switch (f.kind) {
    case 'u8':
    case 'u16':
    case 'u32': {
      const bytes = f.kind === 'u8' ? 1 : f.kind === 'u16' ? 2 : 4;
      const v = readUint(b, o, bytes);
      const lo = f.min ?? 0;
      const hi = f.max ?? 2 ** (8 * bytes) - 1;
      if (v < lo || v > hi) throw bad(`${v} outside ${lo}..${hi}`);
      into[f.name] = v;
      return o + bytes;
    }
    case 'u64': {
      const v = readUint(b, o, 8);
      if (v > Number.MAX_SAFE_INTEGER) throw bad('above 2^53-1');
      into[f.name] = v;
      return o + 8;
    }
    case 'bool': {
      const v = b[o] as number;
      if (v > 1) throw bad(`boolean byte ${v} is not 0 or 1`);
      into[f.name] = v === 1;
      return o + 1;
    }
    case 'enum': {
      const v = b[o] as number;
      const name = f.values[v];
      if (name === undefined) throw bad(`${v} is not a defined value`);
      into[f.name] = name;
      return o + 1;
    }
    case 'flags': {
      const v = b[o] as number;
      if (v >> f.bits.length !== 0) throw bad(`reserved bits set in 0x${v.toString(16).padStart(2, '0')}`);
      f.bits.forEach((name, i) => (into[name] = (v & (1 << i)) !== 0));
      return o + 1;
    }
    case 'card': {
      const card: Card | null = cardFromBytes(b[o] as number, b[o + 1] as number);
      if (!card) throw bad(`rank ${b[o]} / suit ${b[o + 1]} is not a card`);
      into[f.name] = card;
      return o + 2;
    }
    case 'ascii': {
      let s = '';
      let ended = false;
      for (let i = 0; i < f.length; i++) {
        const c = b[o + i] as number;
        if (c === 0) ended = true;
        else if (ended) throw bad('characters after NUL padding');
        else if (c < 0x20 || c > 0x7e) throw bad(`byte 0x${c.toString(16)} is not printable ASCII`);
        else s += String.fromCharCode(c);
      }
      into[f.name] = s;
      return o + f.length;
    }
    case 'version3':
      into[f.name] = `${b[o]}.${b[o + 1]}.${b[o + 2]}`;
      return o + 3;
  }
}

/**
 * Decodes unencoded frame bytes (header, payload, CRC), checking in order: length ≥ 7, CRC,
 * message id, direction (when `from` is given), payload length, seq rule, field ranges (§11).
 */
export function decodeBody(body: Uint8Array, from?: Sender): DecodeBodyResult {
  if (body.length < MIN_FRAME_BYTES) {
    return { ok: false, reason: 'too-short', detail: `${body.length} bytes, minimum ${MIN_FRAME_BYTES}` };
  }
  if (body.length > MAX_FRAME_BYTES) {
    return { ok: false, reason: 'bad-length', detail: `${body.length} bytes, maximum ${MAX_FRAME_BYTES}` };
  }
  const end = body.length - CRC_BYTES;
  const want = crc32c(body, 0, end);
  const got = readUint(body, end, 4);
  if (want !== got) {
    return { ok: false, reason: 'bad-crc', detail: `CRC 0x${hex32(got)} received, 0x${hex32(want)} computed` };
  }
  const msgId = body[0] as number;
  const seq = readUint(body, 1, 2);
  const spec = specById(msgId);
  if (!spec) return { ok: false, reason: 'unknown-message-id', detail: `id 0x${msgId.toString(16).padStart(2, '0')}`, msgId, seq };
  if (from && !spec.from.includes(from)) {
    return { ok: false, reason: 'wrong-direction', detail: `${spec.type} is never sent by the ${from}`, msgId, seq };
  }
  const payloadLen = end - HEADER_BYTES;
  const need = fieldsLength(spec.fields);
  if (spec.extensible ? payloadLen < need : payloadLen !== need) {
    return { ok: false, reason: 'bad-length', detail: `${spec.type} payload ${payloadLen} bytes, expected ${spec.extensible ? 'at least ' : ''}${need}`, msgId, seq };
  }
  if (spec.sequenced ? seq === 0 : seq !== 0) {
    return { ok: false, reason: 'bad-seq', detail: `${spec.type} with seq ${seq}`, msgId, seq };
  }
  const msg: Record<string, unknown> = { type: spec.type };
  let o = HEADER_BYTES;
  try {
    for (const f of spec.fields) o = readField(body, o, f, msg);
    // §15.2: a later version's HELLO fields, when the sender speaks that version.
    if (spec.tail && payloadLen >= need + fieldsLength(spec.tail)) for (const f of spec.tail) o = readField(body, o, f, msg);
  } catch (e) {
    if (!(e instanceof FieldError)) throw e;
    return { ok: false, reason: 'bad-field', detail: `${spec.type}.${e.message}`, msgId, seq };
  }
  const violated = spec.check?.(msg as never);
  if (violated) return { ok: false, reason: 'bad-field', detail: `${spec.type}: ${violated}`, msgId, seq };
  return { ok: true, frame: { seq, message: msg as unknown as Message } };
}

/** Decodes one complete wire frame (delimiters optional). For whole frames only; streams use Deframer. */
export function decodeFrame(wire: Uint8Array, from?: Sender): DecodeBodyResult | { ok: false; reason: 'garbage-before-delimiter'; detail: string } {
  let s = 0;
  let e = wire.length;
  while (s < e && wire[s] === DELIMITER) s++;
  while (e > s && wire[e - 1] === DELIMITER) e--;
  const inner = wire.subarray(s, e);
  if (inner.includes(DELIMITER)) return { ok: false, reason: 'garbage-before-delimiter', detail: 'more than one frame' };
  const dec = cobsDecode(inner);
  if (!dec.ok) return { ok: false, reason: 'garbage-before-delimiter', detail: dec.detail };
  return decodeBody(dec.data, from);
}

/** The message type carried by a message id, if any. */
export function messageTypeOf(id: number): MessageType | undefined {
  return specById(id)?.type;
}

function hex32(n: number): string {
  return n.toString(16).padStart(8, '0');
}

export function toHex(bytes: Uint8Array): string {
  let s = '';
  for (const b of bytes) s += b.toString(16).padStart(2, '0');
  return s;
}

export function fromHex(hex: string): Uint8Array {
  const clean = hex.replace(/\s+/g, '');
  if (clean.length % 2 !== 0 || /[^0-9a-fA-F]/.test(clean)) throw new RangeError(`not hex: ${hex}`);
  const out = new Uint8Array(clean.length / 2);
  for (let i = 0; i < out.length; i++) out[i] = parseInt(clean.slice(2 * i, 2 * i + 2), 16);
  return out;
}
