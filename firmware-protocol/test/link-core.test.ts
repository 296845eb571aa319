// The pure link core (src/link/): given a sequence state, when a frame, NAK, timeout or HELLO
// arrives, then the decision returned as data (PROTOCOL.md §6.3, §8, §9).
import { describe, expect, it } from 'vitest';
import {
  ackSettles,
  buildHello,
  crcNakDue,
  helloRetryMs,
  incidentOf,
  inFlightVerdict,
  judgePeerHello,
  onAckTimeout,
  onPeerNak,
  PeerSessions,
  receiveSequenced,
  rejectInvalidFrame,
  resyncFromHello,
  TIMING,
  type HelloMessage,
} from '../src/index.js';

const versions = { min: 1, max: 2 };
const shoeHello = (over: Partial<HelloMessage> = {}): HelloMessage => ({
  ...buildHello(
    { role: 'shoe', versions, firmwareVersion: '1.0.0', serialNumber: 'S', deckCount: 6 },
    { coldStart: false, nextTxSeq: 5, lastRxSeq: 3, bootNonce: 77, peerNonce: 11 },
    false,
  ),
  ...over,
});

describe('receiver (§6.3, §9.4)', () => {
  it('given no session, a sequenced frame is answered NO_SESSION, or VERSION_MISMATCH when incompatible', () => {
    expect(receiveSequenced('down', 4, 5)).toEqual({ kind: 'nak', seq: 5, reason: 'NO_SESSION' });
    expect(receiveSequenced('incompatible', 4, 5)).toEqual({ kind: 'nak', seq: 5, reason: 'VERSION_MISMATCH' });
  });
  it('given last delivered 4, seq 5 is delivered, seq 4 is ACKed again, seq 7 is NAKed UNEXPECTED_SEQ', () => {
    expect(receiveSequenced('up', 4, 5)).toEqual({ kind: 'deliver', seq: 5 });
    expect(receiveSequenced('up', 4, 4)).toEqual({ kind: 'ack-again', seq: 4 });
    expect(receiveSequenced('up', 4, 7)).toEqual({ kind: 'nak', seq: 7, reason: 'UNEXPECTED_SEQ' });
  });
  it('given seq 5 in flight, its retransmission is an in-flight duplicate and any other seq is out of turn', () => {
    expect(inFlightVerdict(5, 5)).toBe('in-flight-duplicate');
    expect(inFlightVerdict(5, 6)).toBe('busy');
    expect(inFlightVerdict(null, 6)).toBe('free');
  });
  it('given a CRC-good invalid frame with the next seq, it is NAKed and its seq consumed unless a delivery is in flight', () => {
    expect(rejectInvalidFrame({ reason: 'bad-length', seq: 5 }, 4)).toEqual({ nak: { seq: 5, reason: 'BAD_LENGTH' }, lastDelivered: 5 });
    expect(rejectInvalidFrame({ reason: 'unknown-message-id', seq: 5 }, 4, 9)).toEqual({ nak: { seq: 5, reason: 'UNKNOWN_MESSAGE' }, lastDelivered: 4 });
    expect(rejectInvalidFrame({ reason: 'bad-field', seq: 8 }, 4)).toEqual({ nak: { seq: 8, reason: 'BAD_FIELD' }, lastDelivered: 4 });
  });
  it('given a wrong-direction frame, a bad seq or seq 0, there is nothing to answer', () => {
    expect(rejectInvalidFrame({ reason: 'wrong-direction', seq: 5 }, 4)).toBeNull();
    expect(rejectInvalidFrame({ reason: 'bad-seq', seq: 5 }, 4)).toBeNull();
    expect(rejectInvalidFrame({ reason: 'bad-length', seq: 0 }, 4)).toBeNull();
  });
  it('a CRC NAK is due only once the minimum interval has passed since the last one', () => {
    expect(crcNakDue(1000, 1000 - TIMING.crcNakMinIntervalMs)).toBe(true);
    expect(crcNakDue(1000, 1001 - TIMING.crcNakMinIntervalMs)).toBe(false);
    expect(crcNakDue(0, -Infinity)).toBe(true);
  });
});

describe('stop-and-wait (§9)', () => {
  it('given fewer retransmissions than the limit, an ACK timeout retransmits; at the limit the session is lost', () => {
    expect(onAckTimeout({ retransmissions: TIMING.maxRetransmissions - 1 })).toBe('retransmit');
    expect(onAckTimeout({ retransmissions: TIMING.maxRetransmissions })).toBe('session-lost');
  });
  it('given frame 9 outstanding, each NAK reason asks for its own response', () => {
    expect(onPeerNak('CRC_ERROR', 0, 9, true)).toBe('retransmit');
    expect(onPeerNak('CRC_ERROR', 0, 9, false)).toBe('ignore');
    expect(onPeerNak('CRC_ERROR', 0, null, true)).toBe('ignore');
    expect(onPeerNak('BAD_FIELD', 9, 9, true)).toBe('rejected');
    expect(onPeerNak('BAD_FIELD', 8, 9, true)).toBe('ignore');
    expect(onPeerNak('NO_SESSION', 9, 9, true)).toBe('resync');
    expect(onPeerNak('UNEXPECTED_SEQ', 8, 9, true)).toBe('ignore'); // §7.2.3: late NAK for a settled frame
    expect(onPeerNak('VERSION_MISMATCH', 0, null, false)).toBe('incompatible');
  });
  it('an ACK settles only the frame it names', () => {
    expect(ackSettles(9, 9)).toBe(true);
    expect(ackSettles(8, 9)).toBe(false);
    expect(ackSettles(9, null)).toBe(false);
  });
});

describe('handshake (§8)', () => {
  it('builds a HELLO from identity and sequence state', () => {
    expect(shoeHello()).toMatchObject({ type: 'HELLO', role: 'shoe', protocolVersion: 2, minProtocolVersion: 1, reply: false, nextTxSeq: 5, lastRxSeq: 3, bootNonce: 77, peerNonce: 11 });
    expect(helloRetryMs(true)).toBe(TIMING.incompatibleHelloIntervalMs);
    expect(helloRetryMs(false)).toBe(TIMING.helloIntervalMs);
  });
  it('judges an echo, a version mismatch, a late reply, and accepts the rest', () => {
    expect(judgePeerHello(shoeHello({ role: 'controller' }), 'shoe', versions, false, false)).toEqual({ kind: 'echo' });
    expect(judgePeerHello(shoeHello({ minProtocolVersion: 3, protocolVersion: 4 }), 'shoe', versions, false, false)).toEqual({ kind: 'incompatible' });
    expect(judgePeerHello(shoeHello({ reply: true }), 'shoe', versions, false, false)).toEqual({ kind: 'late-reply' });
    expect(judgePeerHello(shoeHello({ reply: true }), 'shoe', versions, true, true)).toEqual({ kind: 'late-reply' });
    expect(judgePeerHello(shoeHello({ reply: true }), 'shoe', versions, true, false)).toEqual({ kind: 'accept', version: 2 });
  });
  it("given a peer HELLO that does not echo our nonce, its lastRxSeq says nothing of our outstanding frame (§8.6)", () => {
    const h = shoeHello({ lastRxSeq: 9, peerNonce: 12 });
    expect(resyncFromHello(h, { lastDelivered: 4, noHistory: false, outstanding: 9, bootNonce: 11 }).outstandingDelivered).toBe(false);
    expect(resyncFromHello({ ...h, peerNonce: 11 }, { lastDelivered: 4, noHistory: false, outstanding: 9, bootNonce: 11 }).outstandingDelivered).toBe(true);
  });
  it('a gap and a rollback are incidents; a cold start only from a peer already in session', () => {
    expect(incidentOf({ kind: 'gap', expected: 5, announced: 8 }, false)?.kind).toBe('gap');
    expect(incidentOf({ kind: 'rollback', announced: 2, lastDelivered: 4 }, false)?.kind).toBe('rollback');
    expect(incidentOf({ kind: 'peer-cold-start', lastDelivered: 4 }, false)).toBeNull();
    expect(incidentOf({ kind: 'peer-cold-start', lastDelivered: 4 }, true)?.detail).toContain('after seq 4');
  });
  it('given nonce 77 adopted then 78, a HELLO under 77 is stale, and a cold start under 78 after deliveries too', () => {
    const s = new PeerSessions();
    s.adopt(shoeHello({ bootNonce: 77 }));
    expect(s.restartedInSession(shoeHello({ bootNonce: 78 }))).toBe(true);
    s.adopt(shoeHello({ bootNonce: 78 }));
    expect(s.current).toBe(78);
    expect(s.staleHello(shoeHello({ bootNonce: 77 }))).toContain('earlier power-up');
    expect(s.staleHello(shoeHello({ bootNonce: 78, coldStart: true }))).toBeNull();
    s.noteDelivered();
    expect(s.deliveredInSession).toBe(1);
    expect(s.staleHello(shoeHello({ bootNonce: 78, coldStart: true }))).toContain('after 1 events');
    const { bootNonce: _none, ...withoutNonce } = shoeHello();
    expect(s.staleHello(withoutNonce)).toBeNull();
  });
});
