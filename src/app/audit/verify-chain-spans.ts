// The chain-and-MAC half of `verify` cut into spans that threads share (docs/audit.md, "How verify spends
// its time"). The round machine's re-run cannot be split (each input needs the table the inputs before it
// made), but the chain can: a span starting after event k needs only k's stored hash (its anchor) and, with
// a key, whether the log was keyed before it. Chain workers take spans from the front while the main thread
// re-runs the round machine; when the re-run is done the main thread takes spans from the back, so every
// thread finishes together whatever the machine's speed. Spans meet at their boundary hashes: each checks
// its first event's prevHash against the stored hash before it, and the span before checks that hash
// against its content.
//
// The board lives in a SharedArrayBuffer: the next span at each end packed in one Int32 (claimed with
// compareExchange, so a span is taken exactly once) and the earliest row at which each side found a problem
// (kept as a minimum: rows after a known problem cannot change the verdict, so readers stop there).
import type { ChainAnchor } from '../../log/event-chain.js';
import type { LoggedEvent } from '../../log/chain-mac.js';
import type { SpanStart, StoredChainRow, VouchedSpan } from '../../log/stored-chain.js';
import { ChainHalf, type ChainOutcome, type Problem } from './verify-chain-half.js';
import { WallTimes, type SpanWalls } from './verify-wall-times.js';

const CLAIMS = 0;
const CHAIN_PROBLEM_ROW = 1;
const REPLAY_PROBLEM_ROW = 2;
const SLOTS = 3;
/** Spans are numbered in 16 bits at each end of the packed claim word. */
const MAX_SPANS = 0x7fff;
/** The smallest span worth a claim and an anchor lookup. */
const MIN_SPAN = 10_000;

export interface SpanBoardShape {
  readonly buffer: SharedArrayBuffer;
  /** Events 1..total are checked, in spans of `spanSize` (the last one shorter). */
  readonly total: number;
  readonly spanSize: number;
}

/** A span of events [from, to] (seqs, inclusive). */
export interface Span {
  readonly from: number;
  readonly to: number;
}

export class SpanBoard {
  private readonly slots: Int32Array;
  readonly spans: number;

  private constructor(readonly shape: SpanBoardShape) {
    this.slots = new Int32Array(shape.buffer);
    this.spans = Math.ceil(shape.total / shape.spanSize);
  }

  /** A new board over events 1..total: every span unclaimed, no problem found. `size`: events per span (tests cut small spans). */
  static create(total: number, size?: number): SpanBoard {
    const spanSize = Math.max(size ?? MIN_SPAN, Math.ceil(total / MAX_SPANS));
    const board = new SpanBoard({ buffer: new SharedArrayBuffer(SLOTS * Int32Array.BYTES_PER_ELEMENT), total, spanSize });
    Atomics.store(board.slots, CLAIMS, board.spans << 16); // front 0, back (exclusive) = spans
    return board;
  }

  /** The same board seen from another thread. */
  static of(shape: SpanBoardShape): SpanBoard {
    return new SpanBoard(shape);
  }

  /** The next unclaimed span from the front (the workers) or the back (the main thread), or undefined when none is left. */
  claim(end: 'front' | 'back'): Span | undefined {
    for (;;) {
      const word = Atomics.load(this.slots, CLAIMS);
      const front = word & 0xffff;
      const back = word >>> 16;
      if (front >= back) return undefined;
      const index = end === 'front' ? front : back - 1;
      const next = end === 'front' ? ((back << 16) | (front + 1)) : (((back - 1) << 16) | front);
      if (Atomics.compareExchange(this.slots, CLAIMS, word, next) === word) return this.span(index);
    }
  }

  private span(index: number): Span {
    const from = index * this.shape.spanSize + 1;
    return { from, to: Math.min(this.shape.total, from + this.shape.spanSize - 1) };
  }

  /** Records a problem of the chain (or of the re-run) at `row`, keeping the earliest. */
  found(side: 'chain' | 'replay', row: number): void {
    const slot = side === 'chain' ? CHAIN_PROBLEM_ROW : REPLAY_PROBLEM_ROW;
    for (;;) {
      const known = Atomics.load(this.slots, slot);
      if (known !== 0 && known <= row) return;
      if (Atomics.compareExchange(this.slots, slot, known, row) === known) return;
    }
  }

  /** The earliest row where a problem is known on either side (0: none). */
  earliestProblem(): number {
    const chain = Atomics.load(this.slots, CHAIN_PROBLEM_ROW);
    const replay = Atomics.load(this.slots, REPLAY_PROBLEM_ROW);
    if (chain === 0) return replay;
    if (replay === 0) return chain;
    return Math.min(chain, replay);
  }

  /** The earliest row where the chain found a problem (0: none): the re-run need not go past it. */
  chainProblem(): number {
    return Atomics.load(this.slots, CHAIN_PROBLEM_ROW);
  }

  /** Stops every reader at once (the verdict is no longer wanted). */
  stopAll(): void {
    this.found('replay', 1);
  }
}

/** How a thread reads the log for its spans. */
export interface SpanSource {
  /** 2 and 3: the log keeps the bytes its hashes cover, read with `storedChain`; 1: events are read from their fields. */
  readonly format: 1 | 2 | 3;
  /** Events from..to (seqs, inclusive) with their MACs, in seq order. */
  events(from: number, to: number): Iterable<LoggedEvent>;
  /** Formats 2 and 3: the same events as stored, a page at a time. */
  storedChain(from: number, to: number): Iterable<readonly StoredChainRow[]>;
  /** The stored hash of event `seq` (the genesis hash at 0); undefined when there is no such event. */
  hashAt(seq: number): string | undefined;
  /**
   * Format 3 with the chain check inside SQLite (docs/adr/0011-chain-check-inside-sqlite.md): how many events
   * from `from` on it vouches for; undefined without it. It only vouches: what it does not vouch for is checked here.
   */
  vouchedSpan?(from: number, to: number, start: SpanStart, key: Buffer | undefined): VouchedSpan | undefined;
  /** The wall times of events from..to, in seq order, a page at a time (a vouched span whose wall times the check inside the store could not compare). */
  wallTimes?(from: number, to: number): Iterable<readonly string[]>;
}

/** The sum of the spans one thread checked: how many events, and the earliest problem among them. */
export interface SpansOutcome {
  readonly events: number;
  readonly problem?: Problem;
  /** The wall times of each span checked, joined in seq order by the caller (verify-wall-times.ts). */
  readonly walls: readonly SpanWalls[];
}

/** One span's chain outcome with what its events say of their wall times. */
export interface SpanOutcome extends ChainOutcome {
  readonly walls: SpanWalls;
}

/**
 * Checks spans claimed from one end until none is left. `firstMac`: the first event of the log that carries
 * a MAC (undefined: none does), so a span after it knows its events must carry one too. `between`: other work
 * done before each claim (a chain worker reads the re-run's pages ahead: src/cli/verify-read-ahead.ts).
 */
export function checkSpans(board: SpanBoard, end: 'front' | 'back', source: SpanSource, key: Buffer | undefined, firstMac: number | undefined, between?: () => void): SpansOutcome {
  let events = 0;
  let problem: Problem | undefined;
  const walls: SpanWalls[] = [];
  for (;;) {
    between?.();
    const span = board.claim(end);
    if (span === undefined) break;
    const outcome = checkSpan(span, board, source, key, firstMac);
    events += outcome.events;
    walls.push(outcome.walls);
    if (outcome.problem && (!problem || outcome.problem.row < problem.row)) {
      problem = outcome.problem;
      board.found('chain', problem.row);
    }
  }
  return { events, walls, ...(problem ? { problem } : {}) };
}

/** One span of the chain, from the stored hash before it. */
export function checkSpan(span: Span, board: SpanBoard, source: SpanSource, key: Buffer | undefined, firstMac: number | undefined): SpanOutcome {
  const before = span.from - 1;
  // A missing event before the span is found by the span before it; any anchor serves meanwhile.
  const anchor: ChainAnchor = { seq: before, hash: source.hashAt(before) ?? '' };
  const macFrom = key && firstMac !== undefined && firstMac <= before ? firstMac : null;
  const vouched = source.vouchedSpan?.(span.from, span.to, { hash: anchor.hash, macFrom }, key);
  if (vouched !== undefined && vouched.events === span.to - span.from + 1) {
    const walls = vouched.walls ? { from: span.from, ...vouched.walls } : spanWalls(span, source);
    if (walls) return { events: vouched.events, macFrom: vouched.macFrom, walls };
  }
  const half = new ChainHalf(key, { anchor, macFrom });
  const outcome = (problem?: Problem): SpanOutcome => ({ events: half.events, macFrom: half.macFrom, walls: half.wallTimes, ...(problem ? { problem } : {}) });
  const stored = source.format !== 1;
  const problem = stored ? checkStored(source.storedChain(span.from, span.to), half, board) : checkEvents(source.events(span.from, span.to), half, board);
  if (problem !== undefined) return problem === STOPPED ? outcome() : outcome(problem);
  if (half.row < span.to) {
    // Events missing at the span's end: the next event on the log is out of place, as one reading would find it.
    if (stored) {
      for (const page of source.storedChain(half.row + 1, board.shape.total)) return outcome(half.pushStored(page[0] as StoredChainRow));
    } else {
      for (const { event, mac, dataJson } of source.events(half.row + 1, board.shape.total)) return outcome(half.push(event, mac, dataJson));
    }
  }
  return outcome();
}

/**
 * The wall times of a span the check inside the store vouched for but could not compare as text (not ISO UTC
 * of equal length), read on their own; undefined when the source cannot (the span is then checked here).
 */
function spanWalls(span: Span, source: SpanSource): SpanWalls | undefined {
  if (!source.wallTimes) return undefined;
  const walls = new WallTimes(span.from);
  let seq = span.from;
  for (const page of source.wallTimes(span.from, span.to)) {
    for (let i = 0; i < page.length; i += 1) walls.push(seq++, page[i] as string);
  }
  return walls.span();
}

/** Returned when a problem known before this row makes the rest of the span moot. */
const STOPPED: Problem = { row: 0, seq: 0, problem: 'stopped' };

function checkEvents(events: Iterable<LoggedEvent>, half: ChainHalf, board: SpanBoard): Problem | undefined {
  for (const { event, mac, dataJson } of events) {
    // Rows after a known problem cannot change the verdict; at the re-run's row the chain's problem still wins.
    const known = board.earliestProblem();
    if (known > 0 && half.row >= known) return STOPPED;
    const problem = half.push(event, mac, dataJson);
    if (problem) return problem;
  }
  return undefined;
}

/** The hot loop of verify on a log that stores its envelopes (format 2 or 3): a page of stored rows at a time; the board is looked at once a page. */
function checkStored(pages: Iterable<readonly StoredChainRow[]>, half: ChainHalf, board: SpanBoard): Problem | undefined {
  for (const page of pages) {
    const known = board.earliestProblem();
    for (let i = 0; i < page.length; i += 1) {
      if (known > 0 && half.row >= known) return STOPPED;
      const problem = half.pushStored(page[i] as StoredChainRow);
      if (problem) return problem;
    }
  }
  return undefined;
}
