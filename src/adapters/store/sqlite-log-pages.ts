/**
 * A table log read a page at a time, for its reader (sqlite-log-reader.ts, whose methods of the same names
 * say what each read gives; docs/audit.md): the events with their MACs, what the chain check reads
 * (sqlite-stored-chain.ts, sqlite-native-chain.ts) and the round machine's re-run reads
 * (sqlite-record-pages.ts). Each page is one query run under the reader's guard, so memory does not grow
 * with the log and a failure about the file names it in one line; the queries, and the library inside
 * SQLite, are prepared or loaded once, when first read.
 */
import type Database from 'better-sqlite3';
import type { LoggedEvent } from '../../log/chain-mac.js';
import type { SpanStart, StoredChainRow, VouchedSpan } from '../../log/stored-chain.js';
import type { LogFormat } from './sqlite-schema.js';
import { StoredChainQueries } from './sqlite-stored-chain.js';
import { NativeChainCheck } from './sqlite-native-chain.js';
import { RecordTextPages } from './sqlite-record-pages.js';
import { LoggedRecord, RowEvent, typeOfTail, type RecordRow, type Row } from './sqlite-log-rows.js';

/** Rows fetched per query: `all()` over pages is cheaper per row than stepping a cursor (measured
 *  ~1.2-1.5x). 200 rather than 1,000: a page lives through several young-generation collections, and smaller
 *  pages promote less to the old generation (measured on 1,000,000 events in two threads: peak RSS 159 ->
 *  150 MiB and ~10 % faster; one thread as fast). */
const PAGE = 200;
/** Rows per page the re-run reads as one text (sqlite-record-pages.ts): a page is one string, not an array per
 *  row, so larger pages cost little memory; measured on 1,000,002 events, one thread, interleaved: 1,000 rows
 *  ~0.15-0.3 s less CPU than 200 (2,000 was slower again). A shorter page still ends the reading only when
 *  it holds fewer than PAGE rows (pages). */
export const TEXT_PAGE = 1000;

/** Runs `body`, naming the file in any failure about the file's state (the reader's guard). */
export type FileGuard = <T>(body: () => T) => T;

export class LogPages {
  private chainQueries: StoredChainQueries | undefined;
  private nativeChain: NativeChainCheck | null | undefined;
  private textPages: RecordTextPages | undefined;

  constructor(
    private readonly file: string,
    private readonly db: Database.Database,
    private readonly tableId: string,
    private readonly macs: boolean,
    private readonly hasEvents: boolean,
    private readonly format: LogFormat,
    private readonly guard: FileGuard,
  ) {}

  *events(from: number, to: number): Generator<LoggedEvent> {
    const sql = this.macs
      ? `SELECT e.seq, e.round, e.mono_time, e.wall_time, e.rules_id, e.type, e.data, e.prev_hash, e.hash, m.mac FROM events e LEFT JOIN event_macs m ON m.stream = e.stream AND m.seq = e.seq WHERE e.stream = ? AND e.seq >= ? AND e.seq <= ? ORDER BY e.seq LIMIT ${PAGE}`
      : `SELECT seq, round, mono_time, wall_time, rules_id, type, data, prev_hash, hash, NULL FROM events WHERE stream = ? AND seq >= ? AND seq <= ? ORDER BY seq LIMIT ${PAGE}`;
    const tableId = this.tableId;
    for (const page of this.pages(from, to, this.rowPages<Row>(sql), (r) => r[0])) {
      for (const r of page) yield { event: new RowEvent(tableId, r), mac: r[9], dataJson: r[6] };
    }
  }

  *storedChain(from: number, to: number): Generator<StoredChainRow[]> {
    if (!this.hasEvents) return;
    const format = this.format;
    if (format === 1) throw new Error(`${this.file}: log format 1 keeps no envelope to hash as stored`);
    yield* this.guarded(this.chainQueriesOf(format).pages(this.tableId, from, to));
  }

  *wallTimes(from: number, to: number): Generator<string[]> {
    const format = this.format;
    if (!this.hasEvents || format === 1) return;
    yield* this.guarded(this.chainQueriesOf(format).wallTimes(this.tableId, from, to));
  }

  /** The chain check's prepared queries, made once per reader. */
  private chainQueriesOf(format: 2 | 3): StoredChainQueries {
    return (this.chainQueries ??= this.guard(() => new StoredChainQueries(this.db, this.macs, format)));
  }

  /** Each page of `pages`, read under the file's guard (a damaged file fails in one line). */
  private *guarded<T>(pages: Iterator<T>): Generator<T> {
    for (;;) {
      const next = this.guard(() => pages.next());
      if (next.done) return;
      yield next.value;
    }
  }

  vouchedSpan(from: number, to: number, start: SpanStart, key: Buffer | undefined): VouchedSpan | undefined {
    if (this.format !== 3 || !this.hasEvents) return undefined;
    const check = this.native();
    if (check === null) return undefined;
    // A log without the MAC table has no MAC to check (and no keyed event: start.macFrom is null).
    return this.guard(() => check.vouch(from, to, start, this.macs ? key : undefined));
  }

  *records(from: number, to: number): Generator<LoggedRecord> {
    if (!this.hasEvents) return;
    const fromTail = this.format === 3;
    const rows = this.rowPages<RecordRow>(`SELECT seq, ${fromTail ? 'tail' : 'type'}, data FROM events WHERE stream = ? AND seq >= ? AND seq <= ? ORDER BY seq LIMIT ${PAGE}`);
    const text = fromTail ? this.recordTextPages() : undefined;
    const read = (next: number, last: number): LoggedRecord[] =>
      (text && this.guard(() => text.read(next, last))) ?? rows(next, last).map((r) => new LoggedRecord(r[0], fromTail ? typeOfTail(r[1]) : r[1], r[2]));
    for (const page of this.pages(from, to, read, (r) => r.seq)) yield* page;
  }

  readsPageText(): boolean {
    return this.hasEvents && this.format === 3 && this.recordTextPages() !== undefined;
  }

  recordPageText(from: number, to: number): string | undefined {
    const pages = this.readsPageText() ? this.recordTextPages() : undefined;
    return pages && this.guard(() => pages.text(from, to));
  }

  /** The library inside SQLite on this connection (loaded once), or null when it is not there. */
  private native(): NativeChainCheck | null {
    if (this.nativeChain === undefined) this.nativeChain = this.guard(() => NativeChainCheck.load(this.db, this.tableId)) ?? null;
    return this.nativeChain;
  }

  private recordTextPages(): RecordTextPages | undefined {
    if (this.native() === null) return undefined;
    return (this.textPages ??= this.guard(() => new RecordTextPages(this.db, this.tableId, TEXT_PAGE)));
  }

  /** The rows of `sql` (it takes stream, from, to and returns at most PAGE rows), prepared when first read. */
  private rowPages<R extends unknown[]>(sql: string): (next: number, to: number) => R[] {
    let statement: Database.Statement<[string, number, number], R> | undefined;
    return (next, to) => this.guard(() => (statement ??= this.db.prepare<[string, number, number], R>(sql).raw(true)).all(this.tableId, next, to));
  }

  /**
   * Pages from `from` to `to` as `read` gives them (in seq order, at most PAGE rows, or TEXT_PAGE as one text),
   * each from the seq after the last page's; a page of fewer than PAGE rows is the last.
   */
  private *pages<T>(from: number, to: number, read: (next: number, to: number) => T[], seqOf: (item: T) => number): Generator<T[]> {
    if (!this.hasEvents) return;
    for (let next = from; next <= to; ) {
      const page = read(next, to);
      if (page.length > 0) yield page;
      if (page.length < PAGE) return;
      next = seqOf(page[page.length - 1] as T) + 1;
    }
  }
}
