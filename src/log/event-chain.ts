/**
 * The hash chain of the event log (tamper evidence for auditors and regulators).
 *
 *   hash = lowercase hex SHA-256 of the UTF-8 bytes of canonicalJson(envelope without `hash`)
 *
 * where the envelope is { tableId, seq, round, monoTime, wallTime, rulesId, type, data, prevHash }
 * and `prevHash` is the previous event's `hash` (64 zeros for seq 1). Altering, removing,
 * inserting or reordering any event changes a hash that the next event's prevHash pins.
 *
 * canonicalJson is RFC 8785 (JSON Canonicalization Scheme): object members sorted by their
 * UTF-16 code units, no whitespace, numbers and strings serialised as ECMAScript's JSON.stringify
 * does. An auditor can re-implement it in any language with a JCS library and check a log
 * exported as JSON without this code.
 *
 * Pure apart from node:crypto: no clock, no I/O.
 */
import { createHash, hash as oneShotHash } from 'node:crypto';
import type { JsonValue, NewEvent, StoredEvent, UnsealedEvent } from '../ports/event-store.js';
import { canonicalJson } from './canonical-json.js';

export { canonicalJson } from './canonical-json.js';

/** prevHash of the first event of every stream. */
export const GENESIS_HASH = '0'.repeat(64);

const HASH_PATTERN = /^[0-9a-f]{64}$/;
const BAD_HASH = 'hash is not 64 lowercase hex digits';

/** Lowercase hex SHA-256 of the UTF-8 bytes of `text`. crypto.hash (Node >= 20.12) is the faster one-shot form of the same digest. */
export const sha256Hex: (text: string) => string =
  typeof oneShotHash === 'function' ? (text) => oneShotHash('sha256', text, 'hex') : (text) => createHash('sha256').update(text, 'utf8').digest('hex');

/** A string member of the envelope as JSON (module-level, not a closure: verify's hot path). */
function envelopeString(v: unknown): string {
  if (typeof v !== 'string') throw new TypeError(`not an envelope: ${typeof v} where a string belongs`);
  return JSON.stringify(v);
}

/**
 * A number member in ECMAScript's shortest round-trip form (-0 -> "0"), as RFC 8785 requires. Through
 * JSON.stringify, not String(): String() keeps each result in V8's number-string cache, which holds it
 * into the old generation (measured: ~20 MB of garbage per million events, against verify's memory goal).
 */
function envelopeNumber(v: unknown): string {
  if (typeof v !== 'number') throw new TypeError(`not an envelope: ${typeof v} where a number belongs`);
  if (!Number.isFinite(v)) throw new TypeError(`not JSON: ${v}`);
  return JSON.stringify(v);
}

/**
 * tableId and rulesId are the same from one event to the next (one table, one rule set for thousands of
 * events): their JSON form is kept from the last event (verify's hot path). A cache of the last
 * value only: pure as far as callers can tell.
 */
class RepeatedString {
  private last: string | undefined;
  private lastJson = '';
  json(v: unknown): string {
    if (v === this.last) return this.lastJson;
    const json = envelopeString(v);
    this.last = v as string;
    this.lastJson = json;
    return json;
  }
}
const tableIdJson = new RepeatedString();
const rulesIdJson = new RepeatedString();

/** The envelope's text up to its data: every envelope starts with its data (`data` sorts first). */
export const ENVELOPE_HEAD = '{"data":';

/**
 * canonicalJson of the envelope without `hash`, written out in its (sorted) member order so the
 * data is serialised once. Equal to canonicalJson({ tableId, seq, ..., prevHash }) (pinned by a test).
 * It is ENVELOPE_HEAD + the data's canonical JSON + envelopeTail(event): a log of format 2 or 3 keeps the data
 * and the tail as they are, so the bytes its hash covers are one concatenation away (docs/event-log.md).
 */
export function canonicalEnvelope(event: UnsealedEvent, dataJson?: string): string {
  if (dataJson === undefined) {
    if (typeof event.data !== 'object' || event.data === null || Array.isArray(event.data)) throw new TypeError('not an envelope: data is not an object');
    dataJson = canonicalJson(event.data);
  }
  return ENVELOPE_HEAD + dataJson + envelopeTail(event);
}

/** The envelope's canonical text after its data: `,"monoTime":...,"wallTime":"..."}`. */
export function envelopeTail(event: Omit<UnsealedEvent, 'data'>): string {
  return (
    ',"monoTime":' + envelopeNumber(event.monoTime) +
    ',"prevHash":' + envelopeString(event.prevHash) +
    ',"round":' + envelopeNumber(event.round) +
    ',"rulesId":' + rulesIdJson.json(event.rulesId) +
    ',"seq":' + envelopeNumber(event.seq) +
    ',"tableId":' + tableIdJson.json(event.tableId) +
    ',"type":' + envelopeString(event.type) +
    ',"wallTime":' + envelopeString(event.wallTime) + '}'
  );
}

/** The hash of an envelope (every field but `hash`). */
export function hashEvent(event: UnsealedEvent, dataJson?: string): string {
  return sha256Hex(canonicalEnvelope(event, dataJson));
}

/** Fingerprint of a batch as given (used to tell a true retry from a reused idempotency key). */
export function batchFingerprint(events: readonly NewEvent[]): string {
  return sha256Hex(canonicalJson(events as unknown as JsonValue));
}

export type ChainCheck = { readonly ok: true } | { readonly ok: false; readonly seq: number; readonly reason: string };

/** The event just before a segment to verify (default: the genesis, i.e. the segment starts at seq 1). */
export interface ChainAnchor {
  readonly seq: number;
  readonly hash: string;
}

/**
 * Incremental verification, for logs too big to hold in memory: push events in order, stop at
 * the first failure. Checks seq continuity, one tableId, prevHash linkage and each hash.
 */
export class ChainVerifier {
  private nextSeq: number;
  private prevHash: string;
  private tableId: string | undefined;
  private failure: ChainCheck | undefined;
  private count = 0;

  constructor(anchor: ChainAnchor = { seq: 0, hash: GENESIS_HASH }) {
    this.nextSeq = anchor.seq + 1;
    this.prevHash = anchor.hash;
  }

  /** Number of events verified so far. */
  get verified(): number {
    return this.count;
  }

  /**
   * `dataJson`: the data exactly as stored, when the store keeps it as canonical text (SQLite): the hash
   * is then taken over those bytes, without parsing and re-serialising them.
   */
  push(event: StoredEvent, dataJson?: string): ChainCheck {
    if (this.failure) return this.failure;
    const problem = this.check(event, dataJson);
    if (problem !== undefined) {
      // Report the position where the chain breaks (the seq the event should have).
      this.failure = { ok: false, seq: this.nextSeq, reason: problem };
      return this.failure;
    }
    this.nextSeq += 1;
    this.prevHash = event.hash;
    this.count += 1;
    return { ok: true };
  }

  result(): ChainCheck {
    return this.failure ?? { ok: true };
  }

  private check(event: StoredEvent, dataJson?: string): string | undefined {
    if (typeof event !== 'object' || event === null) return 'not an event envelope';
    if (event.seq !== this.nextSeq) return `expected seq ${this.nextSeq}, found ${String(event.seq)}`;
    if (typeof event.tableId !== 'string') return 'tableId is not a string';
    this.tableId ??= event.tableId;
    if (event.tableId !== this.tableId) return `tableId ${event.tableId} differs from ${this.tableId}`;
    if (typeof event.hash !== 'string') return BAD_HASH;
    // The pattern is tested only on the way to a failure: a hash equal to the computed one is 64
    // lowercase hex digits (no regular expression per event). The order of the reasons is kept.
    if (event.prevHash !== this.prevHash) return HASH_PATTERN.test(event.hash) ? `prevHash does not match the hash of seq ${this.nextSeq - 1}` : BAD_HASH;
    let computed: string;
    try {
      computed = hashEvent(event, dataJson);
    } catch (error) {
      return HASH_PATTERN.test(event.hash) ? `envelope is not canonical JSON (${(error as Error).message})` : BAD_HASH;
    }
    if (computed !== event.hash && !HASH_PATTERN.test(event.hash)) return BAD_HASH;
    if (computed !== event.hash) return 'hash does not match the content (the event was altered)';
    return undefined;
  }
}

/** Verifies a whole log (or a segment after `anchor`). */
export function verifyChain(events: Iterable<StoredEvent>, anchor?: ChainAnchor): ChainCheck {
  const verifier = new ChainVerifier(anchor);
  for (const event of events) {
    const check = verifier.push(event);
    if (!check.ok) return check;
  }
  return verifier.result();
}
