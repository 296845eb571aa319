// Sequence-number arithmetic and the receive/HELLO rules of PROTOCOL.md §6 and §8.
// Pure: no I/O, no clock, no randomness. Both the controller (src/adapters/serial) and the
// shoe emulator (src/adapters/shoe-emulator) apply these rules, as the shoe firmware must.

/** §6.1: sequenced frames carry 1..65535; 0 means "none" (in HELLO) or "unsequenced" (header). */
export const SEQ_NONE = 0;
export const SEQ_FIRST = 1;
export const SEQ_LAST = 0xffff;

/** §6.1: the sequence number after `s`; 65535 wraps to 1 and "none" (0) is followed by 1. */
export function nextSeq(s: number): number {
  return s >= SEQ_LAST || s < SEQ_FIRST ? SEQ_FIRST : s + 1;
}

/** §6.1: the sequence number before `s`; 1 is preceded by 65535. */
export function prevSeq(s: number): number {
  return s <= SEQ_FIRST ? SEQ_LAST : s - 1;
}

export function isValidSeq(s: number): boolean {
  return Number.isInteger(s) && s >= SEQ_FIRST && s <= SEQ_LAST;
}

/**
 * §6.3 receive rule for a sequenced frame, given the last sequence number this side delivered
 * from the peer (0 = none yet in this session):
 *  - `deliver`   seq = next(lastDelivered): hand to the application, then ACK.
 *  - `duplicate` seq = lastDelivered: re-ACK, do not deliver again.
 *  - `unexpected` anything else: NAK UNEXPECTED_SEQ, do not deliver.
 */
export type ReceiveVerdict = 'deliver' | 'duplicate' | 'unexpected';

export function classifyIncoming(lastDelivered: number, seq: number): ReceiveVerdict {
  if (seq === nextSeq(lastDelivered)) return 'deliver';
  if (lastDelivered !== SEQ_NONE && seq === lastDelivered) return 'duplicate';
  return 'unexpected';
}

/**
 * §6.1: true when `a` precedes `b` by 1..32767 steps in the circular space 1..65535 (so `a` was
 * numbered before `b`). With `b` = 0 ("none") nothing is behind.
 */
export function seqBehind(a: number, b: number): boolean {
  if (b === SEQ_NONE || a === SEQ_NONE) return false;
  const d = (b - a + SEQ_LAST) % SEQ_LAST;
  return d > 0 && d < 32768;
}

/** §8.3: protocol version ranges advertised in HELLO. */
export interface VersionRange {
  min: number;
  max: number;
}

/** §8.3: the highest version both sides speak, or null when the ranges do not overlap. */
export function negotiateVersion(local: VersionRange, peer: VersionRange): number | null {
  const v = Math.min(local.max, peer.max);
  return v >= Math.max(local.min, peer.min) ? v : null;
}

/** What §8.4 says about the peer's announced transmit sequence. */
export type SequenceContinuity =
  | { kind: 'continuous' }
  | { kind: 'peer-cold-start'; lastDelivered: number }
  | { kind: 'adopted'; announced: number }
  | { kind: 'gap'; expected: number; announced: number }
  | { kind: 'rollback'; lastDelivered: number; announced: number };

export interface PeerHelloRuleInput {
  /** Last sequence number this side delivered from the peer (0 = none, e.g. first run). */
  lastDelivered: number;
  /** True when this side has never delivered anything from this peer (no persisted state). */
  noHistory: boolean;
  /** Sequence number of this side's own unacknowledged frame, or null. */
  outstanding: number | null;
  /** From the peer's HELLO. */
  peerNextTxSeq: number;
  peerLastRxSeq: number;
  peerColdStart: boolean;
  /**
   * §8.6 (version 2): the peer's HELLO echoes this side's current session nonce, so its
   * `peerLastRxSeq` speaks of frames this side sent since its own power-up. When it does not
   * (the peer's state is about an earlier power-up of this side), (c) does not apply. Default true.
   */
  peerEchoesUs?: boolean;
}

export interface PeerHelloRuleOutput {
  /** New value of "last delivered from peer". */
  lastDelivered: number;
  continuity: SequenceContinuity;
  /** §8.4 (c): the peer already delivered our outstanding frame (its ACK was lost): treat as ACKed. */
  outstandingDelivered: boolean;
}

/**
 * §8.4 sequence resynchronisation on receipt of the peer's HELLO:
 *  (a) peer COLD_START: the peer lost its sequence state; lastDelivered := 0 so its seq 1 is accepted.
 *  (b) peer next_tx_seq = next(lastDelivered) or = lastDelivered (its outstanding frame was
 *      delivered, the ACK lost): continuous, nothing changes.
 *      Otherwise, with no local history: adopt lastDelivered := prev(next_tx_seq), silently.
 *      Otherwise, if next_tx_seq is behind lastDelivered (within half the sequence space): a
 *      rollback (a stale HELLO, or peer state restored from an older copy): report it and do NOT
 *      move lastDelivered back — re-delivering an event is worse than stopping.
 *      Otherwise: a gap (frames the peer numbered but this side never delivered): report it and
 *      adopt lastDelivered := prev(next_tx_seq).
 *  (c) peer last_rx_seq = our outstanding seq (and, version 2, the peer echoes our session nonce,
 *      §8.6): that frame was delivered; consider it ACKed.
 */
export function applyPeerHello(i: PeerHelloRuleInput): PeerHelloRuleOutput {
  const outstandingDelivered = i.outstanding !== null && i.peerLastRxSeq === i.outstanding && i.peerEchoesUs !== false;
  if (i.peerColdStart) {
    return {
      lastDelivered: SEQ_NONE,
      continuity: i.noHistory ? { kind: 'continuous' } : { kind: 'peer-cold-start', lastDelivered: i.lastDelivered },
      outstandingDelivered,
    };
  }
  const n = i.peerNextTxSeq;
  if (n === nextSeq(i.lastDelivered) || (i.lastDelivered !== SEQ_NONE && n === i.lastDelivered)) {
    return { lastDelivered: i.lastDelivered, continuity: { kind: 'continuous' }, outstandingDelivered };
  }
  if (i.noHistory) {
    return { lastDelivered: prevSeq(n), continuity: { kind: 'adopted', announced: n }, outstandingDelivered };
  }
  if (seqBehind(n, i.lastDelivered)) {
    return { lastDelivered: i.lastDelivered, continuity: { kind: 'rollback', lastDelivered: i.lastDelivered, announced: n }, outstandingDelivered };
  }
  return {
    lastDelivered: prevSeq(n),
    continuity: { kind: 'gap', expected: nextSeq(i.lastDelivered), announced: n },
    outstandingDelivered,
  };
}
