// A frame as the codec gives it, why bytes are discarded, and the encoder's error: the shapes shared by
// the encoder (frame-encoder.ts), the decoder (frame-decoder.ts) and the deframer. PROTOCOL.md §3–§7, §11.
import type { Message } from './messages.js';

/** A decoded frame: its sequence number (0 for link-control messages) and its message. */
export interface Frame<M extends Message = Message> {
  seq: number;
  message: M;
}

/** Why bytes were discarded (§11). */
export type DiscardReason =
  /** Bytes before a delimiter that are not a well-formed COBS block (noise, or a frame whose start was lost). */
  | 'garbage-before-delimiter'
  /** Well-formed COBS block shorter than the 7-byte minimum frame. */
  | 'too-short'
  /** More than MAX_ENCODED_BYTES without a delimiter; bytes are skipped until the next delimiter. */
  | 'oversize'
  /** CRC-32C mismatch. */
  | 'bad-crc'
  /** CRC good, message id not in the catalogue. */
  | 'unknown-message-id'
  /** CRC good, a message the receiving side never receives (e.g. CARD_DRAWN sent to the shoe). */
  | 'wrong-direction'
  /** CRC good, payload length differs from the catalogue. */
  | 'bad-length'
  /** CRC good, seq 0 on a sequenced message or non-zero seq on a link-control message. */
  | 'bad-seq'
  /** CRC good, a field value outside its range. */
  | 'bad-field'
  /** Bytes of an incomplete frame dropped by reset() (port closed mid-frame). */
  | 'truncated';

export type DecodeBodyResult =
  | { ok: true; frame: Frame }
  | {
      ok: false;
      reason: Exclude<DiscardReason, 'garbage-before-delimiter' | 'oversize' | 'truncated'>;
      detail: string;
      /** Present once the CRC has been verified: the receiver may NAK this seq (§9.4). */
      msgId?: number;
      seq?: number;
    };

export class EncodeError extends Error {
  override name = 'EncodeError';
}
