// The chain-and-MAC half of `verify` (the check itself: see verify-log.ts):
// each event's hash, its link to the one before, and with a key its MAC, one event after another. A module
// of its own, free of the round machine, so verify's worker thread loads only this and the log reader.
import type { StoredEvent } from '../../ports/event-store.js';
import { ChainVerifier, type ChainAnchor } from '../../log/event-chain.js';
import { macMatches, type LoggedEvent } from '../../log/chain-mac.js';
import { StoredChainVerifier, type StoredChainRow } from '../../log/stored-chain.js';
import { WallTimes, wallTimeOfEnvelope, type SpanWalls, type WallTimeBack } from './verify-wall-times.js';

/** A problem found by one half: at which event (seq) and, for ordering, at which row of the stream (1-based). */
export interface Problem {
  readonly row: number;
  readonly seq: number;
  readonly problem: string;
}

/**
 * Where a span of the chain starts (verify in several threads): the event just before it, as stored,
 * and the first keyed event of the log if it lies before the span (its events must then all carry a MAC).
 * Spans that meet check the whole chain: each span checks its first event's prevHash against the stored
 * hash before it, and the span before checks that stored hash against the content.
 */
export interface ChainStart {
  readonly anchor: ChainAnchor;
  readonly macFrom: number | null;
}

/**
 * The chain and MACs, one event after another: events read from their fields (`push`: any store, and a
 * SQLite log of format 1) or as stored (`pushStored`: a log of format 2 or 3, which keeps the bytes its hashes
 * cover). One half takes one kind.
 */
export class ChainHalf {
  private readonly chain: ChainVerifier;
  private readonly stored: StoredChainVerifier;
  private readonly firstRow: number;
  private rows: number;
  private macFrom_: number | null;
  /** The events' wall times, read from the whole envelope as it is checked (verify-wall-times.ts). */
  private readonly walls: WallTimes;

  constructor(private readonly key?: Buffer, start?: ChainStart) {
    this.chain = new ChainVerifier(start?.anchor);
    this.stored = new StoredChainVerifier(start?.anchor);
    // Rows are positions in the whole log (1-based), so problems from different spans order by row.
    this.firstRow = start?.anchor.seq ?? 0;
    this.rows = this.firstRow;
    this.macFrom_ = start?.macFrom ?? null;
    this.walls = new WallTimes(this.firstRow + 1);
  }

  /** Events checked by this half (or span). */
  get events(): number {
    return this.rows - this.firstRow;
  }
  /** The row of the last event checked. */
  get row(): number {
    return this.rows;
  }
  get macFrom(): number | null {
    return this.macFrom_;
  }
  /** The wall times of the events checked so far. */
  get wallTimes(): SpanWalls {
    return this.walls.span();
  }

  /** The next event; the problem when it breaks the chain or its MAC is wrong. */
  push(event: StoredEvent, mac: string | null | undefined, dataJson?: string): Problem | undefined {
    const row = ++this.rows;
    const check = this.chain.push(event, dataJson);
    if (!check.ok) return { row, seq: check.seq, problem: `hash chain broken: ${check.reason}` };
    this.walls.push(event.seq, event.wallTime);
    return this.key ? this.macProblem(row, event.seq, event.hash, mac) : undefined;
  }

  /** The next event as a log of format 2 or 3 stores it: hashed as stored, then its MAC. */
  pushStored(stored: StoredChainRow): Problem | undefined {
    const row = ++this.rows;
    const expected = this.stored.expected;
    const reason = this.stored.push(stored);
    if (reason !== undefined) return { row, seq: expected, problem: `hash chain broken: ${reason}` };
    this.walls.push(expected, wallTimeOfEnvelope(stored[1]));
    return this.key ? this.macProblem(row, stored[0], stored[2], stored[5]) : undefined;
  }

  private macProblem(row: number, seq: number, hash: string, mac: string | null | undefined): Problem | undefined {
    const key = this.key as Buffer;
    if (mac == null) {
      if (this.macFrom_ !== null) return { row, seq, problem: `no MAC: events from ${this.macFrom_} on were keyed, so a MAC was removed or the event was written without the key` };
    } else {
      if (!macMatches(key, hash, mac)) return { row, seq, problem: 'MAC does not match: the event was rewritten without the key (or the key is not this log\'s)' };
      this.macFrom_ ??= seq;
    }
    return undefined;
  }

  /** After the last event: with a key, a log of which no event carries a MAC is refused. */
  end(): Problem | undefined {
    if (this.key && this.macFrom_ === null && this.rows > 0) return unkeyedLog(this.rows);
    return undefined;
  }
}

/** With a key, a log of `rows` events none of which carries a MAC: refused after its last row. */
export function unkeyedLog(rows: number): Problem {
  return { row: rows + 1, seq: 1, problem: 'no event carries a MAC: the log was never keyed, or every MAC was removed' };
}

/** What the chain half found over the whole stream (or up to where it was told to stop). */
export interface ChainOutcome {
  readonly events: number;
  readonly macFrom: number | null;
  readonly problem?: Problem;
  /** Where the events' wall times first go back (a note, not a problem); absent when they never do. */
  readonly wallTimeBack?: WallTimeBack;
}
