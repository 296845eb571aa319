// Frame decoding, PROTOCOL.md §3–§7 and §11: unencoded frame bytes (or one whole wire frame) to a frame,
// or the reason the bytes are discarded, checked in the order §11 gives. Pure: no I/O, no clock, no
// randomness.
import { cardFromBytes, type Card } from './cards.js';
import { cobsDecode } from './cobs.js';
import { CRC_BYTES, DELIMITER, HEADER_BYTES, MAX_FRAME_BYTES, MIN_FRAME_BYTES } from './constants.js';
import { crc32c } from './crc32c.js';
import type { DecodeBodyResult } from './frame.js';
import { fieldsLength, specById, type FieldSpec, type Message, type MessageType, type Sender } from './messages.js';

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
