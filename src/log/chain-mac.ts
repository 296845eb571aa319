/**
 * The keyed chain (ADR 0004): with a key, every event also carries
 *
 *   mac = lowercase hex HMAC-SHA256(key, ASCII(hash))
 *
 * where `hash` is the event's chain hash (event-chain.ts). The hash already covers `prevHash`, so a
 * MAC authenticates the event and, through the chain, everything before it: whoever can write the
 * database file can still recompute every hash, but not the MACs without the key.
 *
 * The key is the UTF-8 bytes of a secret from the environment (the table file names the variable,
 * `store.keyEnv`, conventionally SHOE_LOG_KEY). Pure apart from node:crypto.
 */
import { createHash, createHmac, hash as oneShotHash } from 'node:crypto';

/** The shortest key accepted (a 32-byte secret written as 64 hex digits is recommended). */
export const MIN_KEY_LENGTH = 32;

export class ChainKeyError extends Error {}

/** A key as given by the environment; refuses one too short to be a secret. */
export function chainKey(secret: string, source: string): Buffer {
  if (secret.length < MIN_KEY_LENGTH) throw new ChainKeyError(`${source}: the log key must be at least ${MIN_KEY_LENGTH} characters (e.g. \`openssl rand -hex 32\`)`);
  return Buffer.from(secret, 'utf8');
}

export function chainMac(key: Buffer, hash: string): string {
  return macFunctionOf(key)(hash);
}

type MacFunction = (hash: string) => string;
const macFunctions = new WeakMap<Buffer, MacFunction>();

/** The MAC function of a key, built once per key (Buffer object) and kept while the key lives. */
function macFunctionOf(key: Buffer): MacFunction {
  let mac = macFunctions.get(key);
  if (mac === undefined) {
    mac = typeof oneShotHash === 'function' ? paddedMac(key) : (hash) => createHmac('sha256', key).update(hash, 'latin1').digest('hex');
    macFunctions.set(key, mac);
  }
  return mac;
}

/**
 * HMAC-SHA256 (RFC 2104) written out over two one-shot digests, the key's inner and outer pads prepared
 * once: H((K ^ opad) || H((K ^ ipad) || hash)). The same bytes as createHmac (pinned by a test) at less
 * than half the cost per event: no HMAC context per call (verify checks a MAC per event).
 * Only for a 64-character hash: anything else goes through createHmac.
 */
function paddedMac(key: Buffer): MacFunction {
  const block = Buffer.alloc(64);
  (key.length > 64 ? createHash('sha256').update(key).digest() : key).copy(block);
  const inner = Buffer.alloc(64 + 64); // ipad block, then the hash's 64 ASCII bytes
  const outer = Buffer.alloc(64 + 32); // opad block, then the inner digest
  for (let i = 0; i < 64; i += 1) {
    inner[i] = (block[i] as number) ^ 0x36;
    outer[i] = (block[i] as number) ^ 0x5c;
  }
  return (hash) => {
    if (typeof hash !== 'string' || hash.length !== 64) return createHmac('sha256', key).update(hash, 'latin1').digest('hex');
    inner.write(hash, 64, 64, 'latin1'); // as update(hash, 'latin1') takes it
    outer.write(oneShotHash('sha256', inner, 'binary'), 64, 32, 'latin1');
    return oneShotHash('sha256', outer, 'hex');
  };
}

/**
 * The saved snapshot's MAC: its state is not on the chain, so with a key it is authenticated on its own.
 *   mac = hex(HMAC-SHA256(key, "snapshot:" + seq + ":" + hash + ":" + hex(SHA-256(UTF-8(stateJson)))))
 */
export function snapshotMac(key: Buffer, seq: number, hash: string, stateJson: string): string {
  const digest = createHash('sha256').update(stateJson, 'utf8').digest('hex');
  return createHmac('sha256', key).update(`snapshot:${seq}:${hash}:${digest}`, 'utf8').digest('hex');
}

/** Constant-time comparison of a stored MAC with the one the key gives. */
export function macMatches(key: Buffer, hash: string, mac: string): boolean {
  if (typeof mac !== 'string' || mac.length !== 64) return false;
  return sameText(chainMac(key, hash), mac);
}

/** Two strings of the same length compared without stopping at the first difference (no timing oracle). */
function sameText(a: string, b: string): boolean {
  if (a.length !== b.length) return false;
  let difference = 0;
  for (let i = 0; i < a.length; i += 1) difference |= a.charCodeAt(i) ^ b.charCodeAt(i);
  return difference === 0;
}

/** One event as read from a log that may keep MACs (null: the event has none). */
export interface LoggedEvent {
  readonly event: import('../ports/event-store.js').StoredEvent;
  readonly mac?: string | null;
  /** The event's data exactly as stored (canonical JSON text), when the log keeps it as text. */
  readonly dataJson?: string;
}
