// Frame encoding and decoding, PROTOCOL.md §3–§7.
//
//   wire:   0x00 | COBS( frame ) | 0x00                                       (§3)
//   frame:  id u8 | seq u16 LE | payload (fixed per id, §7) | CRC-32C u32 LE  (§4, §5)
//
// The CRC covers id, seq and payload. All multi-byte integers are little-endian (§5.1).
// Pure: no I/O, no clock, no randomness. The encoder and the decoder are in their own files; this is
// the codec as the rest of the package imports it.
export { EncodeError, type DecodeBodyResult, type DiscardReason, type Frame } from './frame.js';
export { encodeBody, encodeFrame } from './frame-encoder.js';
export { decodeBody, decodeFrame, messageTypeOf } from './frame-decoder.js';
export { fromHex, toHex } from './hex.js';
