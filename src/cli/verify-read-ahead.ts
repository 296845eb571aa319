// The re-run's pages read ahead by the chain workers of `shoe verify` (docs/audit.md, "How verify spends its
// time"). The main thread re-runs the round machine over every event in order; reading a page in place (SQLite
// walking the rows, records_page making its text: docs/adr/0012-the-re-run-reads-a-page-as-one-text.md) is about
// a quarter of that re-run; taking the same page's bytes from shared memory and cutting it costs the main thread
// a sixth of reading it (docs/benchmarks.md, "bench:verify"). A worker with room between its spans of the
// chain, and after them, reads the next pages the re-run will need and writes each text's UTF-8 bytes into a
// slot of a SharedArrayBuffer; the main thread makes the page's string from its slot when it is there, and
// reads the page in place when no worker has claimed it: every page is read once, by whichever thread is
// free, and reads the same either way (a worker's text is the text the main thread would have read).
//
// The pages are fixed ranges of seqs (page k: from + k * page .. the next page's first seq - 1, up to `to`),
// claimed through a word in shared memory, so a page is read once. Page k goes in slot k % window, and a
// worker claims it only once the main thread has taken page k - window: memory is the window's slots, fixed.
// No page is an ArrayBuffer of its own, on either side: carried so, 1,000,002 events measured 25-40 MiB more
// peak RSS, each page's memory outside the heap waiting for a full collection to be freed. A page a worker could not read (declined by records_page, larger than a slot, a read error) is
// marked so: the main thread reads it in place, and meets the same error in its own words.
import { SqliteLogReader } from '../adapters/store/sqlite-log-reader.js';
import type { LoggedRecord } from '../adapters/store/sqlite-log-rows.js';
import { mark, Tally } from './verify-timeline.js';

/** The shared words: then, per slot, the page whose bytes it holds (k + 1; 0: none yet) and their length. */
const NEXT = 0; // the next page to claim
const TAKEN = 1; // pages the main thread has taken
const POSTED = 2; // pages the workers have put in slots (the main thread waits on it)
const STOP = 3; // 1: the re-run needs no more pages
const WORDS = 4;
/** A slot's length word: this page is read in place. */
const READ_HERE = -1;
const ENCODER = new TextEncoder();

/** Pages a worker may read ahead of the re-run. A span of the chain (10,000 events) takes about as long as
 *  the re-run takes for ten pages of 1,000: a worker tops the window up between spans. */
const WINDOW = 24;
/** Bytes a slot holds: a page of 1,000 events of a six-deck table's log is ~75 KB. */
const SLOT_BYTES = 256 * 1024;
/** How long the main thread waits for a page a worker has claimed, in waits of WAIT_MS, before reading it in
 *  place (a worker that stopped without filling its slot: it should not happen). */
const WAITS = 100;
const WAIT_MS = 50;

export interface ReadAheadShape {
  /** The shared words, then the slots' bytes. */
  readonly buffer: SharedArrayBuffer;
  /** The re-run reads seqs from..to, in pages of `page` seqs. */
  readonly from: number;
  readonly to: number;
  readonly page: number;
  readonly window: number;
  readonly slotBytes: number;
}

export function readAheadShape(from: number, to: number, page: number, window = WINDOW, slotBytes = SLOT_BYTES): ReadAheadShape {
  const words = (WORDS + 2 * window) * Int32Array.BYTES_PER_ELEMENT;
  return { buffer: new SharedArrayBuffer(words + window * slotBytes), from, to, page, window, slotBytes };
}

/** The shared words and the slots' bytes of a shape. */
function viewsOf(shape: ReadAheadShape): { words: Int32Array; bytes: Uint8Array; base: number } {
  const count = WORDS + 2 * shape.window;
  const base = count * Int32Array.BYTES_PER_ELEMENT;
  return { words: new Int32Array(shape.buffer, 0, count), bytes: new Uint8Array(shape.buffer, base), base };
}

const readyWord = (shape: ReadAheadShape, k: number) => WORDS + 2 * (k % shape.window);
const lengthWord = (shape: ReadAheadShape, k: number) => readyWord(shape, k) + 1;

/** The seqs of page k. */
export function pageSeqs(shape: ReadAheadShape, k: number): { from: number; to: number } {
  const from = shape.from + k * shape.page;
  return { from, to: Math.min(shape.to, from + shape.page - 1) };
}

function pagesOf(shape: ReadAheadShape): number {
  return shape.to < shape.from ? 0 : Math.ceil((shape.to - shape.from + 1) / shape.page);
}

/**
 * A worker's side: claims the pages the re-run will need next and puts their text in their slots. `read` gives a
 * page's text, or undefined; `problemAt` the earliest row where a problem is known (0: none), past
 * which the re-run will not read.
 */
export class PageReadAhead {
  private readonly slots: Int32Array;
  private readonly bytes: Uint8Array;
  private readonly pages: number;

  constructor(private readonly shape: ReadAheadShape, private readonly read: (from: number, to: number) => string | undefined, private readonly problemAt: () => number) {
    ({ words: this.slots, bytes: this.bytes } = viewsOf(shape));
    this.pages = pagesOf(shape);
  }

  /** No page is left to claim, or the re-run wants no more. */
  finished(): boolean {
    if (Atomics.load(this.slots, STOP) !== 0) return true;
    const next = Atomics.load(this.slots, NEXT);
    if (next >= this.pages) return true;
    const problem = this.problemAt();
    return problem > 0 && pageSeqs(this.shape, next).from >= problem;
  }

  /** Claims pages and fills their slots while the window has room; how many it filled. */
  topUp(): number {
    let posted = 0;
    while (!this.finished()) {
      const next = Atomics.load(this.slots, NEXT);
      // Page next - window, in the same slot, has been taken (its string made) once TAKEN passed it.
      if (next >= Atomics.load(this.slots, TAKEN) + this.shape.window) break;
      if (Atomics.compareExchange(this.slots, NEXT, next, next + 1) !== next) continue;
      const { from, to } = pageSeqs(this.shape, next);
      Atomics.store(this.slots, lengthWord(this.shape, next), this.fill(next, from, to));
      Atomics.store(this.slots, readyWord(this.shape, next), next + 1);
      Atomics.add(this.slots, POSTED, 1);
      Atomics.notify(this.slots, POSTED);
      posted += 1;
    }
    return posted;
  }

  /** After this worker's spans: reads ahead until no page is left or the re-run is done. */
  serve(): void {
    const idle = new Tally();
    while (!this.finished()) {
      const taken = Atomics.load(this.slots, TAKEN);
      if (this.topUp() === 0) {
        idle.start();
        Atomics.wait(this.slots, TAKEN, taken, WAIT_MS);
        idle.stop();
      }
    }
    idle.report('worker-idle-in-serve');
  }

  /** Page k's text written into its slot as UTF-8: its length in bytes, or READ_HERE. */
  private fill(k: number, from: number, to: number): number {
    let text: string | undefined;
    try {
      text = this.read(from, to);
    } catch {
      // The main thread reads this page in place and names the file's problem itself.
      return READ_HERE;
    }
    if (text === undefined) return READ_HERE;
    const at = (k % this.shape.window) * this.shape.slotBytes;
    const { read, written } = ENCODER.encodeInto(text, this.bytes.subarray(at, at + this.shape.slotBytes));
    return read === text.length ? written : READ_HERE; // larger than a slot
  }
}

/** The main thread's side: page k's text from its slot, or undefined (read it in place). */
export class PagesFromWorkers {
  private readonly slots: Int32Array;
  private readonly base: number;
  /** Pages taken from a worker, and read in place. */
  carried = 0;
  readHere = 0;
  readonly waits = new Tally();

  /**
   * `problemAt`: as the workers see it (PageReadAhead). `onlyCarried`: no page is claimed here while no problem is
   * known, the workers read them all (tests reach the carried path on every page; the workers must read page text).
   */
  constructor(readonly shape: ReadAheadShape, private readonly problemAt: () => number, private readonly onlyCarried = false) {
    ({ words: this.slots, base: this.base } = viewsOf(shape));
  }

  /** Page k's text as a worker read it; undefined: this thread reads page k (it is claimed for it). */
  take(k: number): string | undefined {
    for (let waits = 0; ; ) {
      if (Atomics.load(this.slots, readyWord(this.shape, k)) === k + 1) {
        const length = Atomics.load(this.slots, lengthWord(this.shape, k));
        // The string is made before the slot is given back (a worker may fill it with page k + window then).
        const text = length === READ_HERE ? undefined : Buffer.from(this.shape.buffer, this.base + (k % this.shape.window) * this.shape.slotBytes, length).toString('utf8');
        this.taken(k);
        if (text === undefined) return this.here();
        this.carried += 1;
        return text;
      }
      const next = Atomics.load(this.slots, NEXT);
      if (next <= k && (!this.onlyCarried || this.problemAt() > 0)) {
        if (Atomics.compareExchange(this.slots, NEXT, next, k + 1) !== next) continue;
        this.taken(k);
        return this.here();
      }
      if (waits >= WAITS) {
        this.taken(k);
        return this.here();
      }
      const posted = Atomics.load(this.slots, POSTED);
      if (Atomics.load(this.slots, readyWord(this.shape, k)) === k + 1) continue;
      this.waits.start();
      Atomics.wait(this.slots, POSTED, posted, WAIT_MS);
      this.waits.stop();
      waits += 1;
    }
  }

  /** The re-run needs no more pages: the workers stop reading ahead. */
  stop(): void {
    Atomics.store(this.slots, STOP, 1);
    Atomics.notify(this.slots, TAKEN);
  }

  private here(): undefined {
    this.readHere += 1;
    return undefined;
  }

  private taken(k: number): void {
    Atomics.store(this.slots, TAKEN, k + 1);
    Atomics.notify(this.slots, TAKEN);
  }
}

/** The re-run's records from the start of `pages` to its end, each page from a worker or read here (in seq order either way). */
export function* recordsReadAhead(reader: SqliteLogReader, pages: PagesFromWorkers): Generator<LoggedRecord> {
  try {
    for (let k = 0; pageSeqs(pages.shape, k).from <= pages.shape.to; k += 1) {
      const { from, to } = pageSeqs(pages.shape, k);
      if (k % 50 === 0) mark(`page ${k} carried=${pages.carried} here=${pages.readHere}`);
      yield* carried(pages, k) ?? reader.records(from, to);
    }
  } finally {
    pages.stop();
  }
}

/** Page k's records from its slot, or undefined (read it here). */
function carried(pages: PagesFromWorkers, k: number): LoggedRecord[] | undefined {
  const text = pages.take(k);
  return text === undefined ? undefined : SqliteLogReader.recordsOfPageText(text);
}
