// Receive side of one direction of the link (PROTOCOL.md §6.3, §9.4, §9.6), shared by both ends.
// Pure: each function decides from the sequence state it is given and returns what to do as data.

import type { DiscardedBytes } from '../deframer.js';
import type { NakReason } from '../messages.js';
import { classifyIncoming, nextSeq } from '../sequence.js';
import { TIMING } from '../constants.js';

/** Where the receiving end's session stands, as far as a sequenced frame is concerned. */
export type ReceiverSession = 'up' | 'incompatible' | 'down';

/** What to do with a sequenced frame (a shoe event, or a controller command). */
export type SequencedFrameAction =
  /** §7.2.3, §9.4: answer with a NAK and deliver nothing. */
  | { kind: 'nak'; seq: number; reason: NakReason }
  /** §6.3: delivered before; our ACK was lost or late: ACK again, deliver nothing. */
  | { kind: 'ack-again'; seq: number }
  /** The next frame in sequence: deliver it (then ACK it, §9.6). */
  | { kind: 'deliver'; seq: number };

/** §6.3, §8, §9: the verdict on a sequenced frame, given the session and the last delivered seq. */
export function receiveSequenced(session: ReceiverSession, lastDelivered: number, seq: number): SequencedFrameAction {
  if (session !== 'up') return { kind: 'nak', seq, reason: session === 'incompatible' ? 'VERSION_MISMATCH' : 'NO_SESSION' };
  const verdict = classifyIncoming(lastDelivered, seq);
  if (verdict === 'duplicate') return { kind: 'ack-again', seq };
  if (verdict === 'unexpected') return { kind: 'nak', seq, reason: 'UNEXPECTED_SEQ' };
  return { kind: 'deliver', seq };
}

/** What a deliverable frame meets while an earlier delivery is still being persisted (§6.3, §9.6). */
export type InFlightVerdict =
  /** The same frame retransmitted while its first copy is persisted: no second delivery, ACK later. */
  | 'in-flight-duplicate'
  /** Another frame while one is in flight: out of turn (§9.1 stop-and-wait). */
  | 'busy'
  | 'free';

export function inFlightVerdict(inFlight: number | null, seq: number): InFlightVerdict {
  if (inFlight === seq) return 'in-flight-duplicate';
  return inFlight !== null ? 'busy' : 'free';
}

/**
 * §9.4: a CRC-good but invalid sequenced frame is rejected with a NAK; its seq is consumed (the
 * link must not stall on a frame that would be rejected forever) when it is the next one and no
 * delivery is in flight. Null: nothing to answer (line noise, wrong direction, bad or zero seq).
 */
export function rejectInvalidFrame(
  d: Pick<DiscardedBytes, 'reason'> & { seq?: number },
  lastDelivered: number,
  inFlight: number | null = null,
): { nak: { seq: number; reason: NakReason }; lastDelivered: number } | null {
  if (!d.seq) return null;
  const reason = NAK_FOR_INVALID[d.reason];
  if (!reason) return null;
  const consume = d.seq === nextSeq(lastDelivered) && inFlight === null;
  return { nak: { seq: d.seq, reason }, lastDelivered: consume ? d.seq : lastDelivered };
}

const NAK_FOR_INVALID: Partial<Record<DiscardedBytes['reason'], NakReason>> = {
  'unknown-message-id': 'UNKNOWN_MESSAGE',
  'bad-length': 'BAD_LENGTH',
  'bad-field': 'BAD_FIELD',
};

/** §9.4: a CRC error is answered with NAK(0, CRC_ERROR) at most once per `crcNakMinIntervalMs`. */
export function crcNakDue(now: number, lastCrcNakAt: number): boolean {
  return now - lastCrcNakAt >= TIMING.crcNakMinIntervalMs;
}
