// The re-run's pages read ahead by the chain workers of `shoe verify` (docs/audit.md, "How verify spends its
// time"). The main thread re-runs the round machine over every event in order; reading a page in place (SQLite
// walking the rows, records_page making its text: docs/adr/0012-the-re-run-reads-a-page-as-one-text.md) is about
// a quarter of that re-run; taking the same page's bytes from a port and cutting it costs the main thread a
// sixth of reading it (docs/benchmarks.md, "bench:verify"). A worker with room between its spans of the
// chain, and after them, reads the next pages the re-run will need and posts each as that one text's UTF-8
// bytes (an ArrayBuffer moved, not copied, no object per row); the main thread takes page k from its port when it
// is there, and reads it in place when no worker has claimed it: every page is read once, by whichever
// thread is free, and reads the same either way (a worker's text is the text the main thread would have read).
//
// The pages are fixed ranges of seqs (page k: from + k * page .. the next page's first seq - 1, up to `to`),
// claimed through a word in shared memory, so a page is read once. A worker claims a page only within
// `window` pages of the one the main thread takes (memory stays a few pages), and not past a problem the
// board knows (the re-run stops before it). A page a worker could not read (declined by records_page, or a
// read error) is posted empty: the main thread reads it in place, and meets the same error in its own words.
import { receiveMessageOnPort, type MessagePort } from 'node:worker_threads';
import { SqliteLogReader } from '../adapters/store/sqlite-log-reader.js';
import type { LoggedRecord } from '../adapters/store/sqlite-log-rows.js';

/** Slots of the shared words. */
const NEXT = 0; // the next page to claim
const TAKEN = 1; // pages the main thread has taken
const POSTED = 2; // pages the workers have posted (the main thread waits on it)
const STOP = 3; // 1: the re-run needs no more pages
const SLOTS = 4;

/** Pages a worker may read ahead of the re-run. A span of the chain (10,000 events) takes about as long as
 *  the re-run takes for ten pages of 1,000: a worker tops the window up between spans. */
const WINDOW = 24;
/** How long the main thread waits for a page a worker has claimed, in waits of WAIT_MS, before reading it in
 *  place (a worker that stopped without posting it: it should not happen). */
const WAITS = 100;
const WAIT_MS = 50;

export interface ReadAheadShape {
  readonly buffer: SharedArrayBuffer;
  /** The re-run reads seqs from..to, in pages of `page` seqs. */
  readonly from: number;
  readonly to: number;
  readonly page: number;
  readonly window: number;
}

/** What a worker posts: page k's text as UTF-8 bytes (sqlite-record-pages.ts), or null (read it in place). */
export interface PageMessage {
  readonly page: number;
  readonly bytes: ArrayBuffer | null;
}

export function readAheadShape(from: number, to: number, page: number, window = WINDOW): ReadAheadShape {
  return { buffer: new SharedArrayBuffer(SLOTS * Int32Array.BYTES_PER_ELEMENT), from, to, page, window };
}

/** The seqs of page k. */
export function pageSeqs(shape: ReadAheadShape, k: number): { from: number; to: number } {
  const from = shape.from + k * shape.page;
  return { from, to: Math.min(shape.to, from + shape.page - 1) };
}

function pagesOf(shape: ReadAheadShape): number {
  return shape.to < shape.from ? 0 : Math.ceil((shape.to - shape.from + 1) / shape.page);
}

/**
 * A worker's side: claims the pages the re-run will need next and posts their text. `read` gives a page's
 * text as bytes, or undefined; `problemAt` the earliest row where a problem is known (0: none), past which the re-run
 * will not read.
 */
export class PageReadAhead {
  private readonly slots: Int32Array;
  private readonly pages: number;

  constructor(private readonly shape: ReadAheadShape, private readonly port: MessagePort, private readonly read: (from: number, to: number) => Uint8Array | undefined, private readonly problemAt: () => number) {
    this.slots = new Int32Array(shape.buffer);
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

  /** Claims and posts pages while the window has room; how many it posted. */
  topUp(): number {
    let posted = 0;
    while (!this.finished()) {
      const next = Atomics.load(this.slots, NEXT);
      if (next >= Atomics.load(this.slots, TAKEN) + this.shape.window) break;
      if (Atomics.compareExchange(this.slots, NEXT, next, next + 1) !== next) continue;
      const { from, to } = pageSeqs(this.shape, next);
      const bytes = this.bytesOf(from, to);
      const message: PageMessage = { page: next, bytes: bytes ?? null };
      this.port.postMessage(message, bytes ? [bytes] : []);
      Atomics.add(this.slots, POSTED, 1);
      Atomics.notify(this.slots, POSTED);
      posted += 1;
    }
    return posted;
  }

  /** After this worker's spans: reads ahead until no page is left or the re-run is done. */
  serve(): void {
    while (!this.finished()) {
      const taken = Atomics.load(this.slots, TAKEN);
      if (this.topUp() === 0) Atomics.wait(this.slots, TAKEN, taken, WAIT_MS);
    }
  }

  /** The page's bytes in an ArrayBuffer of their own (moved to the main thread), or undefined. */
  private bytesOf(from: number, to: number): ArrayBuffer | undefined {
    try {
      const bytes = this.read(from, to);
      if (bytes === undefined) return undefined;
      const whole = bytes.buffer instanceof ArrayBuffer && bytes.byteOffset === 0 && bytes.byteLength === bytes.buffer.byteLength;
      return whole ? (bytes.buffer as ArrayBuffer) : (bytes.slice().buffer as ArrayBuffer);
    } catch {
      // Posted empty: the main thread reads this page in place and names the file's problem itself.
      return undefined;
    }
  }
}

/** The main thread's side: page k's text from a worker, or undefined (read it in place). */
export class PagesFromWorkers {
  private readonly slots: Int32Array;
  private readonly got = new Map<number, ArrayBuffer | null>();
  /** Pages taken from a worker, and read in place. */
  carried = 0;
  readHere = 0;

  /** The next page wanted: a page posted before it (read here meanwhile) is dropped. */
  private wanted = 0;

  /**
   * `problemAt`: as the workers see it (PageReadAhead). `onlyCarried`: no page is claimed here while no problem is
   * known, the workers read them all (tests reach the carried path on every page; the workers must read page text).
   */
  constructor(readonly shape: ReadAheadShape, private readonly ports: readonly MessagePort[], private readonly problemAt: () => number, private readonly onlyCarried = false) {
    this.slots = new Int32Array(shape.buffer);
  }

  /** Page k's text as a worker read it, as bytes; undefined: this thread reads page k (it is claimed for it). */
  take(k: number): ArrayBuffer | undefined {
    for (let waits = 0; ; ) {
      this.drain();
      const bytes = this.got.get(k);
      if (bytes !== undefined) {
        this.got.delete(k);
        this.taken(k);
        if (bytes === null) return this.here();
        this.carried += 1;
        return bytes;
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
      this.drain();
      if (this.got.has(k)) continue;
      Atomics.wait(this.slots, POSTED, posted, WAIT_MS);
      waits += 1;
    }
  }

  /** The re-run needs no more pages: the workers stop reading ahead. */
  stop(): void {
    Atomics.store(this.slots, STOP, 1);
    Atomics.notify(this.slots, TAKEN);
    for (const port of this.ports) port.close();
    this.got.clear();
  }

  private here(): undefined {
    this.readHere += 1;
    return undefined;
  }

  private taken(k: number): void {
    this.wanted = k + 1;
    Atomics.store(this.slots, TAKEN, k + 1);
    Atomics.notify(this.slots, TAKEN);
  }

  private drain(): void {
    for (const port of this.ports) {
      for (let received = receiveMessageOnPort(port); received !== undefined; received = receiveMessageOnPort(port)) {
        const { page, bytes } = received.message as PageMessage;
        if (page >= this.wanted) this.got.set(page, bytes);
      }
    }
  }
}

/** The re-run's records from the start of `pages` to its end, each page from a worker or read here (in seq order either way). */
export function* recordsReadAhead(reader: SqliteLogReader, pages: PagesFromWorkers): Generator<LoggedRecord> {
  try {
    for (let k = 0; pageSeqs(pages.shape, k).from <= pages.shape.to; k += 1) {
      const bytes = pages.take(k);
      if (bytes !== undefined) {
        yield* SqliteLogReader.recordsOfPageText(new Uint8Array(bytes));
      } else {
        const { from, to } = pageSeqs(pages.shape, k);
        yield* reader.records(from, to);
      }
    }
  } finally {
    pages.stop();
  }
}
