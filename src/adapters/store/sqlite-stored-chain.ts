/**
 * What the chain check reads of a log that stores the bytes its hashes cover (sqlite-schema.ts): per event,
 * as stored, the text its hash covers ('{"data":' || data || tail, one concatenation inside SQLite), its
 * hash, the prevHash the envelope names, and whether the columns the table reads say what the envelope
 * says. That comparison runs inside SQLite, in C, on the row being read: an edit of any column the table
 * reads, hashes left alone, breaks the chain there (docs/audit.md, "What an attacker or an accident can
 * do"). The MACs come from their own table a page at a time, merged by seq: cheaper than a join row by row.
 *
 * Format 3 keeps only the table id and seq beside the envelope (every other column is generated from it),
 * so only those two are compared: the tail must hold `,"seq":<seq>,"tableId":<table id>,"type":`, which
 * can only be its own members (inside a JSON string every quote is escaped). Format 2 keeps every field
 * twice, so the whole tail is rebuilt from the columns and compared.
 */
import type Database from 'better-sqlite3';
import type { StoredChainRow } from '../../log/stored-chain.js';

/** Rows per query (sqlite-log-pages.ts explains the page size). */
export const CHAIN_PAGE = 200;

/** The envelope's monoTime as stored in the tail: the number between `,"monoTime":` and `,"prevHash":"`. */
const MONO = `substr(tail, 13, instr(tail, ',"prevHash":"') - 13)`;

/**
 * 1 when the columns are the envelope's fields: the tail rebuilt from them (JSON strings through
 * json_quote, which writes them as JSON.stringify does: pinned by a test) equals the stored tail, and
 * mono_time is the tail's monoTime. Anything else (0, NULL) is a break. The table id is the query's (its
 * rows are those of `stream = @stream`), quoted once per query.
 */
const FIELDS_MATCH = `(typeof(data) = 'text' AND typeof(type) = 'text' AND typeof(rules_id) = 'text' AND typeof(wall_time) = 'text' AND typeof(prev_hash) = 'text'
  AND tail = ',"monoTime":' || ${MONO} || ',"prevHash":"' || prev_hash || '","round":' || round || ',"rulesId":' || json_quote(rules_id)
    || ',"seq":' || seq || ',"tableId":' || json_quote(@stream) || ',"type":' || json_quote(type) || ',"wallTime":' || json_quote(wall_time) || '}'
  AND mono_time = CAST(${MONO} AS REAL))`;

const EVENTS_SQL: Record<StoredFormat, string> = {
  2: `SELECT seq, '{"data":' || data || tail, hash, prev_hash, ${FIELDS_MATCH}, NULL
  FROM events WHERE stream = @stream AND seq >= @from AND seq <= @to ORDER BY seq LIMIT ${CHAIN_PAGE}`,
  // The prevHash is the 64 characters after the tail's first `,"prevHash":"` (after monoTime, a number).
  3: `SELECT seq, '{"data":' || data || tail, hash, substr(tail, instr(tail, ',"prevHash":"') + 13, 64),
    instr(tail, ',"seq":' || seq || ',"tableId":' || @quotedStream || ',"type":') > 0, NULL
  FROM events WHERE stream = @stream AND seq >= @from AND seq <= @to ORDER BY seq LIMIT ${CHAIN_PAGE}`,
};

/**
 * The events' wall times as the tail stores them, a page at a time: the text between its last member's
 * `,"wallTime":"` and the closing `"}` (only there: inside a JSON string every quote is escaped).
 */
const WALL_TIMES_SQL = `SELECT substr(tail, instr(tail, ',"wallTime":"') + 13, length(tail) - instr(tail, ',"wallTime":"') - 14)
  FROM events WHERE stream = @stream AND seq >= @from AND seq <= @to ORDER BY seq LIMIT ${CHAIN_PAGE * 10}`;

/** The formats that store the envelope. */
export type StoredFormat = 2 | 3;
const MACS_SQL = 'SELECT seq, mac FROM event_macs WHERE stream = @stream AND seq >= @from AND seq <= @to ORDER BY seq';

interface Range {
  stream: string;
  quotedStream: string;
  from: number;
  to: number;
}

/** The statements of one connection, prepared once. */
export class StoredChainQueries {
  private readonly events;
  private readonly macs;
  private walls: Database.Statement<[Omit<Range, 'quotedStream'>], string> | undefined;

  constructor(private readonly db: Database.Database, withMacs: boolean, format: StoredFormat) {
    this.events = db.prepare<[Range], StoredChainRow>(EVENTS_SQL[format]).raw(true);
    this.macs = withMacs ? db.prepare<[Range], [number, string]>(MACS_SQL).raw(true) : undefined;
  }

  /** The wall times of events from..to (inclusive, no seq missing: a span the check inside SQLite vouched for), a page at a time. */
  *wallTimes(tableId: string, from: number, to: number): Generator<string[]> {
    const walls = (this.walls ??= this.db.prepare<[Omit<Range, 'quotedStream'>], string>(WALL_TIMES_SQL).pluck());
    const range = { stream: tableId, from, to };
    for (;;) {
      const page = walls.all(range);
      if (page.length === 0) return;
      yield page;
      range.from += page.length;
      if (range.from > to) return;
    }
  }

  /** Events from..to (inclusive) in seq order, a page at a time, each with its MAC (null when it has none). */
  *pages(tableId: string, from: number, to: number): Generator<StoredChainRow[]> {
    const range: Range = { stream: tableId, quotedStream: JSON.stringify(tableId), from, to };
    for (let next = from; next <= to; ) {
      range.from = next;
      range.to = to;
      const page = this.events.all(range);
      if (page.length === 0) return;
      const last = (page[page.length - 1] as StoredChainRow)[0];
      range.to = last;
      if (this.macs) mergeMacs(page, this.macs.all(range));
      yield page;
      if (page.length < CHAIN_PAGE) return;
      next = last + 1;
    }
  }
}

/** Puts each MAC on the row of its seq (both in seq order); a MAC without its event is left out, as a join would. */
function mergeMacs(rows: StoredChainRow[], macs: Array<[number, string]>): void {
  let m = 0;
  for (const row of rows) {
    while (m < macs.length && (macs[m] as [number, string])[0] < row[0]) m++;
    const mac = macs[m];
    if (mac !== undefined && mac[0] === row[0]) row[5] = mac[1];
  }
}
