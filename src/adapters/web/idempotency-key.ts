// The idempotency key a client sends with a command (docs/web-api.md, "Retries and idempotency keys"): the
// `Idempotency-Key` header over HTTP, the `idempotencyKey` field of a command socket message. The table keeps
// each key on its log with the command's input, scoped to the sender's credential, with the digest of the
// command as sent (its name, the sender and the body as canonical JSON, RFC 8785): a retry that matches it is
// answered from the log, another command under the same key is refused (422).
import { z } from 'zod';
import type { IdempotencyConfig } from '../../config/idempotency-config.js';
import { canonicalJson } from '../../log/canonical-json.js';
import { bodyDigest } from './json-guard.js';
import { webReason, type WebReason } from './web-reasons.js';

/** The header, as Node names it (lower case). */
export const KEY_HEADER = 'idempotency-key';
/** The field of a command socket message. */
export const KEY_FIELD = 'idempotencyKey';

/** 1 to 256 printable ASCII characters (space to tilde), compared as sent. */
export const idempotencyKeySchema = z.string().min(1).max(256).regex(/^[\x20-\x7e]*$/);

/** How long keys are kept, in words, with the table file's settings named (the documents say it). */
export function retentionWords({ keepShoes, maxKeys }: IdempotencyConfig): string {
  const shoes = keepShoes === 1 ? 'the current shoe' : keepShoes === 2 ? 'the current shoe and the one before it' : `the current shoe and the ${keepShoes - 1} before it`;
  return `Keys are kept on the table's log for ${shoes} (the table file's idempotency.keepShoes: ${keepShoes}), at most ${maxKeys} of them (idempotency.maxKeys); a key older than that is forgotten.`;
}

/** What the key does, for the OpenAPI header and the AsyncAPI field (docs/web-api.md says the same). */
export function keyDescription(retention: IdempotencyConfig): string {
  return 'Makes a retry safe: 1 to 256 printable ASCII characters, one key per command, scoped to the credential. The same key with '
    + 'the same command (name and body) answers the first answer again, same status and body, and applies nothing; the same key with '
    + `another command is refused (422, idempotencyKeyReused). ${retentionWords(retention)}`;
}

export type KeyCheck = { readonly ok: true; readonly key: string | undefined } | { readonly ok: false; readonly reason: WebReason };

/** The key as sent (`value` undefined: none), checked; `name` says where it came from, for the refusal. */
export function checkKey(sent: { readonly value: unknown; readonly name: string } | undefined): KeyCheck {
  if (sent === undefined || sent.value === undefined) return { ok: true, key: undefined };
  const parsed = idempotencyKeySchema.safeParse(sent.value);
  return parsed.success ? { ok: true, key: parsed.data } : { ok: false, reason: webReason('malformedIdempotencyKey', { field: sent.name }) };
}

/** SHA-256 (hex) of the command as sent: its name, the sender's credential name and its body as canonical JSON. */
export function requestDigest(command: string, by: string, body: unknown): string {
  // A body's fields left out and fields set to undefined are the same body.
  const json: unknown = JSON.parse(JSON.stringify(body ?? {}));
  return bodyDigest(canonicalJson({ command, by, body: json }));
}
