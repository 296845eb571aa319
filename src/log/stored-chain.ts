/**
 * The chain check of a log that keeps the bytes its hashes cover (formats 2 and 3, docs/event-log.md): per
 * event, hash the stored envelope and compare — no parse, no re-serialise. The reader hands each event as
 * stored: its seq, the envelope's text ('{"data":' || data || tail), its hash and prevHash as stored, and
 * whether the fields stored beside the envelope (format 3: seq and table id; format 2: every field) say
 * what the envelope says (compared inside SQLite: src/adapters/store/sqlite-stored-chain.ts).
 *
 * The reasons are ChainVerifier's (event-chain.ts), in the same order, so both formats name a break alike.
 * Pure apart from node:crypto.
 */
import { sha256Hex, GENESIS_HASH, type ChainAnchor } from './event-chain.js';

/** One event as the chain check reads it: [seq, envelope, hash, prevHash, fields match (1), mac or null]. */
export type StoredChainRow = [seq: number, envelope: string, hash: string, prevHash: string, fieldsMatch: number | null, mac: string | null];

/** Where a span of the chain starts, as a check inside the store reads it: the stored hash before it, and the first keyed event if it lies before the span. */
export interface SpanStart {
  readonly hash: string;
  readonly macFrom: number | null;
}

/** What a check inside the store vouches for in a span (docs/adr/0011-chain-check-inside-sqlite.md): the events from its first on, and the first keyed event so far. */
export interface VouchedSpan {
  readonly events: number;
  readonly macFrom: number | null;
  /**
   * What the events vouched for say of their wall times (docs/audit.md, "Wall times that go back"): the first,
   * the last, the first that goes back and how many do; absent when the check could not compare them as text.
   */
  readonly walls?: VouchedWalls;
}

/** The wall times of the events a check inside the store vouched for. */
export interface VouchedWalls {
  readonly first: string | undefined;
  readonly last: string | undefined;
  readonly back: { readonly seq: number; readonly before: string; readonly at: string; readonly times: number } | undefined;
}

const HASH_PATTERN = /^[0-9a-f]{64}$/;
const BAD_HASH = 'hash is not 64 lowercase hex digits';
export const ALTERED = 'hash does not match the content (the event was altered)';

/** Stored events in order: the first reason the chain breaks at the next one, or undefined. */
export class StoredChainVerifier {
  private nextSeq: number;
  private prevHash: string;

  constructor(anchor: ChainAnchor = { seq: 0, hash: GENESIS_HASH }) {
    this.nextSeq = anchor.seq + 1;
    this.prevHash = anchor.hash;
  }

  /** The seq the next event must have (where a break is reported). */
  get expected(): number {
    return this.nextSeq;
  }

  /** Checks the next event; on success it becomes the one the following event links to. */
  push(row: StoredChainRow): string | undefined {
    const seq = row[0];
    if (seq !== this.nextSeq) return `expected seq ${this.nextSeq}, found ${String(seq)}`;
    const hash = row[2];
    if (typeof hash !== 'string') return BAD_HASH;
    if (row[3] !== this.prevHash) return HASH_PATTERN.test(hash) ? `prevHash does not match the hash of seq ${seq - 1}` : BAD_HASH;
    const envelope = row[1];
    if (typeof envelope !== 'string' || sha256Hex(envelope) !== hash || row[4] !== 1) return HASH_PATTERN.test(hash) ? ALTERED : BAD_HASH;
    this.nextSeq = seq + 1;
    this.prevHash = hash;
    return undefined;
  }
}
