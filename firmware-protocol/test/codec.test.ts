// Codec behaviour beyond the vectors: independent reference values, encoder validation,
// sequence arithmetic and the HELLO rules (PROTOCOL.md §4, §6, §8).
import { describe, expect, it } from 'vitest';
import {
  applyPeerHello,
  classifyIncoming,
  cobsDecode,
  cobsEncode,
  crc32c,
  CRC32C_CHECK,
  decodeBody,
  encodeBody,
  encodeFrame,
  EncodeError,
  MAX_FRAME_BYTES,
  MESSAGE_TYPES,
  MESSAGES,
  negotiateVersion,
  nextSeq,
  oneDeck,
  prevSeq,
  seqBehind,
  cardFromBytes,
  cardToBytes,
  type Message,
} from '../src/index.js';

describe('CRC-32C', () => {
  it('matches the catalogue check value for "123456789"', () => {
    expect(crc32c(new TextEncoder().encode('123456789'))).toBe(0xe3069283);
    expect(CRC32C_CHECK).toBe(0xe3069283);
  });
  it('matches the RFC 3720 (iSCSI) B.4 test patterns', () => {
    expect(crc32c(new Uint8Array(32))).toBe(0x8a9136aa);
    expect(crc32c(new Uint8Array(32).fill(0xff))).toBe(0x62a8ab43);
    expect(crc32c(Uint8Array.from({ length: 32 }, (_, i) => i))).toBe(0x46dd794e);
    expect(crc32c(Uint8Array.from({ length: 32 }, (_, i) => 31 - i))).toBe(0x113fdb5c);
  });
});

describe('COBS', () => {
  it('matches the published examples', () => {
    const enc = (b: number[]): number[] => [...cobsEncode(Uint8Array.from(b))];
    expect(enc([])).toEqual([0x01]);
    expect(enc([0x00])).toEqual([0x01, 0x01]);
    expect(enc([0x00, 0x00])).toEqual([0x01, 0x01, 0x01]);
    expect(enc([0x11, 0x22, 0x00, 0x33])).toEqual([0x03, 0x11, 0x22, 0x02, 0x33]);
    expect(enc([0x11, 0x00, 0x00, 0x00])).toEqual([0x02, 0x11, 0x01, 0x01, 0x01]);
    const run = Array.from({ length: 254 }, (_, i) => i + 1);
    expect(enc(run)).toEqual([0xff, ...run]);
    expect(enc([...run, 0x00])).toEqual([0xff, ...run, 0x01, 0x01]);
    expect(enc([...run, 0x07])).toEqual([0xff, ...run, 0x02, 0x07]);
  });
  it('round-trips every length up to 600 with zeros anywhere', () => {
    for (let n = 0; n <= 600; n++) {
      const data = Uint8Array.from({ length: n }, (_, i) => (i * 7919 + n) % 5 === 0 ? 0 : ((i * 31 + n) & 0xff) || 1);
      const e = cobsEncode(data);
      expect(e.includes(0)).toBe(false);
      const d = cobsDecode(e);
      expect(d.ok && [...d.data]).toEqual([...data]);
    }
  });
  it('rejects a code byte that runs past the block', () => {
    expect(cobsDecode(Uint8Array.from([0x05, 0x11, 0x22])).ok).toBe(false);
  });
});

describe('cards', () => {
  it('maps all 52 cards to rank 1..13 and suit 1..4 and back', () => {
    const deck = oneDeck();
    expect(new Set(deck).size).toBe(52);
    for (const c of deck) {
      const [r, s] = cardToBytes(c);
      expect(r).toBeGreaterThanOrEqual(1);
      expect(r).toBeLessThanOrEqual(13);
      expect(s).toBeGreaterThanOrEqual(1);
      expect(s).toBeLessThanOrEqual(4);
      expect(cardFromBytes(r, s)).toBe(c);
    }
    expect(cardToBytes('TS')).toEqual([10, 1]);
    expect(cardToBytes('QH')).toEqual([12, 2]);
    expect(cardFromBytes(0, 1)).toBeNull();
    expect(cardFromBytes(1, 0)).toBeNull();
    expect(cardFromBytes(14, 1)).toBeNull();
    expect(cardFromBytes(1, 5)).toBeNull();
  });
});

describe('encoder validation', () => {
  const bad: [string, number, unknown][] = [
    ['seq 0 on a sequenced message', 0, { type: 'GATE_LOCK' }],
    ['seq on a link-control message', 3, { type: 'ACK', ackSeq: 3 }],
    ['seq above 65535', 65536, { type: 'GATE_LOCK' }],
    ['not a card', 1, { type: 'CARD_DRAWN', drawIndex: 1, card: '1H', confidence: 50, rescan: false }],
    ['lowercase card', 1, { type: 'CARD_DRAWN', drawIndex: 1, card: 'qh', confidence: 50, rescan: false }],
    ['confidence 101', 1, { type: 'CARD_DRAWN', drawIndex: 1, card: 'QH', confidence: 101, rescan: false }],
    ['fractional field', 1, { type: 'CUT_CARD_SEEN', drawIndex: 1.5 }],
    ['unknown enum value', 1, { type: 'FAULT', code: 'FIRE', state: 'raised', drawIndex: 0 }],
    ['serial longer than 16', 0, { type: 'HELLO', protocolVersion: 1, minProtocolVersion: 1, role: 'shoe', reply: false, coldStart: false, firmwareVersion: '1.0.0', serialNumber: 'X'.repeat(17), deckCount: 6, nextTxSeq: 1, lastRxSeq: 0 }],
    ['non-ASCII serial', 0, { type: 'HELLO', protocolVersion: 1, minProtocolVersion: 1, role: 'shoe', reply: false, coldStart: false, firmwareVersion: '1.0.0', serialNumber: 'é', deckCount: 6, nextTxSeq: 1, lastRxSeq: 0 }],
    ['cold start not at seq 1', 0, { type: 'HELLO', protocolVersion: 1, minProtocolVersion: 1, role: 'shoe', reply: false, coldStart: true, firmwareVersion: '1.0.0', serialNumber: '', deckCount: 6, nextTxSeq: 9, lastRxSeq: 0 }],
    ['version part 256', 0, { type: 'HELLO', protocolVersion: 1, minProtocolVersion: 1, role: 'shoe', reply: false, coldStart: false, firmwareVersion: '1.256.0', serialNumber: '', deckCount: 6, nextTxSeq: 1, lastRxSeq: 0 }],
    ['indicator seat 0 for a seat', 1, { type: 'INDICATOR', target: 'seat', seat: 0, hand: 1 }],
    ['indicator dealer with a seat', 1, { type: 'INDICATOR', target: 'dealer', seat: 2, hand: 0 }],
    ['NAK without seq for a content error', 0, { type: 'NAK', nakSeq: 0, reason: 'BAD_FIELD' }],
    ['TIME_SYNC beyond 2^53', 1, { type: 'TIME_SYNC', epochMs: 2 ** 60 }],
  ];
  it.each(bad)('refuses %s', (_n, seq, message) => {
    expect(() => encodeFrame({ seq, message: message as Message })).toThrow(EncodeError);
  });

  it('keeps every catalogue message within MAX_FRAME_BYTES', () => {
    for (const t of MESSAGE_TYPES) {
      const spec = MESSAGES[t];
      let n = 3 + 4;
      for (const f of spec.fields) n += f.kind === 'ascii' ? f.length : ({ u8: 1, bool: 1, enum: 1, flags: 1, u16: 2, card: 2, u32: 4, u64: 8, version3: 3 } as const)[f.kind];
      expect(n).toBeLessThanOrEqual(MAX_FRAME_BYTES);
    }
  });

  it('has unique message ids', () => {
    const ids = MESSAGE_TYPES.map((t) => MESSAGES[t].id);
    expect(new Set(ids).size).toBe(ids.length);
  });

  it('ignores bytes a later version appends to HELLO (§8.3) but nowhere else', () => {
    const hello: Message = { type: 'HELLO', protocolVersion: 2, minProtocolVersion: 1, role: 'shoe', reply: false, coldStart: false, firmwareVersion: '3.0.0', serialNumber: 'S', deckCount: 6, nextTxSeq: 5, lastRxSeq: 4 };
    const body = encodeBody({ seq: 0, message: hello });
    const longer = withCrc([...body.subarray(0, body.length - 4), 0xaa, 0xbb]);
    expect(decodeBody(longer)).toEqual({ ok: true, frame: { seq: 0, message: hello } });
    const ack = encodeBody({ seq: 0, message: { type: 'ACK', ackSeq: 5 } });
    const longerAck = withCrc([...ack.subarray(0, ack.length - 4), 0xaa]);
    expect(decodeBody(longerAck)).toMatchObject({ ok: false, reason: 'bad-length' });
  });
});

function withCrc(bytes: number[]): Uint8Array {
  const b = new Uint8Array(bytes.length + 4);
  b.set(bytes);
  const c = crc32c(b, 0, bytes.length);
  b.set([c & 0xff, (c >>> 8) & 0xff, (c >>> 16) & 0xff, c >>> 24], bytes.length);
  return b;
}

describe('sequence numbers (§6)', () => {
  it('wraps 65535 to 1 and never uses 0', () => {
    expect(nextSeq(0)).toBe(1);
    expect(nextSeq(1)).toBe(2);
    expect(nextSeq(65535)).toBe(1);
    expect(prevSeq(1)).toBe(65535);
    expect(prevSeq(2)).toBe(1);
  });
  it('classifies incoming frames', () => {
    expect(classifyIncoming(0, 1)).toBe('deliver');
    expect(classifyIncoming(0, 2)).toBe('unexpected');
    expect(classifyIncoming(41, 42)).toBe('deliver');
    expect(classifyIncoming(41, 41)).toBe('duplicate');
    expect(classifyIncoming(41, 40)).toBe('unexpected');
    expect(classifyIncoming(41, 43)).toBe('unexpected');
    expect(classifyIncoming(65535, 1)).toBe('deliver');
    expect(classifyIncoming(65535, 65535)).toBe('duplicate');
  });
});

describe('HELLO rules (§8.3, §8.4)', () => {
  it('negotiates the highest common version', () => {
    expect(negotiateVersion({ min: 1, max: 1 }, { min: 1, max: 1 })).toBe(1);
    expect(negotiateVersion({ min: 1, max: 3 }, { min: 2, max: 5 })).toBe(3);
    expect(negotiateVersion({ min: 1, max: 1 }, { min: 2, max: 2 })).toBeNull();
  });
  const base = { lastDelivered: 41, noHistory: false, outstanding: null, peerNextTxSeq: 42, peerLastRxSeq: 0, peerColdStart: false };
  it('continues when the peer resumes at next(last) or re-sends last', () => {
    expect(applyPeerHello(base)).toEqual({ lastDelivered: 41, continuity: { kind: 'continuous' }, outstandingDelivered: false });
    expect(applyPeerHello({ ...base, peerNextTxSeq: 41 }).continuity).toEqual({ kind: 'continuous' });
  });
  it('reports a gap and adopts the announced sequence', () => {
    expect(applyPeerHello({ ...base, peerNextTxSeq: 50 })).toEqual({ lastDelivered: 49, continuity: { kind: 'gap', expected: 42, announced: 50 }, outstandingDelivered: false });
  });
  it('never moves lastDelivered back: an announced seq behind it is a rollback', () => {
    expect(applyPeerHello({ ...base, peerNextTxSeq: 30 })).toEqual({ lastDelivered: 41, continuity: { kind: 'rollback', lastDelivered: 41, announced: 30 }, outstandingDelivered: false });
    expect(applyPeerHello({ ...base, lastDelivered: 2, peerNextTxSeq: 65000 }).continuity.kind).toBe('rollback');
    expect(applyPeerHello({ ...base, lastDelivered: 65000, peerNextTxSeq: 5 }).continuity).toEqual({ kind: 'gap', expected: 65001, announced: 5 });
    expect(seqBehind(1, 65535)).toBe(false);
    expect(seqBehind(65535, 1)).toBe(true);
    expect(seqBehind(40, 41)).toBe(true);
    expect(seqBehind(41, 41)).toBe(false);
    expect(seqBehind(5, 0)).toBe(false);
  });
  it('adopts silently without history, and resets on a peer cold start', () => {
    expect(applyPeerHello({ ...base, lastDelivered: 0, noHistory: true, peerNextTxSeq: 900 })).toMatchObject({ lastDelivered: 899, continuity: { kind: 'adopted', announced: 900 } });
    expect(applyPeerHello({ ...base, peerColdStart: true, peerNextTxSeq: 1 })).toMatchObject({ lastDelivered: 0, continuity: { kind: 'peer-cold-start', lastDelivered: 41 } });
  });
  it('treats our outstanding frame as delivered when the peer says so', () => {
    expect(applyPeerHello({ ...base, outstanding: 12, peerLastRxSeq: 12 }).outstandingDelivered).toBe(true);
    expect(applyPeerHello({ ...base, outstanding: 12, peerLastRxSeq: 11 }).outstandingDelivered).toBe(false);
  });
});
