// `shoe verify` over a SQLite log file (issue 9), in one thread (verifyLog) or, with `parallel`, in two: a
// worker checks the chain and the MACs over its own read-only connection while this thread re-runs the
// round machine; the two outcomes are joined into the verdict verifyLog would give (verify-log.ts,
// joinHalves). Each half stops early when the other found a problem before where it is. Two threads cost
// memory (a second V8 isolate, and through tsx a second TypeScript loader: ~+45-80 MB), so the default
// stays one thread (issue 9's < 150 MB goal).
import { Worker } from 'node:worker_threads';
import { extname } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { SqliteLogReader } from '../adapters/store/sqlite-log-reader.js';
import { UnreadableLogError } from '../adapters/store/unreadable-log.js';
import { joinHalves, runReplayHalf, verifyLog, type Verdict, type VerifyOptions } from '../app/verify-log.js';
import { CHAIN_PROBLEM_ROW, REPLAY_PROBLEM_ROW, type ChainTaskData, type ChainTaskReply } from './verify-chain-protocol.js';

/** The worker's heap: its live data is a page of rows, so small limits keep its memory flat. */
const WORKER_LIMITS = { maxYoungGenerationSizeMb: 8, maxOldGenerationSizeMb: 64 };

const OWN_EXTENSION = extname(fileURLToPath(import.meta.url));
const TASK = new URL(`./verify-chain-task${OWN_EXTENSION}`, import.meta.url);
// TypeScript sources run through tsx: the worker registers it first (as the analysis workers do).
const SHIM = new URL('../app/par/worker-shim.mjs', import.meta.url);

export interface VerifyFileOptions extends VerifyOptions {
  /** The head seq read before verifying: both halves stop there. */
  readonly to: number;
  /** The chain and MACs in a worker thread. */
  readonly parallel?: boolean;
}

export async function verifyLogFile(reader: SqliteLogReader, options: VerifyFileOptions): Promise<Verdict> {
  const { to, key } = options;
  if (!options.parallel) return verifyLog(reader.events(1, to), options);
  const rows = new SharedArrayBuffer(2 * Int32Array.BYTES_PER_ELEMENT);
  const found = new Int32Array(rows);
  const data: ChainTaskData = { file: reader.file, tableId: reader.tableId, to, key: key ? new Uint8Array(key) : null, rows };
  const limits = { resourceLimits: WORKER_LIMITS };
  const worker = OWN_EXTENSION === '.ts' ? new Worker(SHIM, { workerData: { module: TASK.href, ...data }, ...limits }) : new Worker(TASK, { workerData: data, ...limits });
  const reply = new Promise<ChainTaskReply>((resolve, reject) => {
    worker.once('message', resolve);
    worker.once('error', reject);
    worker.once('exit', (code) => reject(new Error(`the chain worker of verify stopped with code ${code} before answering`)));
  });
  reply.catch(() => undefined); // a failure here is awaited below, or the worker is stopped because this thread failed
  try {
    const replay = runReplayHalf(reader.records(1, to), options, () => Atomics.load(found, CHAIN_PROBLEM_ROW));
    if (replay.problem) Atomics.store(found, REPLAY_PROBLEM_ROW, replay.problem.row);
    const answer = await reply;
    if ('unreadable' in answer) throw new UnreadableLogError(reader.file, answer.unreadable);
    if ('error' in answer) throw new Error(`the chain worker of verify failed: ${answer.error}`);
    return joinHalves(answer.outcome, replay);
  } finally {
    Atomics.store(found, REPLAY_PROBLEM_ROW, 1); // a half that is still reading stops at once
    await worker.terminate();
  }
}
