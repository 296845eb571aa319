// Writes firmware-protocol/vectors/*.json from the TypeScript codec.
//
// The committed vectors are NORMATIVE for protocol version 2: the tests check the codec against
// them, and the shoe firmware team checks its C implementation against them. Run this script only
// when adding vectors or when bumping the protocol version, and review the diff byte by byte:
//   npx tsx firmware-protocol/scripts/generate-vectors.ts
import { writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import {
  cobsEncode,
  crc32c,
  Deframer,
  encodeBody,
  encodeFrame,
  toHex,
  PROTOCOL_VERSION,
  type Frame,
  type Message,
  type Sender,
} from '../src/index.js';

const here = dirname(fileURLToPath(import.meta.url));
const out = join(here, '..', 'vectors');

// ---- golden frames: every message type, field extremes, sequence edges --------------------------
const golden: { name: string; from: Sender; seq: number; message: Message }[] = [
  { name: 'shoe HELLO request, warm (resuming seq 1042, last controller seq 311)', from: 'shoe', seq: 0, message: { type: 'HELLO', protocolVersion: 2, minProtocolVersion: 2, role: 'shoe', reply: false, coldStart: false, firmwareVersion: '2.4.17', serialNumber: 'SHOE-000123', deckCount: 6, nextTxSeq: 1042, lastRxSeq: 311, bootNonce: 0x5eed1234, peerNonce: 0xc0ffee01 } },
  { name: 'shoe HELLO request, cold start (new power-up, controller unknown)', from: 'shoe', seq: 0, message: { type: 'HELLO', protocolVersion: 2, minProtocolVersion: 2, role: 'shoe', reply: false, coldStart: true, firmwareVersion: '2.4.17', serialNumber: 'SHOE-000123', deckCount: 8, nextTxSeq: 1, lastRxSeq: 0, bootNonce: 0x9a0b0c0d, peerNonce: 0 } },
  { name: 'controller HELLO reply, full 16-char serial, echoing the shoe nonce', from: 'controller', seq: 0, message: { type: 'HELLO', protocolVersion: 2, minProtocolVersion: 2, role: 'controller', reply: true, coldStart: false, firmwareVersion: '0.1.0', serialNumber: 'TABLE-07-CTRL-AB', deckCount: 0, nextTxSeq: 65535, lastRxSeq: 1041, bootNonce: 0xc0ffee01, peerNonce: 0x5eed1234 } },
  { name: 'controller HELLO request, cold start, max nonce', from: 'controller', seq: 0, message: { type: 'HELLO', protocolVersion: 2, minProtocolVersion: 2, role: 'controller', reply: false, coldStart: true, firmwareVersion: '0.1.0', serialNumber: '', deckCount: 6, nextTxSeq: 1, lastRxSeq: 0, bootNonce: 0xffffffff, peerNonce: 0 } },
  { name: 'version-1 shoe HELLO (no nonces): decoded, so the controller can answer with its versions (§8.3, §15.3)', from: 'shoe', seq: 0, message: { type: 'HELLO', protocolVersion: 1, minProtocolVersion: 1, role: 'shoe', reply: false, coldStart: false, firmwareVersion: '2.4.17', serialNumber: 'SHOE-000123', deckCount: 6, nextTxSeq: 1042, lastRxSeq: 311 } },
  { name: 'ACK from controller', from: 'controller', seq: 0, message: { type: 'ACK', ackSeq: 1042 } },
  { name: 'ACK from shoe of seq 65535', from: 'shoe', seq: 0, message: { type: 'ACK', ackSeq: 65535 } },
  { name: 'NAK CRC_ERROR (seq unknown)', from: 'controller', seq: 0, message: { type: 'NAK', nakSeq: 0, reason: 'CRC_ERROR' } },
  { name: 'NAK UNEXPECTED_SEQ', from: 'controller', seq: 0, message: { type: 'NAK', nakSeq: 77, reason: 'UNEXPECTED_SEQ' } },
  { name: 'NAK NO_SESSION from shoe', from: 'shoe', seq: 0, message: { type: 'NAK', nakSeq: 5, reason: 'NO_SESSION' } },
  { name: 'NAK BAD_FIELD', from: 'shoe', seq: 0, message: { type: 'NAK', nakSeq: 9, reason: 'BAD_FIELD' } },
  { name: 'HEARTBEAT gate locked', from: 'shoe', seq: 0, message: { type: 'HEARTBEAT', uptimeMs: 3_600_000, gate: 'locked', queued: 0 } },
  { name: 'HEARTBEAT gate unlocked, 2 queued, max uptime', from: 'shoe', seq: 0, message: { type: 'HEARTBEAT', uptimeMs: 0xffffffff, gate: 'unlocked', queued: 2 } },
  { name: 'CARD_DRAWN QH', from: 'shoe', seq: 1042, message: { type: 'CARD_DRAWN', drawIndex: 12, card: 'QH', confidence: 97, rescan: false } },
  { name: 'CARD_DRAWN TS at seq 1', from: 'shoe', seq: 1, message: { type: 'CARD_DRAWN', drawIndex: 1, card: 'TS', confidence: 100, rescan: false } },
  { name: 'CARD_DRAWN AD at seq 65535', from: 'shoe', seq: 65535, message: { type: 'CARD_DRAWN', drawIndex: 416, card: 'AD', confidence: 0, rescan: false } },
  { name: 'CARD_DRAWN KC rescan after CARD_UNREADABLE', from: 'shoe', seq: 1044, message: { type: 'CARD_DRAWN', drawIndex: 13, card: 'KC', confidence: 88, rescan: true } },
  { name: 'CARD_DRAWN 2H (payload contains zero bytes)', from: 'shoe', seq: 256, message: { type: 'CARD_DRAWN', drawIndex: 256, card: '2H', confidence: 64, rescan: false } },
  { name: 'CARD_DRAWN JS', from: 'shoe', seq: 300, message: { type: 'CARD_DRAWN', drawIndex: 7, card: 'JS', confidence: 99, rescan: false } },
  { name: 'CARD_DRAWN 9D', from: 'shoe', seq: 301, message: { type: 'CARD_DRAWN', drawIndex: 8, card: '9D', confidence: 99, rescan: false } },
  { name: 'CARD_UNREADABLE', from: 'shoe', seq: 1043, message: { type: 'CARD_UNREADABLE', drawIndex: 13 } },
  { name: 'CUT_CARD_SEEN after 234 cards', from: 'shoe', seq: 2000, message: { type: 'CUT_CARD_SEEN', drawIndex: 234 } },
  { name: 'SHOE_LOADED six decks counted', from: 'shoe', seq: 2, message: { type: 'SHOE_LOADED', deckCount: 6, cardCount: 312 } },
  { name: 'SHOE_LOADED eight decks not counted', from: 'shoe', seq: 3, message: { type: 'SHOE_LOADED', deckCount: 8, cardCount: 0 } },
  { name: 'SHOE_REMOVED', from: 'shoe', seq: 2100, message: { type: 'SHOE_REMOVED', cardsDealt: 250 } },
  { name: 'DEALER_BUTTON primary short', from: 'shoe', seq: 40, message: { type: 'DEALER_BUTTON', button: 'primary', press: 'short' } },
  { name: 'DEALER_BUTTON secondary long', from: 'shoe', seq: 41, message: { type: 'DEALER_BUTTON', button: 'secondary', press: 'long' } },
  { name: 'FAULT JAM raised', from: 'shoe', seq: 50, message: { type: 'FAULT', code: 'JAM', state: 'raised', drawIndex: 40 } },
  { name: 'FAULT JAM cleared', from: 'shoe', seq: 51, message: { type: 'FAULT', code: 'JAM', state: 'cleared', drawIndex: 40 } },
  { name: 'FAULT DIRTY_SENSOR raised', from: 'shoe', seq: 52, message: { type: 'FAULT', code: 'DIRTY_SENSOR', state: 'raised', drawIndex: 0 } },
  { name: 'FAULT CARD_REVERSED raised', from: 'shoe', seq: 53, message: { type: 'FAULT', code: 'CARD_REVERSED', state: 'raised', drawIndex: 41 } },
  { name: 'STATUS in reply', from: 'shoe', seq: 60, message: { type: 'STATUS', inReplyTo: 17, gate: 'locked', shoePresent: true, deckCount: 6, cardsDealt: 120, cutCardSeen: false, jam: false, dirtySensor: true, cardReversed: false } },
  { name: 'STATUS unsolicited, all faults', from: 'shoe', seq: 61, message: { type: 'STATUS', inReplyTo: 0, gate: 'unlocked', shoePresent: false, deckCount: 0, cardsDealt: 0, cutCardSeen: true, jam: true, dirtySensor: true, cardReversed: true } },
  { name: 'GATE_LOCK', from: 'controller', seq: 12, message: { type: 'GATE_LOCK' } },
  { name: 'GATE_UNLOCK one card, granted after shoe seq 1042', from: 'controller', seq: 13, message: { type: 'GATE_UNLOCK', allowance: 1, seenSeq: 1042 } },
  { name: 'GATE_UNLOCK until locked, no anchor', from: 'controller', seq: 14, message: { type: 'GATE_UNLOCK', allowance: 0, seenSeq: 0 } },
  { name: 'GATE_UNLOCK three cards after shoe seq 65535', from: 'controller', seq: 22, message: { type: 'GATE_UNLOCK', allowance: 3, seenSeq: 65535 } },
  { name: 'INDICATOR burn', from: 'controller', seq: 15, message: { type: 'INDICATOR', target: 'burn', seat: 0, hand: 0 } },
  { name: 'INDICATOR seat 3 hand 2', from: 'controller', seq: 16, message: { type: 'INDICATOR', target: 'seat', seat: 3, hand: 2 } },
  { name: 'INDICATOR dealer', from: 'controller', seq: 17, message: { type: 'INDICATOR', target: 'dealer', seat: 0, hand: 0 } },
  { name: 'INDICATOR off', from: 'controller', seq: 18, message: { type: 'INDICATOR', target: 'off', seat: 0, hand: 0 } },
  { name: 'STATUS_REQUEST', from: 'controller', seq: 19, message: { type: 'STATUS_REQUEST' } },
  { name: 'TIME_SYNC 2025-01-01T00:00:00.000Z', from: 'controller', seq: 20, message: { type: 'TIME_SYNC', epochMs: 1_735_689_600_000 } },
  { name: 'TIME_SYNC 0', from: 'controller', seq: 21, message: { type: 'TIME_SYNC', epochMs: 0 } },
];

const goldenJson = {
  protocolVersion: PROTOCOL_VERSION,
  about:
    'Golden frames. body = unencoded frame (id u8, seq u16 LE, payload, CRC-32C u32 LE); wire = 00 + COBS(body) + 00. ' +
    'Encoding `message` with `seq` must give exactly `wire`; decoding `wire` must give exactly `seq` and `message`.',
  vectors: golden.map((g) => {
    const frame: Frame = { seq: g.seq, message: g.message };
    return { name: g.name, from: g.from, seq: g.seq, message: g.message, body: toHex(encodeBody(frame)), wire: toHex(encodeFrame(frame)) };
  }),
};

// ---- corrupt frames -----------------------------------------------------------------------------
/** Frame with a correct CRC around arbitrary header+payload bytes: content errors, not line errors. */
function withCrc(bytes: number[]): Uint8Array {
  const b = new Uint8Array(bytes.length + 4);
  b.set(bytes);
  const c = crc32c(b, 0, bytes.length);
  b.set([c & 0xff, (c >>> 8) & 0xff, (c >>> 16) & 0xff, c >>> 24], bytes.length);
  return b;
}
function wireOf(body: Uint8Array): Uint8Array {
  const e = cobsEncode(body);
  return Uint8Array.from([0, ...e, 0]);
}
function concat(...parts: Uint8Array[]): Uint8Array {
  return Uint8Array.from(parts.flatMap((p) => [...p]));
}
const card = (seq: number, drawIndex: number, c: 'QH' | 'TS' | '5C'): Uint8Array =>
  encodeFrame({ seq, message: { type: 'CARD_DRAWN', drawIndex, card: c, confidence: 97, rescan: false } });
const goodQH = card(7, 12, 'QH');
const flipped = goodQH.slice();
flipped[8] = (flipped[8] as number) ^ 0x04; // one bit in the confidence byte
const crcFlipped = goodQH.slice();
crcFlipped[crcFlipped.length - 2] = (crcFlipped[crcFlipped.length - 2] as number) ^ 0x80;
const oversize = Uint8Array.from([0, ...new Array<number>(70).fill(0x41), 0]);
const truncatedThenGood = concat(goodQH.subarray(0, 8), card(8, 13, 'TS'));

const corruptCases: { name: string; from: Sender | null; wire: Uint8Array; why: string }[] = [
  { name: 'one bit flipped in the payload', from: 'shoe', wire: flipped, why: 'CRC-32C detects it: bad-crc, nothing delivered' },
  { name: 'one bit flipped in the CRC', from: 'shoe', wire: crcFlipped, why: 'bad-crc' },
  { name: 'frame shorter than 7 bytes', from: 'shoe', wire: wireOf(Uint8Array.from([0x04, 0, 0, 1])), why: 'too-short' },
  { name: 'unknown message id 0x7F with a good CRC', from: 'shoe', wire: wireOf(withCrc([0x7f, 5, 0, 1, 2])), why: 'unknown-message-id: receiver NAKs UNKNOWN_MESSAGE for seq 5' },
  { name: 'GATE_LOCK sent to the controller', from: 'shoe', wire: wireOf(withCrc([0x20, 3, 0])), why: 'wrong-direction: the shoe never sends GATE_LOCK' },
  { name: 'CARD_DRAWN sent to the shoe', from: 'controller', wire: card(9, 1, '5C'), why: 'wrong-direction' },
  { name: 'CARD_DRAWN with one extra payload byte', from: 'shoe', wire: wireOf(withCrc([0x10, 7, 0, 12, 0, 12, 2, 97, 0, 0])), why: 'bad-length' },
  { name: 'ACK with a payload byte missing', from: 'controller', wire: wireOf(withCrc([0x02, 0, 0, 5])), why: 'bad-length' },
  { name: 'CARD_DRAWN with seq 0', from: 'shoe', wire: wireOf(withCrc([0x10, 0, 0, 12, 0, 12, 2, 97, 0])), why: 'bad-seq: sequenced messages use 1..65535' },
  { name: 'HEARTBEAT with seq 9', from: 'shoe', wire: wireOf(withCrc([0x04, 9, 0, 1, 0, 0, 0, 1, 0])), why: 'bad-seq: link-control messages use seq 0' },
  { name: 'CARD_DRAWN rank 14', from: 'shoe', wire: wireOf(withCrc([0x10, 7, 0, 12, 0, 14, 2, 97, 0])), why: 'bad-field' },
  { name: 'CARD_DRAWN suit 0', from: 'shoe', wire: wireOf(withCrc([0x10, 7, 0, 12, 0, 12, 0, 97, 0])), why: 'bad-field' },
  { name: 'CARD_DRAWN confidence 101', from: 'shoe', wire: wireOf(withCrc([0x10, 7, 0, 12, 0, 12, 2, 101, 0])), why: 'bad-field' },
  { name: 'CARD_DRAWN reserved flag bit', from: 'shoe', wire: wireOf(withCrc([0x10, 7, 0, 12, 0, 12, 2, 97, 0x80])), why: 'bad-field' },
  { name: 'CARD_DRAWN drawIndex 0', from: 'shoe', wire: wireOf(withCrc([0x10, 7, 0, 0, 0, 12, 2, 97, 0])), why: 'bad-field' },
  { name: 'FAULT code 9', from: 'shoe', wire: wireOf(withCrc([0x16, 7, 0, 9, 1, 0, 0])), why: 'bad-field' },
  { name: 'version-2 HELLO with session nonce 0', from: 'controller', wire: wireOf(withCrc([0x01, 0, 0, 2, 2, 2, 0, 0, 1, 0, ...new Array<number>(16).fill(0), 0, 1, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0])), why: 'bad-field: bootNonce is 1..2^32-1 (§7.2.1)' },
  { name: 'GATE_UNLOCK in the version-1 layout (no seenSeq)', from: 'controller', wire: wireOf(withCrc([0x21, 13, 0, 1])), why: 'bad-length: version 2 GATE_UNLOCK has 3 payload bytes (§7.5.3)' },
  { name: 'INDICATOR seat target without a seat', from: 'controller', wire: wireOf(withCrc([0x22, 4, 0, 2, 0, 1])), why: 'bad-field (cross-field rule)' },
  { name: 'COBS code byte running past the delimiter', from: 'shoe', wire: Uint8Array.from([0, 0x09, 0x10, 0x07, 0]), why: 'garbage-before-delimiter' },
  { name: 'line noise, then a good frame', from: 'shoe', wire: concat(Uint8Array.from([0x55, 0xaa, 0xff, 0x13]), goodQH), why: 'noise is discarded at its delimiter; the frame after it still decodes' },
  { name: 'start of a frame lost, then a good frame', from: 'shoe', wire: concat(goodQH.subarray(5), card(8, 13, 'TS')), why: 'the tail cannot decode; the next frame is unaffected' },
  { name: 'frame cut short, next frame complete', from: 'shoe', wire: truncatedThenGood, why: 'the leading delimiter of the next frame ends the cut frame' },
  { name: '70 bytes without a delimiter', from: 'shoe', wire: oversize, why: 'oversize: first 65 bytes reported, then the rest up to the delimiter' },
  { name: 'idle delimiters only', from: 'shoe', wire: Uint8Array.from([0, 0, 0, 0]), why: 'empty frames are idle line, not errors: nothing discarded' },
];

const corruptJson = {
  protocolVersion: PROTOCOL_VERSION,
  about:
    'Corrupt and mixed streams. Push `wire` (hex) into a fresh receiver that hears `from` (null = accept any direction). ' +
    'It must produce exactly `frames` (seq, message) and `discarded` (reason, offset, length; offset counts bytes from the start of `wire`). ' +
    'Bytes not covered by a frame or a discarded run are idle delimiters.',
  vectors: corruptCases.map((c) => {
    const d = new Deframer(c.from ? { from: c.from } : {});
    const r = d.push(c.wire);
    if (d.pending !== 0) throw new Error(`${c.name}: bytes left pending`);
    return {
      name: c.name,
      from: c.from,
      wire: toHex(c.wire),
      why: c.why,
      frames: r.frames.map((f) => ({ seq: f.seq, message: f.message })),
      discarded: r.discarded.map((x) => ({ reason: x.reason, offset: x.offset, length: x.length })),
    };
  }),
};

// ---- primitives ---------------------------------------------------------------------------------
const ascii = (s: string): Uint8Array => Uint8Array.from([...s].map((ch) => ch.charCodeAt(0)));
const cobsCases: number[][] = [[], [0x00], [0x00, 0x00], [0x11, 0x22, 0x00, 0x33], [0x11, 0x22, 0x33, 0x44], [0x11, 0x00, 0x00, 0x00], Array.from({ length: 64 }, (_, i) => (i * 37) & 0xff)];
const primitivesJson = {
  protocolVersion: PROTOCOL_VERSION,
  about: 'CRC-32C and COBS reference values (hex).',
  crc32c: [
    { name: 'catalogue check value', input: toHex(ascii('123456789')), crc: 'e3069283' },
    { name: 'empty', input: '', crc: crc32c(new Uint8Array(0)).toString(16).padStart(8, '0') },
    { name: '32 zero bytes', input: '00'.repeat(32), crc: crc32c(new Uint8Array(32)).toString(16).padStart(8, '0') },
    { name: '32 0xFF bytes', input: 'ff'.repeat(32), crc: crc32c(new Uint8Array(32).fill(0xff)).toString(16).padStart(8, '0') },
  ],
  cobs: cobsCases.map((c) => ({ decoded: toHex(Uint8Array.from(c)), encoded: toHex(cobsEncode(Uint8Array.from(c))) })),
};

writeFileSync(join(out, 'golden.json'), JSON.stringify(goldenJson, null, 2) + '\n');
writeFileSync(join(out, 'corrupt.json'), JSON.stringify(corruptJson, null, 2) + '\n');
writeFileSync(join(out, 'primitives.json'), JSON.stringify(primitivesJson, null, 2) + '\n');
console.log(`wrote ${goldenJson.vectors.length} golden, ${corruptJson.vectors.length} corrupt vectors to ${out}`);
