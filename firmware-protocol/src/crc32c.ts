// CRC-32C (Castagnoli), PROTOCOL.md §4 "Integrity check".
//
//   width 32, poly 0x1EDC6F41 (reflected 0x82F63B78), init 0xFFFFFFFF,
//   refin true, refout true, xorout 0xFFFFFFFF, check("123456789") = 0xE3069283.
//
// Pure: no I/O, no clock, no randomness.

/** Reflected polynomial used by the table-driven, LSB-first implementation (PROTOCOL.md §4). */
export const CRC32C_POLY_REFLECTED = 0x82f63b78;
/** Normal (MSB-first) form of the same polynomial, as quoted in catalogues. */
export const CRC32C_POLY = 0x1edc6f41;
export const CRC32C_INIT = 0xffffffff;
export const CRC32C_XOROUT = 0xffffffff;
/** CRC-32C of the ASCII bytes "123456789" (the catalogue check value). */
export const CRC32C_CHECK = 0xe3069283;

const TABLE: Uint32Array = (() => {
  const t = new Uint32Array(256);
  for (let n = 0; n < 256; n++) {
    let c = n;
    for (let k = 0; k < 8; k++) c = c & 1 ? (c >>> 1) ^ CRC32C_POLY_REFLECTED : c >>> 1;
    t[n] = c >>> 0;
  }
  return t;
})();

/** CRC-32C of `bytes[start, end)`, as an unsigned 32-bit number. */
export function crc32c(bytes: Uint8Array, start = 0, end = bytes.length): number {
  let crc = CRC32C_INIT;
  for (let i = start; i < end; i++) {
    crc = (TABLE[(crc ^ (bytes[i] as number)) & 0xff] as number) ^ (crc >>> 8);
  }
  return (crc ^ CRC32C_XOROUT) >>> 0;
}
