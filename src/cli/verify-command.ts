// `shoe verify DB` (options: its spec): the auditor's check of a table
// log, streamed (memory does not grow with the log). In order: the file is readable (PRAGMA quick_check),
// the hash chain is intact, with the key every MAC is right, the round machine re-derives every recorded
// fact, and the log is not behind, nor different from, its newest anchors (the anchor file beside the
// database; the JetStream KV key with --nats).
// Exit 0: intact. 1: integrity broken (the line names the event and why). 2: the file cannot be read.
import { EmptyLogError, SqliteLogReader } from '../adapters/store/sqlite-log-reader.js';
import { GENESIS_HASH } from '../log/event-chain.js';
import { anchorFileOf, readNewestAnchor } from '../adapters/store/anchor-file.js';
import { AnchorKv } from '../adapters/store/anchor-kv.js';
import { ANCHORING_STARTED_RECORD, judgeAgainstAnchor, judgeMissingAnchorFile, LogBehindAnchorError, type LogAnchor } from '../ports/log-anchor.js';
import { verifyLogFile } from './verify-log-file.js';
import { logKeyFromEnv } from '../config/log-key.js';
import { UsageError } from './usage-error.js';
import type { CommandArgs, OptionSpecs } from './command-spec.js';
import type { CommandIO } from './command-spec.js';
import { Progress } from './progress.js';

/**
 * From this many events on, the compiled product verifies in two threads by default (>= 200,000
 * events/s on two cores); below it the worker's start-up is not worth it. Run through tsx (a checkout that
 * was never built), a worker loads a second TypeScript loader (~+45 MiB), so one thread stays the default
 * there (< 150 MB).
 */
export const TWO_THREADS_FROM = 50_000;
const COMPILED = import.meta.url.endsWith('.js');

async function kvAnchor(url: string, tableId: string): Promise<{ anchor: LogAnchor | undefined; source: string }> {
  const { connect } = await import('nats'); // only with --nats: the NATS client is ~10 MB of memory
  const connection = await connect({ servers: url, timeout: 3000 }).catch((err: Error) => {
    throw new UsageError(`--nats ${url}: cannot connect (${err.message})`);
  });
  try {
    const kv = await AnchorKv.open(connection, { timeoutMs: 3000 });
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

export async function verifyCommand(args: CommandArgs<OptionSpecs>, io: Pick<CommandIO, 'out' | 'stderr' | 'now'>, env: NodeJS.ProcessEnv = process.env): Promise<number> {
  const { out } = io;
  const db = args.positional[0] as string;
  const key = logKeyFromEnv(args.options.get('key-env'), env);
  const threads = args.options.has('threads') ? (Number(args.options.get('threads')) as 1 | 2) : undefined;
  let reader: SqliteLogReader;
  try {
    reader = SqliteLogReader.open(db);
  } catch (err) {
    // An empty log whose anchor remembers events: not unreadable — events are missing (exit 1).
    const anchor = err instanceof EmptyLogError ? readNewestAnchor(anchorFileOf(db))?.anchor : undefined;
    if (!anchor || anchor.seq === 0) throw err;
    const v = judgeAgainstAnchor({ seq: 0, hash: GENESIS_HASH }, undefined, anchor);
    if (v.ok) throw err;
    out(`MISMATCH ${anchor.tableId} at event 1: ${new LogBehindAnchorError(v, db, anchorFileOf(db)).message}`);
    return 1;
  }
  try {
    const { tableId } = reader;
    // The file's quick_check runs inside the check (in two threads, while the worker starts); a file too
    // damaged to read its head fails with the quick_check's own words.
    const head = whenReadable(reader, () => reader.head());
    // Progress on stderr while a long verify runs, only on a terminal (progress.ts).
    const progress = new Progress({ stream: io.stderr, now: io.now, label: 'verify', unit: 'events', quiet: args.flags.has('quiet') });
    const verdict = await verifyLogFile(reader, { to: head.seq, parallel: (threads ?? (COMPILED && head.seq >= TWO_THREADS_FROM ? 2 : 1)) === 2, before: () => reader.quickCheck(), ...(key ? { key } : {}), onProgress: (done) => progress.update(done, head.seq), progressEvery: 20_000 });
    progress.finish();
    if (!verdict.ok) {
      out(`MISMATCH ${tableId} at event ${verdict.seq}: ${verdict.problem}`);
      return 1;
    }
    // The log against what it once anchored (a deleted WAL, an older copy, a rewrite with recomputed hashes).
    const anchors: Array<{ anchor: LogAnchor | undefined; source: string }> = [{ anchor: readNewestAnchor(anchorFileOf(db))?.anchor, source: anchorFileOf(db) }];
    const nats = args.options.get('nats');
    if (nats !== undefined) anchors.push(await kvAnchor(nats, tableId));
    const judged: string[] = [];
    let anchored = false;
    let missingFile: string | undefined;
    for (const { anchor, source } of anchors) {
      if (anchor === undefined) {
        // A log that records anchoring to its file, whose file is gone, lost its witness (docs/audit.md, anchors).
        const missing = source === anchorFileOf(db) ? judgeMissingAnchorFile(head, tableId, reader.firstOfType(ANCHORING_STARTED_RECORD)) : { ok: true as const };
        if (!missing.ok) {
          // Reported after the other anchors, which may name the heads (a KV anchor the log is behind).
          missingFile = `MISMATCH ${tableId} at event ${missing.anchor.seq}: ${new LogBehindAnchorError(missing, db, source).message}`;
          continue;
        }
        judged.push(`no anchor in ${source}`);
        continue;
      }
      const v = judgeAgainstAnchor(head, reader.hashAt(anchor.seq), anchor);
      if (!v.ok) {
        out(`MISMATCH ${tableId} at event ${v.kind === 'behind' ? head.seq + 1 : anchor.seq}: ${new LogBehindAnchorError(v, db, source).message}`);
        return 1;
      }
      anchored = true;
      judged.push(`consistent with the anchor at seq ${anchor.seq} in ${source}`);
    }
    if (missingFile !== undefined) {
      out(missingFile);
      return 1;
    }
    // A log no anchor vouches for could be one that lost its last events (a deleted WAL, an older copy):
    // nothing outside the database says how long it was. Not intact as far as an audit can tell.
    if (!anchored && !args.flags.has('no-anchor-ok')) {
      out(`NO ANCHOR ${tableId}: ${verdict.events} events, hash chain intact, every derived event matches, but no anchor vouches for its length (${judged.join('; ')}): a log that lost its last events would look the same; --no-anchor-ok accepts a log that was never anchored`);
      return 1;
    }
    if (!anchored) judged.push('accepted without an anchor (--no-anchor-ok)');
    const macs = key ? `; MACs checked from event ${verdict.macFrom ?? '-'}` : reader.firstMacSeq() !== undefined ? '; the log carries MACs: not checked (no key; --key-env NAME)' : '';
    out(`OK ${tableId}: ${verdict.events} events, ${verdict.inputs} inputs, ${verdict.rounds} rounds; hash chain intact, every derived event matches${macs}; ${judged.join('; ')}`);
    return 0;
  } finally {
    reader.close();
  }
}
