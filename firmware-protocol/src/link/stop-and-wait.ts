// Transmit side of one direction of the link (PROTOCOL.md §9): one outstanding frame at a time,
// retransmitted on ACK timeout or NAK CRC_ERROR, given up on after the retransmission limit.
// Pure: the functions return what to do as data; the caller owns the timer and the wire.

import { TIMING } from '../constants.js';
import type { NakReason } from '../messages.js';

/** The frame awaiting its ACK (§9.1). */
export interface OutstandingFrame {
  seq: number;
  bytes: Uint8Array;
  retransmissions: number;
}

/** §9.2: on ACK timeout, send the frame again, or (limit reached) the session is lost and the frame kept. */
export function onAckTimeout(o: Pick<OutstandingFrame, 'retransmissions'>): 'retransmit' | 'session-lost' {
  return o.retransmissions >= TIMING.maxRetransmissions ? 'session-lost' : 'retransmit';
}

/** What a NAK from the peer asks of the sender (§7.2.3, §9.4). */
export type NakResponse =
  /** CRC_ERROR: send the outstanding frame again now. */
  | 'retransmit'
  /** UNKNOWN_MESSAGE / BAD_LENGTH / BAD_FIELD about the outstanding frame: consumed and rejected; drop it. */
  | 'rejected'
  /** UNEXPECTED_SEQ / NO_SESSION about the outstanding frame: the session is lost; handshake again. */
  | 'resync'
  /** VERSION_MISMATCH: no common protocol version (§8.3). */
  | 'incompatible'
  /** About no frame of ours (a late NAK for a settled frame, §7.2.3), or nothing outstanding. */
  | 'ignore';

export function onPeerNak(reason: NakReason, nakSeq: number, outstandingSeq: number | null, sessionUp: boolean): NakResponse {
  switch (reason) {
    case 'CRC_ERROR':
      return outstandingSeq !== null && sessionUp ? 'retransmit' : 'ignore';
    case 'UNKNOWN_MESSAGE':
    case 'BAD_LENGTH':
    case 'BAD_FIELD':
      return outstandingSeq === nakSeq ? 'rejected' : 'ignore';
    case 'UNEXPECTED_SEQ':
    case 'NO_SESSION':
      return outstandingSeq === nakSeq ? 'resync' : 'ignore';
    case 'VERSION_MISMATCH':
      return 'incompatible';
  }
}

/** An ACK settles the outstanding frame only when it names it. */
export function ackSettles(ackSeq: number, outstandingSeq: number | null): boolean {
  return outstandingSeq !== null && ackSeq === outstandingSeq;
}
