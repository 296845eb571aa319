// The settlement feed's signature (docs/web-api.md, "Settlement feed"): `X-Table-Signature: sha256=<hex>`,
// HMAC-SHA256 of the exact body bytes with the secret the table and the receiver share.
import { createHmac, timingSafeEqual } from 'node:crypto';

export const SIGNATURE_HEADER = 'x-table-signature';

/** The header's value for `body` signed with `secret`. */
export function tableSignature(secret: string, body: Buffer | string): string {
  return `sha256=${createHmac('sha256', secret).update(body).digest('hex')}`;
}

/** Whether `header` is the signature of `body` with `secret` (compared in constant time). */
export function signatureVerifies(secret: string, body: Buffer, header: string): boolean {
  const expected = Buffer.from(tableSignature(secret, body));
  const given = Buffer.from(header.trim().toLowerCase());
  return given.length === expected.length && timingSafeEqual(given, expected);
}
