// The webhook's signature (docs/web-api.md, "Settlement feed"): `X-Table-Signature: sha256=<hex>`, the
// HMAC-SHA256 of the request's exact body bytes with the table's feed secret. The receiver computes the same
// over the bytes it received (before parsing them) and compares in constant time.
import { createHmac, timingSafeEqual } from 'node:crypto';

export const SIGNATURE_HEADER = 'X-Table-Signature';

/** The header's value for `body`. */
export function feedSignature(body: Uint8Array, secret: string): string {
  return `sha256=${createHmac('sha256', secret).update(body).digest('hex')}`;
}

/** Whether `header` signs `body` with `secret` (what a receiver checks). */
export function verifyFeedSignature(body: Uint8Array, secret: string, header: string | undefined): boolean {
  if (header === undefined) return false;
  const expected = Buffer.from(feedSignature(body, secret));
  const given = Buffer.from(header);
  return given.length === expected.length && timingSafeEqual(given, expected);
}
