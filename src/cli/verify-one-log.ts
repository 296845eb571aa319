// The auditor's check of one table log (docs/audit.md), as a report: in order, the file is readable
// (PRAGMA quick_check), the hash chain is intact, with the key every MAC is right, the round machine
// re-derives every recorded fact, and the log is not behind, nor different from, its newest anchors (the
// anchor file beside the database; the JetStream KV key with `nats`). Streamed: memory does not grow with
// the log. `shoe verify` prints the report's line (one log) or one line per log and a total (many).
import { EmptyLogError, SqliteLogReader } from '../adapters/store/sqlite-log-reader.js';
import { GENESIS_HASH } from '../log/event-chain.js';
import { anchorFileOf, readNewestAnchor } from '../adapters/store/anchor-file.js';
import { AnchorKv } from '../adapters/store/anchor-kv.js';
import { judgeAgainstAnchor, judgeMissingAnchorFile, LogBehindAnchorError, type LogAnchor } from '../ports/log-anchor.js';
import type { Verdict } from '../app/audit/verify-log.js';
import { describeWallTimeBack, type WallTimeBack } from '../app/audit/verify-wall-times.js';
import { verifyLogFile } from './verify-log-file.js';
import { importOwnModule } from '../app/par/import-own-module.js';

/**
 * From this many events on, one log is verified with more than one thread by default; below it a
 * worker's start-up is not worth it.
 */
export const PARALLEL_FROM = 50_000;

/** What `verify` found in one log. `line` is what it prints; `--json` prints the rest. */
export interface LogReport {
  readonly file: string;
  /** The table whose log it is (null when the file could not be read as a table log). */
  readonly tableId: string | null;
  /** intact (exit 0); broken or not-anchored (exit 1); unreadable (exit 2). */
  readonly verdict: 'intact' | 'broken' | 'not-anchored' | 'unreadable';
  readonly exitCode: 0 | 1 | 2;
  readonly line: string;
  readonly events: number;
  readonly inputs?: number;
  readonly rounds?: number;
  /** With a key: the first event with a MAC. */
  readonly macFrom?: number | null;
  /** The log's format (docs/event-log.md, "Log formats"). */
  readonly format?: 1 | 2 | 3;
  /** The first problem: at which event, and what. */
  readonly problem?: { readonly seq: number; readonly text: string };
  /** How the log stands against each anchor consulted, in words. */
  readonly anchors?: readonly string[];
  /** A note, not a problem: where the events' wall times first go back, and how often (null: never). */
  readonly wallTimeBack?: WallTimeBack | null;
}

export interface VerifyOneOptions {
  readonly key?: Buffer;
  /** Threads for this log (verify-log-file.ts)... */
  readonly threads: number;
  /** ...once it holds this many events (default 0); a shorter log is verified in one thread. */
  readonly parallelFrom?: number;
  readonly nats?: string;
  readonly noAnchorOk?: boolean;
  readonly onProgress?: (done: number, total: number) => void;
}

async function kvAnchor(url: string, tableId: string): Promise<{ anchor: LogAnchor | undefined; source: string }> {
  // Only with --nats: the NATS client is ~10 MB of memory.
  const { connectOrExplain, explainNoJetStream } = await importOwnModule(() => import('./connect-nats.js'), new URL('./connect-nats.js', import.meta.url));
  const connection = await connectOrExplain(url);
  try {
    const kv = await explainNoJetStream(url, AnchorKv.open(connection, { timeoutMs: 3000 }));
    return { anchor: await kv.newest(tableId), source: kv.sourceOf(tableId) };
  } finally {
    await connection.close();
  }
}

/** `read()`, or when it fails, the file's quick_check failure if it has one (a clearer first line). */
function whenReadable<T>(reader: SqliteLogReader, read: () => T): T {
  try {
    return read();
  } catch (err) {
    reader.quickCheck();
    throw err;
  }
}

function mismatch(file: string, tableId: string, seq: number, text: string, events: number, format?: 1 | 2 | 3): LogReport {
  return { file, tableId, verdict: 'broken', exitCode: 1, line: `MISMATCH ${tableId} at event ${seq}: ${text}`, events, problem: { seq, text }, ...(format ? { format } : {}) };
}

/**
 * Verifies the log in `db`. A file that cannot be read as a table log throws (UnreadableLogError and kin:
 * one line naming the file); every finding about the log's integrity is the report.
 */
export async function verifyOneLog(db: string, options: VerifyOneOptions): Promise<LogReport> {
  const { key } = options;
  let reader: SqliteLogReader;
  try {
    reader = SqliteLogReader.open(db);
  } catch (err) {
    // An empty log whose anchor remembers events: not unreadable — events are missing (exit 1).
    const anchor = err instanceof EmptyLogError ? readNewestAnchor(anchorFileOf(db))?.anchor : undefined;
    if (!anchor || anchor.seq === 0) throw err;
    const v = judgeAgainstAnchor({ seq: 0, hash: GENESIS_HASH }, undefined, anchor);
    if (v.ok) throw err;
    return mismatch(db, anchor.tableId, 1, new LogBehindAnchorError(v, db, anchorFileOf(db)).message, 0);
  }
  try {
    reader.holdSnapshot();
    const { tableId, format } = reader;
    // The file's quick_check runs inside the check (with workers, while they start); a file too damaged to
    // read its head fails with the quick_check's own words.
    const head = whenReadable(reader, () => reader.head());
    const redefined = reader.tableProblem();
    if (redefined !== undefined) return mismatch(db, tableId, 1, redefined, 0, format);
    const { onProgress } = options;
    const verdict: Verdict = await verifyLogFile(reader, {
      to: head.seq,
      threads: head.seq >= (options.parallelFrom ?? 0) ? options.threads : 1,
      quickCheck: true,
      ...(key ? { key } : {}),
      ...(onProgress ? { onProgress: (done: number) => onProgress(done, head.seq) } : {}),
      progressEvery: 20_000,
    });
    if (!verdict.ok) return mismatch(db, tableId, verdict.seq, verdict.problem, verdict.seq - 1, format);
    // The log against what it once anchored (a deleted WAL, an older copy, a rewrite with recomputed hashes).
    const anchors: Array<{ anchor: LogAnchor | undefined; source: string }> = [{ anchor: readNewestAnchor(anchorFileOf(db))?.anchor, source: anchorFileOf(db) }];
    if (options.nats !== undefined) anchors.push(await kvAnchor(options.nats, tableId));
    const judged: string[] = [];
    let anchored = false;
    let missingFile: LogReport | undefined;
    for (const { anchor, source } of anchors) {
      if (anchor === undefined) {
        // A log that records anchoring to its file, whose file is gone, lost its witness (docs/audit.md, anchors).
        // The re-run noted where anchoring started as it passed: no second reading of the log to look for it.
        const started = verdict.anchoringStartedAt === null ? undefined : reader.eventAt(verdict.anchoringStartedAt);
        const missing = source === anchorFileOf(db) ? judgeMissingAnchorFile(head, tableId, started) : { ok: true as const };
        if (!missing.ok) {
          // Reported after the other anchors, which may name the heads (a KV anchor the log is behind).
          missingFile = mismatch(db, tableId, missing.anchor.seq, new LogBehindAnchorError(missing, db, source).message, verdict.events, format);
          continue;
        }
        judged.push(`no anchor in ${source}`);
        continue;
      }
      const v = judgeAgainstAnchor(head, reader.hashAt(anchor.seq), anchor);
      if (!v.ok) return mismatch(db, tableId, v.kind === 'behind' ? head.seq + 1 : anchor.seq, new LogBehindAnchorError(v, db, source).message, verdict.events, format);
      anchored = true;
      judged.push(`consistent with the anchor at seq ${anchor.seq} in ${source}`);
    }
    if (missingFile !== undefined) return missingFile;
    const counts = { events: verdict.events, inputs: verdict.inputs, rounds: verdict.rounds, macFrom: key ? verdict.macFrom : null, format, wallTimeBack: verdict.wallTimeBack ?? null };
    // A log no anchor vouches for could be one that lost its last events (a deleted WAL, an older copy):
    // nothing outside the database says how long it was. Not intact as far as an audit can tell.
    if (!anchored && !options.noAnchorOk) {
      const line = `NO ANCHOR ${tableId}: ${verdict.events} events, hash chain intact, every derived event matches, but no anchor vouches for its length (${judged.join('; ')}): a log that lost its last events would look the same; --no-anchor-ok accepts a log that was never anchored`;
      return { file: db, tableId, verdict: 'not-anchored', exitCode: 1, line, ...counts, anchors: judged };
    }
    if (!anchored) judged.push('accepted without an anchor (--no-anchor-ok)');
    const macs = key ? `; MACs checked from event ${verdict.macFrom ?? '-'}` : reader.firstMacSeq() !== undefined ? '; the log carries MACs: not checked (no key; --key-env NAME)' : '';
    const wallNote = verdict.wallTimeBack ? `; note: ${describeWallTimeBack(verdict.wallTimeBack)}` : '';
    const line = `OK ${tableId}: ${verdict.events} events, ${verdict.inputs} inputs, ${verdict.rounds} rounds; hash chain intact, every derived event matches${macs}; ${judged.join('; ')}${wallNote}`;
    return { file: db, tableId, verdict: 'intact', exitCode: 0, line, ...counts, anchors: judged };
  } finally {
    reader.close();
  }
}
