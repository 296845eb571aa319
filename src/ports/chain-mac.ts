/**
 * The keyed chain (issue 12.2): with a key, every event also carries
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
import { createHash, createHmac, timingSafeEqual } from 'node:crypto';

/** The shortest key accepted (a 32-byte secret written as 64 hex digits is recommended). */
export const MIN_KEY_LENGTH = 32;

export class ChainKeyError extends Error {}

/** A key as given by the environment; refuses one too short to be a secret. */
export function chainKey(secret: string, source: string): Buffer {
  if (secret.length < MIN_KEY_LENGTH) throw new ChainKeyError(`${source}: the log key must be at least ${MIN_KEY_LENGTH} characters (e.g. \`openssl rand -hex 32\`)`);
  return Buffer.from(secret, 'utf8');
}

export function chainMac(key: Buffer, hash: string): string {
  return createHmac('sha256', key).update(hash, 'latin1').digest('hex');
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
  return timingSafeEqual(Buffer.from(chainMac(key, hash), 'latin1'), Buffer.from(mac, 'latin1'));
}

/** One event as read from a log that may keep MACs (null: the event has none). */
export interface LoggedEvent {
  readonly event: import('./event-store.js').StoredEvent;
  readonly mac?: string | null;
  /** The event's data exactly as stored (canonical JSON text), when the log keeps it as text. */
  readonly dataJson?: string;
}
