/**
 * A table's SQLite log read as a file, for the auditor and for start-up checks (docs/audit.md): opened
 * read-only, streamed a page of rows at a time (memory does not grow with the log), with each event's MAC
 * when the log keeps MACs. Every failure that is about the file is an UnreadableLogError: one line naming
 * the file and what is wrong.
 */
import { existsSync, statSync } from 'node:fs';
import Database from 'better-sqlite3';
import { GENESIS_HASH } from '../../log/event-chain.js';
import type { LogHead } from '../../ports/log-anchor.js';
import type { LoggedEvent } from '../../log/chain-mac.js';
import { hasMacTable } from './sqlite-mac-schema.js';
import { eventsTableProblem, logFormatOf, type LogFormat } from './sqlite-schema.js';
import { recordsOfText } from './sqlite-record-pages.js';
import type { SpanStart, StoredChainRow, VouchedSpan } from '../../log/stored-chain.js';
import { asUnreadable, UnreadableLogError } from './unreadable-log.js';
import type { LoggedRecord } from './sqlite-log-rows.js';
import { LogPages, TEXT_PAGE } from './sqlite-log-pages.js';


/** The file is a database but holds no event: a log at seq 0 (its anchors may say it once held more). */
export class EmptyLogError extends UnreadableLogError {}

export class SqliteLogReader {
  /** The reads a page at a time (sqlite-log-pages.ts), which the methods below of the same names hand on to. */
  private readonly pages: LogPages;

  private constructor(
    readonly file: string,
    private readonly db: Database.Database,
    readonly tableId: string,
    private readonly macs: boolean,
    private readonly hasEvents = true,
    /** 2 and 3: every event keeps the bytes its hash covers (sqlite-schema.ts); 1: written before that. */
    readonly format: LogFormat = 3,
  ) {
    this.pages = new LogPages(file, db, tableId, macs, hasEvents, format, (body) => this.guard(body));
  }

  /**
   * Opens a table log file read-only; throws UnreadableLogError when it is missing or not readable, or
   * empty (unless `tableId` is given: then an empty log is that table's, and another table's is refused).
   */
  static open(file: string, tableId?: string): SqliteLogReader {
    if (!existsSync(file)) throw new UnreadableLogError(file, 'no such database');
    const stat = statSync(file);
    if (!stat.isFile()) throw new UnreadableLogError(file, 'not a file');
    if (stat.size === 0) throw new UnreadableLogError(file, 'the file is empty (truncated to nothing?)');
    let db: Database.Database | undefined;
    try {
      db = new Database(file, { readonly: true, fileMustExist: true });
      // better-sqlite3 builds SQLite with a 16 MB page cache per connection (SQLITE_DEFAULT_CACHE_SIZE=-16000,
      // deps/defines.gypi); the reader goes through the log once, so a cache cannot help it and 1 MiB is plenty
      // (verify of 1,000,000 events in two threads measured 146 -> 112 MiB peak RSS, as fast).
      db.pragma('cache_size = -1024');
      // A database without the events table is a log at seq 0 (e.g. its WAL, holding the schema, was deleted).
      const hasEvents = db.prepare("SELECT 1 FROM sqlite_master WHERE type = 'table' AND name = 'events'").get() !== undefined;
      if (!hasEvents && tableId !== undefined) return new SqliteLogReader(file, db, tableId, false, false, 3);
      if (!hasEvents) throw new EmptyLogError(file, 'the log is empty (no events table: not a table log, or its WAL was deleted before the first checkpoint)');
      const first = db.prepare<[], { stream: string }>('SELECT stream FROM events ORDER BY id LIMIT 1').get();
      if (first === undefined && tableId === undefined) throw new EmptyLogError(file, 'the log is empty');
      if (first !== undefined && tableId !== undefined && first.stream !== tableId) throw new UnreadableLogError(file, `holds the log of table ${first.stream}, not ${tableId}`);
      return new SqliteLogReader(file, db, first?.stream ?? (tableId as string), hasMacTable(db), true, logFormatOf(db) as LogFormat);
    } catch (err) {
      db?.close();
      throw asUnreadable(file, err);
    }
  }

  /**
   * From now until `close`, every read of this reader is one read transaction: one snapshot of the log, and
   * for verify's read-ahead VFS one transaction its blocks stay valid in (native/chain-check/read_ahead_vfs.c:
   * each statement in a transaction of its own made it drop its blocks and read the block at each page's
   * boundary again). A writer's commits meanwhile are not seen by this reader.
   */
  holdSnapshot(): void {
    if (!this.db.inTransaction) this.guard(() => this.db.exec('BEGIN'));
  }

  /** Runs `body`, naming the file in any failure about the file's state. */
  private guard<T>(body: () => T): T {
    try {
      return body();
    } catch (err) {
      throw asUnreadable(this.file, err);
    }
  }

  /**
   * Format 3: what is wrong with the events table's definition, when it is not the one the format defines
   * (a generated column redefined could make a column say what the envelope does not); undefined when right.
   */
  tableProblem(): string | undefined {
    if (this.format !== 3 || !this.hasEvents) return undefined;
    return this.guard(() => eventsTableProblem(this.db));
  }

  /**
   * PRAGMA quick_check: throws UnreadableLogError with the first problems SQLite finds. Read page by page,
   * not in verify's blocks (native/chain-check/read_ahead_vfs.c, `verify_read_ahead`: the check walks one
   * b-tree after another, each spread through the whole file); without that VFS the pragma does nothing.
   */
  quickCheck(): void {
    if (!this.hasEvents) return;
    this.guard(() => {
      this.db.pragma('verify_read_ahead = 0');
      let rows: Array<{ quick_check: string }>;
      try {
        rows = this.db.pragma('quick_check') as Array<{ quick_check: string }>;
      } finally {
        this.db.pragma('verify_read_ahead = 1');
      }
      if (rows[0]?.quick_check !== 'ok') {
        throw new UnreadableLogError(this.file, `quick_check failed: ${rows.slice(0, 3).map((r) => r.quick_check).join('; ')}${rows.length > 3 ? ` (and ${rows.length - 3} more)` : ''}`);
      }
    });
  }

  head(): LogHead {
    if (!this.hasEvents) return { seq: 0, hash: GENESIS_HASH };
    return this.guard(() => {
      const row = this.db.prepare<[string], { seq: number; hash: string }>('SELECT seq, hash FROM events WHERE stream = ? ORDER BY seq DESC LIMIT 1').get(this.tableId);
      return row ? { seq: row.seq, hash: row.hash } : { seq: 0, hash: GENESIS_HASH };
    });
  }

  /** The hash of the event at `seq` (the genesis hash at 0), or undefined when the log has no such event. */
  hashAt(seq: number): string | undefined {
    if (seq === 0) return GENESIS_HASH;
    if (!this.hasEvents) return undefined;
    return this.guard(() => this.db.prepare<[string, number], { hash: string }>('SELECT hash FROM events WHERE stream = ? AND seq = ?').get(this.tableId, seq)?.hash);
  }

  /** The saved snapshot: its position, its state as stored text, and its MAC (null when it has none). */
  snapshotPosition(): { seq: number; hash: string; state: string; mac: string | null } | undefined {
    if (!this.hasEvents) return undefined;
    const sql = this.macs
      ? 'SELECT s.seq, s.hash, s.state, CASE WHEN m.seq = s.seq THEN m.mac END AS mac FROM snapshots s LEFT JOIN snapshot_macs m ON m.stream = s.stream WHERE s.stream = ?'
      : 'SELECT seq, hash, state, NULL AS mac FROM snapshots WHERE stream = ?';
    return this.guard(() => this.db.prepare<[string], { seq: number; hash: string; state: string; mac: string | null }>(sql).get(this.tableId));
  }

  /**
   * The first event of `type`, if any (`log.anchoring-started`, docs/audit.md). Scans in seq order and stops at
   * the first match: the record sits near where anchoring began, so the scan is short on a log that has one.
   */
  firstOfType(type: string): { seq: number; hash: string; wallTime: string } | undefined {
    if (!this.hasEvents) return undefined;
    // Format 3: the type as its tail spells it (`,"type":"…","wallTime":`, which only the envelope's own members
    // can spell), not its generated column: on a log without the record the scan reads every row, and a
    // search of the stored text costs a fifth of a JSON parse per row.
    const sql = this.format === 3
      ? 'SELECT seq, hash, wall_time AS wallTime FROM events WHERE stream = ? AND instr(tail, ?) > 0 ORDER BY seq LIMIT 1'
      : 'SELECT seq, hash, wall_time AS wallTime FROM events WHERE stream = ? AND type = ? ORDER BY seq LIMIT 1';
    const match = this.format === 3 ? `,"type":${JSON.stringify(type)},"wallTime":` : type;
    return this.guard(() => this.db.prepare<[string, string], { seq: number; hash: string; wallTime: string }>(sql).get(this.tableId, match));
  }

  /** The event at `seq`: its hash and wall time (undefined when the log has no such event). */
  eventAt(seq: number): { seq: number; hash: string; wallTime: string } | undefined {
    if (!this.hasEvents) return undefined;
    return this.guard(() => this.db.prepare<[string, number], { seq: number; hash: string; wallTime: string }>('SELECT seq, hash, wall_time AS wallTime FROM events WHERE stream = ? AND seq = ?').get(this.tableId, seq));
  }

  /** Whether any event carries a MAC, and from which seq. */
  firstMacSeq(): number | undefined {
    if (!this.macs || !this.hasEvents) return undefined;
    return this.guard(() => this.db.prepare<[string], { s: number | null }>('SELECT min(seq) AS s FROM event_macs WHERE stream = ?').get(this.tableId)?.s ?? undefined);
  }

  /**
   * The first event up to `to` that carries a MAC (a MAC row without its event does not count), as the
   * one-reading check would meet it; undefined when none does.
   */
  firstKeyedEvent(to: number): number | undefined {
    if (!this.macs || !this.hasEvents) return undefined;
    return this.guard(() => this.db.prepare<[string, number], { s: number | null }>('SELECT min(m.seq) AS s FROM event_macs m JOIN events e ON e.stream = m.stream AND e.seq = m.seq WHERE m.stream = ? AND m.seq <= ?').get(this.tableId, to)?.s ?? undefined);
  }

  /** Events from `from` to `to` (inclusive) in seq order, a page at a time, each with its MAC (null when it has none). */
  events(from = 1, to = Number.MAX_SAFE_INTEGER): Generator<LoggedEvent> {
    return this.pages.events(from, to);
  }

  /**
   * Formats 2 and 3: events from `from` to `to` as the chain check reads them (sqlite-stored-chain.ts), a page at a
   * time: the stored envelope, hash and prevHash, whether the columns match the envelope, and the MAC.
   */
  storedChain(from = 1, to = Number.MAX_SAFE_INTEGER): Generator<StoredChainRow[]> {
    return this.pages.storedChain(from, to);
  }

  /** Formats 2 and 3: the wall times of events from..to as their envelopes store them, a page at a time (a span vouched for, whose seqs are gap-free). */
  wallTimes(from: number, to: number): Generator<string[]> {
    return this.pages.wallTimes(from, to);
  }

  /**
   * Format 3: how many events from `from` to `to` the chain check inside SQLite vouches for (sqlite-native-chain.ts);
   * undefined when that check is not there (the spans are then checked in JavaScript).
   */
  vouchedSpan(from: number, to: number, start: SpanStart, key: Buffer | undefined): VouchedSpan | undefined {
    return this.pages.vouchedSpan(from, to, start, key);
  }

  /**
   * What the round machine's re-run reads (seq, type, data) from `from` to `to`, a page at a time. Format 3:
   * the type as the stored envelope's tail says it (typeOfTail), cheaper than its generated column, and
   * with the library inside SQLite each page read as one text (sqlite-record-pages.ts).
   */
  records(from = 1, to = Number.MAX_SAFE_INTEGER): Generator<LoggedRecord> {
    return this.pages.records(from, to);
  }

  /** Whether `recordPageText` can read pages here: format 3 with the library inside SQLite. */
  readsPageText(): boolean {
    return this.pages.readsPageText();
  }

  /**
   * The re-run's records from `from` to `to` (at most TEXT_PAGE of them) as one text made inside SQLite, for
   * another thread (`recordsOfPageText`); undefined when this page is to be read with `records`.
   */
  recordPageText(from: number, to: number): string | undefined {
    return this.pages.recordPageText(from, to);
  }

  /** The records of a page's text from `recordPageText` (on any connection to the log). */
  static recordsOfPageText(text: string): LoggedRecord[] {
    return recordsOfText(text);
  }

  /** Rows a page of `recordPageText` holds at most. */
  static readonly TEXT_PAGE = TEXT_PAGE;

  close(): void {
    this.db.close();
  }
}
