// `shoe verify` over a SQLite log file, in one thread (verifyLog) or, with `parallel`, in two: the
// main thread re-runs the round machine while a worker checks spans of the chain and MACs from the front over
// its own read-only connection; when the re-run is done, the main thread checks spans from the back until the
// two meet (verify-chain-spans.ts), so both cores stay busy to the end. The outcomes are joined into the
// verdict verifyLog would give (verify-log.ts, joinHalves). Every reader stops early once a problem before
// where it is has been found.
import type { Worker } from 'node:worker_threads';
import type { SqliteLogReader } from '../adapters/store/sqlite-log-reader.js';
import { UnreadableLogError } from '../adapters/store/unreadable-log.js';
import { joinHalves, runReplayHalf, verifyLog, type ChainOutcome, type Verdict, type VerifyOptions } from '../app/audit/verify-log.js';
import { unkeyedLog } from '../app/audit/verify-chain-half.js';
import { checkSpans, SpanBoard, type SpansOutcome } from '../app/audit/verify-chain-spans.js';
import { startWorker } from '../app/par/run-worker.js';
import type { ChainTaskReply, VerifyTaskData } from './verify-task-protocol.js';

/** The worker's heap: its live data is a page of rows, so small limits keep its memory flat (a young
 *  generation of 4 MB measured as fast as 8 MB on 1,000,000 events, and ~7 MB less peak RSS). */
const WORKER_LIMITS = { maxYoungGenerationSizeMb: 4, maxOldGenerationSizeMb: 64 };

const CHAIN_TASK = new URL('./verify-chain-task.ts', import.meta.url);

export interface VerifyFileOptions extends VerifyOptions {
  /** The head seq read before verifying: every reader stops there. */
  readonly to: number;
  /** Two threads: the chain and MACs shared with a worker thread. */
  readonly parallel?: boolean;
  /** Events per span of the chain (default: verify-chain-spans.ts); tests cut small spans to cross many borders. */
  readonly spanSize?: number;
  /** False: the main thread leaves every span to the worker (tests reach the worker's many-span path). */
  readonly backSpans?: boolean;
  /** Run before the check (the file's quick_check): in two threads, while the worker starts its spans. */
  readonly before?: () => void;
}

/** Starts the chain worker (through tsx from the sources, plain node compiled: run-worker.ts); its one message is the reply. */
function startChainTask(data: VerifyTaskData): { reply: Promise<ChainTaskReply>; worker: Worker } {
  const worker = startWorker(CHAIN_TASK, { ...data }, { resourceLimits: WORKER_LIMITS });
  const reply = new Promise<ChainTaskReply>((resolve, reject) => {
    worker.once('message', resolve);
    worker.once('error', reject);
    worker.once('exit', (code) => reject(new Error(`the chain worker of verify stopped with code ${code} before answering`)));
  });
  reply.catch(() => undefined); // awaited below, or the worker is stopped because this thread failed
  return { reply, worker };
}

/** The worker's spans, or its failure thrown: the file's problem as UnreadableLogError. */
function spansOf(file: string, answer: ChainTaskReply): SpansOutcome {
  if ('unreadable' in answer) throw new UnreadableLogError(file, answer.unreadable);
  if ('error' in answer) throw new Error(`the chain worker of verify failed: ${answer.error}`);
  return answer.spans;
}

export async function verifyLogFile(reader: SqliteLogReader, options: VerifyFileOptions): Promise<Verdict> {
  const { to, key } = options;
  if (!options.parallel) {
    options.before?.();
    return verifyLog(reader.events(1, to), options);
  }
  const board = SpanBoard.create(to, options.spanSize);
  let firstMac: number | undefined;
  try {
    firstMac = key ? reader.firstKeyedEvent(to) : undefined;
  } catch (err) {
    options.before?.(); // a file too damaged for this query fails with the quick_check's words, if it has them
    throw err;
  }
  const data: VerifyTaskData = { file: reader.file, tableId: reader.tableId, key: key ? new Uint8Array(key) : null, firstMac: firstMac ?? null, board: board.shape };
  const chainTask = startChainTask(data);
  try {
    options.before?.();
    const replay = runReplayHalf(reader.records(1, to), options, () => board.chainProblem());
    if (replay.problem) board.found('replay', replay.problem.row);
    const mine = options.backSpans === false ? { events: 0 } : checkSpans(board, 'back', reader, key, firstMac);
    const front = spansOf(reader.file, await chainTask.reply);
    return joinHalves(joinedSpans(front, mine, key !== undefined, firstMac, to), replay);
  } finally {
    board.stopAll(); // a reader that is still going stops at once
    await chainTask.worker.terminate();
  }
}

/** The two threads' spans as one chain half over events 1..to: the earliest problem, then the whole-log end check. */
function joinedSpans(front: SpansOutcome, back: SpansOutcome, keyed: boolean, firstMac: number | undefined, to: number): ChainOutcome {
  const events = front.events + back.events;
  const macFrom = keyed ? firstMac ?? null : null;
  const problems = [front.problem, back.problem].filter((p) => p !== undefined);
  const problem = problems.sort((a, b) => a.row - b.row)[0] ?? (keyed && firstMac === undefined && to > 0 ? unkeyedLog(to) : undefined);
  return { events, macFrom, ...(problem ? { problem } : {}) };
}
