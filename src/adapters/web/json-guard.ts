// The first look at a JSON body or WebSocket message, before anything else reads it: valid
// UTF-8, nesting no deeper than MAX_JSON_DEPTH (counted on the raw text, before JSON.parse builds
// anything), then JSON, then every string and key well-formed Unicode (JSON's "\ud800" escape makes a
// lone surrogate). Each failure is a 400 with a reason, recorded like every other refusal.
import { createHash } from 'node:crypto';
import { webReason, type WebReason } from './web-reasons.js';

/** Commands are flat objects: a few levels are plenty. */
export const MAX_JSON_DEPTH = 16;

export type JsonCheck =
  | { readonly ok: true; readonly value: unknown; readonly bytes: number; readonly digest: string }
  | { readonly ok: false; readonly reason: WebReason; readonly bytes: number; readonly digest: string };

/** SHA-256 of the raw bytes, hex: what a refusal record keeps instead of the body. */
export function bodyDigest(raw: Buffer | string): string {
  return createHash('sha256').update(raw).digest('hex');
}

const decoder = new TextDecoder('utf-8', { fatal: true });

/** Deepest nesting of [ and { outside strings. */
export function jsonDepth(text: string): number {
  let depth = 0;
  let deepest = 0;
  let inString = false;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (inString) {
      if (c === 0x5c) i++; // backslash: skip the escaped character
      else if (c === 0x22) inString = false;
    } else if (c === 0x22) inString = true;
    else if (c === 0x5b || c === 0x7b) deepest = Math.max(deepest, ++depth);
    else if (c === 0x5d || c === 0x7d) depth--;
  }
  return deepest;
}

const LONE_SURROGATE = /\p{Cs}/u;

function illFormedString(value: unknown, depth = 0): boolean {
  if (typeof value === 'string') return LONE_SURROGATE.test(value);
  if (depth > MAX_JSON_DEPTH || typeof value !== 'object' || value === null) return false;
  if (Array.isArray(value)) return value.some((v) => illFormedString(v, depth + 1));
  return Object.entries(value).some(([k, v]) => LONE_SURROGATE.test(k) || illFormedString(v, depth + 1));
}

export function checkJson(raw: Buffer | string): JsonCheck {
  const bytes = typeof raw === 'string' ? Buffer.byteLength(raw) : raw.length;
  const digest = bodyDigest(raw);
  let text: string;
  try {
    text = typeof raw === 'string' ? raw : decoder.decode(raw);
  } catch {
    return { ok: false, reason: webReason('notUtf8'), bytes, digest };
  }
  if (LONE_SURROGATE.test(text)) return { ok: false, reason: webReason('loneSurrogate'), bytes, digest };
  const depth = jsonDepth(text);
  if (depth > MAX_JSON_DEPTH) return { ok: false, reason: webReason('tooDeep', { count: String(depth), limit: String(MAX_JSON_DEPTH) }), bytes, digest };
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch (err) {
    return { ok: false, reason: webReason('notJson', { error: (err as Error).message }), bytes, digest };
  }
  if (illFormedString(value)) return { ok: false, reason: webReason('loneSurrogateEscaped'), bytes, digest };
  return { ok: true, value, bytes, digest };
}
