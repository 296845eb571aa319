// Public API of the shoe link codec (PROTOCOL.md version 2). Pure TypeScript: no I/O, no clock,
// no randomness, no node: imports; bytes are Uint8Array.

export { crc32c, CRC32C_CHECK, CRC32C_INIT, CRC32C_POLY, CRC32C_POLY_REFLECTED, CRC32C_XOROUT } from './crc32c.js';
export { cobsEncode, cobsDecode, cobsMaxEncodedLength, type CobsDecodeResult } from './cobs.js';
export {
  PROTOCOL_VERSION,
  MIN_PROTOCOL_VERSION,
  DELIMITER,
  HEADER_BYTES,
  CRC_BYTES,
  MIN_FRAME_BYTES,
  MAX_FRAME_BYTES,
  MAX_ENCODED_BYTES,
  MIN_SHOE_TX_QUEUE,
  TIMING,
} from './constants.js';
export { RANKS, SUITS, isCard, cardFromBytes, cardToBytes, oneDeck, type Card, type Rank, type Suit } from './cards.js';
export * from './messages.js';
export {
  encodeBody,
  encodeFrame,
  decodeBody,
  decodeFrame,
  messageTypeOf,
  toHex,
  fromHex,
  EncodeError,
  type Frame,
  type DiscardReason,
  type DecodeBodyResult,
} from './codec.js';
export { Deframer, type DecodedFrame, type DiscardedBytes, type PushResult, type DeframerOptions, type DeframerStats } from './deframer.js';
export {
  SEQ_NONE,
  SEQ_FIRST,
  SEQ_LAST,
  nextSeq,
  prevSeq,
  isValidSeq,
  seqBehind,
  classifyIncoming,
  negotiateVersion,
  applyPeerHello,
  type ReceiveVerdict,
  type VersionRange,
  type SequenceContinuity,
  type PeerHelloRuleInput,
  type PeerHelloRuleOutput,
} from './sequence.js';
export {
  receiveSequenced,
  inFlightVerdict,
  rejectInvalidFrame,
  crcNakDue,
  type ReceiverSession,
  type SequencedFrameAction,
  type InFlightVerdict,
} from './link/receiver.js';
export { onAckTimeout, onPeerNak, ackSettles, type OutstandingFrame, type NakResponse } from './link/stop-and-wait.js';
export {
  buildHello,
  helloRetryMs,
  judgePeerHello,
  resyncFromHello,
  incidentOf,
  PeerSessions,
  type HelloIdentity,
  type HelloSequenceState,
  type PeerHelloVerdict,
  type IncidentKind,
} from './link/handshake.js';
