// Push-style stream deframer, PROTOCOL.md §3.3 and §11.
//
// Feed it whatever the serial port returned, in any chunking; it returns every frame completed
// by that chunk and a typed record for every byte it skipped. Each byte pushed ends up in exactly
// one of: a decoded frame (its COBS bytes and trailing delimiter), a discarded record, an idle
// delimiter (an empty frame, §3.1), or the pending partial frame (`pending`).
// Pure: no I/O, no clock, no randomness.

import { cobsDecode } from './cobs.js';
import { decodeBody, type DiscardReason, type Frame } from './codec.js';
import { DELIMITER, MAX_ENCODED_BYTES } from './constants.js';
import type { Sender } from './messages.js';

export interface DecodedFrame extends Frame {
  /** Stream offset (bytes pushed since construction) of the frame's first COBS byte. */
  offset: number;
  /** Wire bytes consumed: COBS block + trailing delimiter. */
  length: number;
}

export interface DiscardedBytes {
  reason: DiscardReason;
  /** Stream offset of the first discarded byte. */
  offset: number;
  /** Number of bytes discarded, delimiter included when one ended the run. */
  length: number;
  /** The discarded bytes themselves. */
  bytes: Uint8Array;
  detail: string;
  /** Set when the CRC was good, so the receiver knows what it is rejecting (§9.4). */
  msgId?: number;
  seq?: number;
}

export interface PushResult {
  frames: DecodedFrame[];
  discarded: DiscardedBytes[];
}

export interface DeframerOptions {
  /**
   * Which side sent the bytes being deframed. Messages that side never sends are discarded as
   * 'wrong-direction' (e.g. the controller hearing its own frames echoed back). Default: any.
   */
  from?: Sender;
}

export interface DeframerStats {
  bytesIn: number;
  frames: number;
  discardedBytes: number;
  discardedRuns: number;
  idleDelimiters: number;
  byReason: Partial<Record<DiscardReason, number>>;
}

export class Deframer {
  private readonly from: Sender | undefined;
  private readonly buf = new Uint8Array(MAX_ENCODED_BYTES);
  private len = 0;
  /** Stream offset of buf[0] (or of the skipped run when skipping). */
  private start = 0;
  private offset = 0;
  /** Skipping an oversize run until the next delimiter (§3.3). */
  private skipping = false;
  private readonly stats_: DeframerStats = { bytesIn: 0, frames: 0, discardedBytes: 0, discardedRuns: 0, idleDelimiters: 0, byReason: {} };

  constructor(options: DeframerOptions = {}) {
    this.from = options.from;
  }

  /** Bytes held for a frame not yet terminated. */
  get pending(): number {
    return this.skipping ? 0 : this.len;
  }

  get stats(): Readonly<DeframerStats> {
    return this.stats_;
  }

  push(chunk: Uint8Array): PushResult {
    const res: PushResult = { frames: [], discarded: [] };
    let skipRun: number[] | null = this.skipping ? [] : null;
    for (let i = 0; i < chunk.length; i++) {
      const b = chunk[i] as number;
      const at = this.offset++;
      this.stats_.bytesIn++;
      if (this.skipping) {
        (skipRun as number[]).push(b);
        if (b === DELIMITER) {
          this.discard(res, 'oversize', this.start, Uint8Array.from(skipRun as number[]), 'skipped to the next delimiter');
          this.skipping = false;
          skipRun = null;
          this.len = 0;
        }
        continue;
      }
      if (b === DELIMITER) {
        if (this.len === 0) this.stats_.idleDelimiters++;
        else this.candidate(res);
        this.len = 0;
        continue;
      }
      if (this.len === 0) this.start = at;
      if (this.len === MAX_ENCODED_BYTES) {
        // §3.3: no valid frame is this long: drop what we hold and skip to the next delimiter.
        const held = this.buf.slice(0, this.len);
        this.discard(res, 'oversize', this.start, held, `more than ${MAX_ENCODED_BYTES} bytes without a delimiter`);
        this.skipping = true;
        this.start = at;
        skipRun = [b];
        this.len = 0;
        continue;
      }
      this.buf[this.len++] = b;
    }
    if (this.skipping && skipRun && skipRun.length > 0) {
      // Report skipped bytes chunk by chunk so nothing is held back silently.
      this.discard(res, 'oversize', this.start, Uint8Array.from(skipRun), 'still skipping: no delimiter yet');
      this.start = this.offset;
    }
    return res;
  }

  /** Drops a pending partial frame (e.g. the port closed mid-frame) and reports it as 'truncated'. */
  reset(): PushResult {
    const res: PushResult = { frames: [], discarded: [] };
    if (!this.skipping && this.len > 0) {
      this.discard(res, 'truncated', this.start, this.buf.slice(0, this.len), 'incomplete frame dropped by reset');
    }
    this.len = 0;
    this.skipping = false;
    return res;
  }

  private candidate(res: PushResult): void {
    const block = this.buf.slice(0, this.len);
    const wire = new Uint8Array(this.len + 1);
    wire.set(block);
    const dec = cobsDecode(block);
    if (!dec.ok) {
      this.discard(res, 'garbage-before-delimiter', this.start, wire, dec.detail);
      return;
    }
    const body = decodeBody(dec.data, this.from);
    if (body.ok) {
      this.stats_.frames++;
      res.frames.push({ ...body.frame, offset: this.start, length: wire.length });
      return;
    }
    const rec: DiscardedBytes = { reason: body.reason, offset: this.start, length: wire.length, bytes: wire, detail: body.detail };
    if (body.msgId !== undefined) rec.msgId = body.msgId;
    if (body.seq !== undefined) rec.seq = body.seq;
    this.record(res, rec);
  }

  private discard(res: PushResult, reason: DiscardReason, offset: number, bytes: Uint8Array, detail: string): void {
    this.record(res, { reason, offset, length: bytes.length, bytes, detail });
  }

  private record(res: PushResult, rec: DiscardedBytes): void {
    this.stats_.discardedBytes += rec.length;
    this.stats_.discardedRuns++;
    this.stats_.byReason[rec.reason] = (this.stats_.byReason[rec.reason] ?? 0) + rec.length;
    res.discarded.push(rec);
  }
}
