// `shoe verify` over a SQLite log file. The work splits by what it needs (docs/audit.md, "How verify
// spends its time"): the chain and MACs need only each event's stored bytes and the hash before a span, so
// they are cut into spans (verify-chain-spans.ts) that chain workers take from the front, each over its own
// read-only connection, joined at their boundary hashes; the round machine's re-run needs every event in
// order, so it runs on this thread, beside them, and when it is done this thread takes spans from the back
// until all are checked. Between their spans, and after them, the workers read the re-run's next pages into
// shared slots for this thread (verify-read-ahead.ts), which reads a page itself only when no worker has
// claimed it. In one thread the spans and the re-run alternate, span by span. The outcomes are
// joined into the verdict one reading would give (verify-log.ts, joinHalves). Every reader stops early once
// a problem before where it is has been found.
import { SqliteLogReader } from '../adapters/store/sqlite-log-reader.js';
import { UnreadableLogError } from '../adapters/store/unreadable-log.js';
import type { ChainOutcome, ReplayHalf, ReplayOutcome, Verdict, VerifyOptions } from '../app/audit/verify-log.js';
import { unkeyedLog } from '../app/audit/verify-chain-half.js';
import { checkSpan, checkSpans, SpanBoard, type SpansOutcome } from '../app/audit/verify-chain-spans.js';
import { joinWalls, type SpanWalls } from '../app/audit/verify-wall-times.js';
import { canStartWorker } from './verify-workers.js';
import { CHAIN_TASK, startChainTask, type ChainTask } from './verify-chain-worker.js';
import { keepYoungGenerationSmallAfterWorkerStart, letYoungGenerationGrow } from './small-young-generation.js';
import type { ChainTaskReply, VerifyTaskData } from './verify-task-protocol.js';
import { loadReRun, type ReRun } from './verify-rerun.js';
import { PagesFromWorkers, readAheadShape, recordsReadAhead } from './verify-read-ahead.js';
import { mark } from './verify-timeline.js';

export interface VerifyFileOptions extends VerifyOptions {
  /** The head seq read before verifying: every reader stops there. */
  readonly to: number;
  /** Threads (default 1): with N >= 2, N - 1 chain workers beside this thread's re-run of the round machine. */
  readonly threads?: number;
  /** Events per span of the chain (default: verify-chain-spans.ts); tests cut small spans to cross many borders. */
  readonly spanSize?: number;
  /** False: this thread leaves every span to the workers (tests reach the workers' many-span path). */
  readonly backSpans?: boolean;
  /**
   * The file's quick_check before the verdict: with workers, the first runs it before its spans while this
   * thread re-runs the round machine; its failure is the answer, whatever else was found.
   */
  readonly quickCheck?: boolean;
  /**
   * The workers read the re-run's pages ahead (verify-read-ahead.ts; default on, with page text inside SQLite).
   * false: this thread reads every page. `page`: seqs a page (tests cut small ones); `onlyCarried`: every page
   * from a worker (tests); `onDone`: how many pages were carried from a worker and how many read here.
   */
  readonly readAhead?: false | { readonly page?: number; readonly onlyCarried?: boolean; readonly onDone?: (carried: number, readHere: number) => void };
}

/** A worker's spans, or its failure thrown: the file's problem as UnreadableLogError. */
function spansOf(file: string, answer: ChainTaskReply): SpansOutcome {
  if ('unreadable' in answer) throw new UnreadableLogError(file, answer.unreadable);
  if ('error' in answer) throw new Error(`a chain worker of verify failed: ${answer.error}`);
  return answer.spans;
}

export async function verifyLogFile(reader: SqliteLogReader, options: VerifyFileOptions): Promise<Verdict> {
  const { to, key } = options;
  const threads = canStartWorker(CHAIN_TASK) ? Math.max(1, Math.trunc(options.threads ?? 1)) : 1;
  if (threads === 1 && reader.format === 1) {
    // A log of format 1 in one thread: one reading, as it was always verified.
    if (options.quickCheck) reader.quickCheck();
    return (await loadReRun()).verifyLog(reader.events(1, to), options);
  }
  const board = SpanBoard.create(to, options.spanSize);
  let firstMac: number | undefined;
  try {
    firstMac = key ? reader.firstKeyedEvent(to) : undefined;
  } catch (err) {
    if (options.quickCheck) reader.quickCheck(); // a file too damaged for this query fails with the quick_check's words, if it has them
    throw err;
  }
  if (threads === 1) {
    if (options.quickCheck) reader.quickCheck();
    return alternating(await loadReRun(), reader, board, key, firstMac, options);
  }
  const data: VerifyTaskData = { file: reader.file, tableId: reader.tableId, key: key ? new Uint8Array(key) : null, firstMac: firstMac ?? null, board: board.shape, quickCheck: false, readAhead: null };
  const ahead = options.readAhead !== false && readsPageText(reader) ? readAheadShape(1, to, options.readAhead?.page ?? SqliteLogReader.TEXT_PAGE) : undefined;
  const tasks = Array.from({ length: Math.min(threads - 1, board.spans) }, (_, i) => startChainTask({ ...data, quickCheck: i === 0 && options.quickCheck === true, readAhead: ahead ?? null }));
  try {
    if (options.quickCheck && tasks.length === 0) reader.quickCheck();
    const pages = ahead && new PagesFromWorkers(ahead, () => board.earliestProblem(), options.readAhead !== false && options.readAhead?.onlyCarried === true);
    const verdict = await alongsideWorkers(reader, board, tasks, options, firstMac, pages);
    if (pages && options.readAhead) options.readAhead.onDone?.(pages.carried, pages.readHere);
    return verdict;
  } catch (err) {
    // The file's quick_check, when it failed, says best what is wrong with it (not a read error it caused here).
    board.stopAll();
    const checked = await tasks[0]?.reply.catch(() => undefined);
    if (options.quickCheck && checked !== undefined && 'unreadable' in checked) spansOf(reader.file, checked);
    throw err;
  } finally {
    board.stopAll(); // a reader that is still going stops at once
    await Promise.all(tasks.map((task) => task.worker.terminate()));
  }
}

/** Whether this thread reads the re-run's pages as text (and so can the workers, loading the same library). */
function readsPageText(reader: SqliteLogReader): boolean {
  try {
    return reader.readsPageText();
  } catch {
    return false; // the re-run's own reading names the file's problem
  }
}

/** This thread's part beside the chain workers: the re-run, then spans from the back; the verdict once every worker answered. */
async function alongsideWorkers(reader: SqliteLogReader, board: SpanBoard, tasks: readonly ChainTask[], options: VerifyFileOptions, firstMac: number | undefined, pages: PagesFromWorkers | undefined): Promise<Verdict> {
  const { to, key } = options;
  mark('workers-starting');
  letYoungGenerationGrow(); // to 4 MB while the re-run loads (small-young-generation.ts)
  const rerun = await loadReRun(); // while the workers start (verify-rerun.ts)
  mark('rerun-loaded');
  // A worker's start sets V8's flags anew, and this thread's young generation would grow to 32 MB during the
  // re-run (small-young-generation.ts): once the workers run, the bound holds again.
  await Promise.all(tasks.map((task) => task.started));
  keepYoungGenerationSmallAfterWorkerStart();
  mark('rerun-start');
  const replay = replayUpTo(rerun, reader, new rerun.ReplayHalf(), to, board, options, false, pages);
  mark(`rerun-end carried=${pages?.carried} here=${pages?.readHere}`);
  pages?.waits.report('main-waited');
  if (replay.problem) board.found('replay', replay.problem.row);
  const mine = options.backSpans === false ? { events: 0, walls: [] } : checkSpans(board, 'back', reader, key, firstMac, () => mark('back-span'));
  mark('back-spans-done');
  const theirs: SpansOutcome[] = [];
  for (const task of tasks) theirs.push(spansOf(reader.file, await task.reply));
  mark('replies');
  return rerun.joinHalves(joinedSpans([...theirs, mine], key !== undefined, firstMac, to), replay);
}

/**
 * The chain and MACs alone (no re-run of the round machine), in `threads` threads: `threads - 1` workers
 * and this one taking spans (what `npm run bench:verify` measures as "chain + MAC").
 */
export async function verifyChainOnly(reader: SqliteLogReader, options: Pick<VerifyFileOptions, 'to' | 'key' | 'threads' | 'spanSize'>): Promise<ChainOutcome> {
  const { to, key } = options;
  const board = SpanBoard.create(to, options.spanSize);
  const firstMac = key ? reader.firstKeyedEvent(to) : undefined;
  const data: VerifyTaskData = { file: reader.file, tableId: reader.tableId, key: key ? new Uint8Array(key) : null, firstMac: firstMac ?? null, board: board.shape, quickCheck: false, readAhead: null };
  const threads = canStartWorker(CHAIN_TASK) ? Math.max(1, options.threads ?? 1) : 1;
  const tasks = Array.from({ length: Math.min(threads - 1, board.spans) }, () => startChainTask(data));
  try {
    const mine = checkSpans(board, 'back', reader, key, firstMac);
    const theirs: SpansOutcome[] = [];
    for (const task of tasks) theirs.push(spansOf(reader.file, await task.reply));
    return joinedSpans([...theirs, mine], key !== undefined, firstMac, to);
  } finally {
    board.stopAll();
    await Promise.all(tasks.map((task) => task.worker.terminate()));
  }
}

/** One thread: a span of the chain, then the re-run up to its end, span after span (progress as the re-run goes). */
function alternating(rerun: ReRun, reader: SqliteLogReader, board: SpanBoard, key: Buffer | undefined, firstMac: number | undefined, options: VerifyFileOptions): Verdict {
  const { joinHalves } = rerun;
  const half = new rerun.ReplayHalf();
  let events = 0;
  const walls: SpanWalls[] = [];
  for (let span = board.claim('front'); span !== undefined; span = board.claim('front')) {
    const { events: checked, problem, walls: spanWalls } = checkSpan(span, board, reader, key, firstMac);
    events += checked;
    walls.push(spanWalls);
    if (problem) board.found('chain', problem.row);
    const replay = replayUpTo(rerun, reader, half, span.to, board, options, true);
    if (problem || replay.problem) return joinHalves(joinedSpans([{ events, walls, ...(problem ? { problem } : {}) }], key !== undefined, firstMac, options.to), replay);
  }
  return joinHalves(joinedSpans([{ events, walls }], key !== undefined, firstMac, options.to), replayUpTo(rerun, reader, half, options.to, board, options));
}

/**
 * The re-run from where `half` is up to `to`, with progress; it stops before the row where the chain found
 * a problem (that problem wins from its row on). `more`: the log goes on after `to` (no end check yet).
 */
function replayUpTo(rerun: ReRun, reader: SqliteLogReader, half: ReplayHalf, to: number, board: SpanBoard, options: VerifyOptions, more = false, pages?: PagesFromWorkers): ReplayOutcome {
  const { key: _key, ...progress } = options; // the re-run has no use for the key
  const records = pages ? recordsReadAhead(reader, pages) : reader.records(half.events + 1, to);
  return rerun.runReplayHalf(records, { ...progress, half, more, otherFound: () => board.chainProblem() });
}

/**
 * The spans of every thread as one chain half over events 1..to: the earliest problem, then the whole-log end
 * check; and where the wall times first go back, across the spans' boundaries too.
 */
function joinedSpans(all: readonly SpansOutcome[], keyed: boolean, firstMac: number | undefined, to: number): ChainOutcome {
  const events = all.reduce((sum, s) => sum + s.events, 0);
  const macFrom = keyed ? firstMac ?? null : null;
  const problems = all.map((s) => s.problem).filter((p) => p !== undefined);
  const problem = problems.sort((a, b) => a.row - b.row)[0] ?? (keyed && firstMac === undefined && to > 0 ? unkeyedLog(to) : undefined);
  const wallTimeBack = joinWalls(all.flatMap((s) => s.walls));
  return { events, macFrom, ...(problem ? { problem } : {}), ...(wallTimeBack ? { wallTimeBack } : {}) };
}
