/**
 * What the round machine's re-run reads of a format-3 log (SqliteLogReader.records), a page at a time as
 * one text made inside SQLite by `records_page` (native/chain-check/records_page.c; docs/adr/0012-the-re-run-reads-a-page-as-one-text.md):
 * a page crosses into JavaScript as one string, not an array of values per row, and each record's type
 * and data are cut from it. When records_page declines a page (a row it cannot carry exactly), the reader
 * reads that page row by row, so every page reads the same either way.
 */
import type Database from 'better-sqlite3';
import { LoggedRecord } from './sqlite-log-rows.js';

/** records_page's separators (records_page.c): after a type, and after a row's data. */
const AFTER_TYPE = '\x1f';
const AFTER_ROW = '\x1e';

export class RecordTextPages {
  private readonly statement: Database.Statement<[string, number, number], string | null>;
  private readonly gapFree: Database.Statement<[string, number, number], [string | null, number]>;

  /** `db` has the library loaded (NativeChainCheck.load); pages of at most `size` rows. */
  constructor(db: Database.Database, private readonly tableId: string, private readonly size: number) {
    this.statement = db.prepare<[string, number, number], string | null>(this.sql('records_page(seq, tail, data)')).pluck();
    // The same rows when seqs from..from + size - 1 are all there, read without the subquery that LIMIT needs
    // (measured: 0.06 s less CPU over the 1,000 pages of 1,000,002 events).
    this.gapFree = db.prepare<[string, number, number], [string | null, number]>('SELECT records_page(seq, tail, data), count(*) FROM events WHERE stream = ? AND seq >= ? AND seq <= ?').raw();
  }

  private sql(page: string): string {
    return `SELECT ${page} FROM (SELECT seq, tail, data FROM events WHERE stream = ? AND seq >= ? AND seq <= ? ORDER BY seq LIMIT ${this.size})`;
  }

  /** The records of the page from `from` (up to `to`), or undefined: read this page row by row (or it is empty). */
  read(from: number, to: number): LoggedRecord[] | undefined {
    const text = this.text(from, to);
    return text === undefined ? undefined : recordsOfText(text);
  }

  /** The same page's text, or undefined (read it row by row): for another thread (a verify worker reading ahead: src/cli/verify-read-ahead.ts). */
  text(from: number, to: number): string | undefined {
    // Seqs are unique in a stream: when the page's range holds as many rows as seqs, and its text starts at
    // `from`, they are the first `size` rows from `from`, the rows the query with LIMIT reads; else it reads them.
    const last = Math.min(to, from + this.size - 1);
    const [page, rows] = this.gapFree.get(this.tableId, from, last) ?? [null, 0];
    if (typeof page === 'string' && rows === last - from + 1 && page.startsWith(`${from}\n`)) return page;
    const text = this.statement.get(this.tableId, from, to);
    return typeof text === 'string' ? text : undefined;
  }
}

/** The records of a page's text as records_page made it (read here, or carried from a verify worker: src/cli/verify-read-ahead.ts). */
export function recordsOfText(text: string): LoggedRecord[] {
  // '<first seq>\n' then '<type>\x1f<data>\x1e' per row, seqs consecutive (records_page.c).
  const records: LoggedRecord[] = [];
  let at = text.indexOf('\n');
  let seq = Number(text.slice(0, at));
  if (at <= 0 || !Number.isSafeInteger(seq)) throw new PageTextError('it does not start with its first seq', 0);
  for (at += 1; at < text.length; seq += 1) {
    const typeEnd = text.indexOf(AFTER_TYPE, at);
    const rowEnd = typeEnd < 0 ? -1 : text.indexOf(AFTER_ROW, typeEnd);
    // A text cut short would otherwise be read from its start again, forever.
    if (rowEnd < 0) throw new PageTextError(`the record of seq ${seq} is cut short`, at);
    records.push(new LoggedRecord(seq, text.slice(at, typeEnd), text.slice(typeEnd + 1, rowEnd)));
    at = rowEnd + 1;
  }
  return records;
}

/** A page's text not as records_page makes it: the reader stops at it in one line, never reads on. */
export class PageTextError extends Error {
  constructor(what: string, offset: number) {
    super(`a page of the log's records read inside SQLite is malformed: ${what} (at character ${offset}); read the log with SHOE_VERIFY_CHECK=js to bypass the library`);
    this.name = 'PageTextError';
  }
}
