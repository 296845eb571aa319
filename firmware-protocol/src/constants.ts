// Normative constants of PROTOCOL.md. Pure data.

/** §8.3: the protocol version this codec implements (2: session nonces, anchored gate allowance, §15.3). */
export const PROTOCOL_VERSION = 2;
/**
 * §8.3, §15.3: the lowest protocol version this controller accepts. Version 1 is not spoken any more:
 * its GATE_UNLOCK cannot say which cards an allowance was granted after, which is how a card left
 * the shoe out of turn after a reconnect. A version-1 HELLO is still decoded, so a version-1 shoe
 * gets the version-mismatch behaviour of §8.3 rather than silence.
 */
export const MIN_PROTOCOL_VERSION = 2;

/** §3: the frame delimiter. */
export const DELIMITER = 0x00;
/** §5: header = message id (1) + sequence number (2). */
export const HEADER_BYTES = 3;
/** §4: CRC-32C, 4 bytes little-endian. */
export const CRC_BYTES = 4;
/** §5: smallest frame = header + empty payload + CRC. */
export const MIN_FRAME_BYTES = HEADER_BYTES + CRC_BYTES;
/** §5: largest unencoded frame (header + payload + CRC). */
export const MAX_FRAME_BYTES = 64;
/** §3.2: largest COBS-encoded frame, delimiters excluded (64 + 1 code byte). */
export const MAX_ENCODED_BYTES = MAX_FRAME_BYTES + 1;

/** §9 and §10: link timing. */
export const TIMING = {
  /** §10.1: the shoe sends HEARTBEAT this often while a session is up. */
  heartbeatIntervalMs: 1000,
  /** §10.2: the controller declares the link down after this many missed heartbeats... */
  missedHeartbeatsForLinkDown: 3,
  /** §10.2: ...i.e. when no valid frame has arrived for this long (3 × 1000 ms + 500 ms grace). */
  linkDownAfterMs: 3500,
  /** §9.2: a sequenced frame not ACKed within this time is retransmitted. */
  ackTimeoutMs: 250,
  /** §9.2: retransmissions of one frame before the sender declares the session lost. */
  maxRetransmissions: 5,
  /** §8.1: HELLO requests are repeated this often until the peer's HELLO arrives. */
  helloIntervalMs: 1000,
  /** §8.3: HELLO interval while the versions are incompatible. */
  incompatibleHelloIntervalMs: 5000,
  /** §9.4: at most one NAK CRC_ERROR per this interval. */
  crcNakMinIntervalMs: 50,
} as const;

/** §9.5: a shoe must queue at least this many reliable frames before it locks the gate itself. */
export const MIN_SHOE_TX_QUEUE = 16;
