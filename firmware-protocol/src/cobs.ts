// Consistent Overhead Byte Stuffing (Cheshire & Baker, 1999), PROTOCOL.md §3 "Framing".
//
// COBS removes every 0x00 from a block so 0x00 can delimit frames on the wire. Each encoded
// block starts with a code byte c (1..255): c-1 data bytes follow; if c < 0xFF an implied 0x00
// follows them, except after the last block. The implied zero after the last block is dropped.
// Because a protocol frame is at most MAX_FRAME_BYTES (64) long, an encoded frame never contains
// a 0xFF code (a 254-byte run), so the usual end-of-block ambiguity cannot arise (§3.2).
//
// Pure: no I/O, no clock, no randomness.

/** Worst-case encoded length of `n` bytes: n + ceil(n / 254), at least 1. */
export function cobsMaxEncodedLength(n: number): number {
  return n + Math.max(1, Math.ceil(n / 254));
}

/** Encodes `data` (which may contain zeros) into a zero-free block. No delimiter is added. */
export function cobsEncode(data: Uint8Array): Uint8Array {
  const out = new Uint8Array(cobsMaxEncodedLength(data.length));
  let codeAt = 0; // index of the current block's code byte
  let o = 1;
  let code = 1;
  for (let i = 0; i < data.length; i++) {
    const b = data[i] as number;
    if (b === 0) {
      out[codeAt] = code;
      codeAt = o++;
      code = 1;
    } else {
      out[o++] = b;
      code++;
      // A full block (254 data bytes) ends without an implied zero. Start another block only if
      // data follows; a full block at the very end is not followed by a 0x01 code (§3.2).
      if (code === 0xff && i < data.length - 1) {
        out[codeAt] = code;
        codeAt = o++;
        code = 1;
      }
    }
  }
  out[codeAt] = code;
  return out.subarray(0, o);
}

export type CobsDecodeResult = { ok: true; data: Uint8Array } | { ok: false; detail: string };

/**
 * Decodes one zero-free block (without its delimiter). Fails when a code byte is 0x00 or
 * points past the end of the block (a truncated or garbled frame).
 */
export function cobsDecode(block: Uint8Array): CobsDecodeResult {
  const out = new Uint8Array(block.length);
  let o = 0;
  let i = 0;
  while (i < block.length) {
    const code = block[i] as number;
    if (code === 0) return { ok: false, detail: `zero code byte at ${i}` };
    if (i + code > block.length) {
      return { ok: false, detail: `code byte 0x${code.toString(16).padStart(2, '0')} at ${i} runs past the end of the ${block.length}-byte block` };
    }
    for (let k = 1; k < code; k++) {
      const b = block[i + k] as number;
      if (b === 0) return { ok: false, detail: `zero data byte at ${i + k}` };
      out[o++] = b;
    }
    i += code;
    if (code !== 0xff && i < block.length) out[o++] = 0;
  }
  return { ok: true, data: out.subarray(0, o) };
}
