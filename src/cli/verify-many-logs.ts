// Many table logs verified at once (`shoe verify DIR|GLOB...`): each log in one thread, as many logs at a
// time as threads. This thread and `threads - 1` workers take the next log from one shared counter (an
// Atomics.add on shared memory: each log is taken exactly once, and no thread waits for another to hand
// out work), so a floor of logs keeps every core busy to the last log. Reports come back as they are made.
// A worker that fails does not stop the others: the log it held is reported not checked.
import type { Worker } from 'node:worker_threads';
import { canStartWorker, startVerifyWorker } from './verify-workers.js';
import { UnreadableLogError } from '../adapters/store/unreadable-log.js';
import { explainOperatorError } from './cli-errors.js';
import { verifyOneLog, type LogReport, type VerifyOneOptions } from './verify-one-log.js';
import type { LogsTaskData, LogsTaskMessage } from './verify-logs-task-protocol.js';

const LOGS_TASK = new URL('./verify-logs-task.ts', import.meta.url);
/** A worker holds one log's pages and a table: small heap limits keep its memory flat (verify-log-file.ts). */
const WORKER_LIMITS = { maxYoungGenerationSizeMb: 4, maxOldGenerationSizeMb: 96 };

export type ManyOptions = Omit<VerifyOneOptions, 'threads' | 'onProgress' | 'parallelFrom'> & {
  readonly threads: number;
  /** The workers' task (default verify-logs-task.ts); tests give one that fails. */
  readonly task?: URL;
  /** False: this thread takes no log, the workers take them all (tests reach a worker's failure). */
  readonly mainTakesLogs?: boolean;
};

/** What went wrong beside the reports: each worker that stopped before its last log, in words. */
export interface ManyOutcome {
  readonly workerFailures: readonly string[];
}

/** The report of a log whose check failed before a verdict (unreadable, or a fault): one line, exit 2 (or 1). */
export async function reportOfFailure(file: string, err: unknown): Promise<LogReport> {
  const explained = await explainOperatorError(err);
  const text = err instanceof UnreadableLogError ? err.problem : explained?.message ?? `unexpected error (a fault of the program, please report it): ${String((err as Error)?.stack ?? err)}`;
  return { file, tableId: null, verdict: 'unreadable', exitCode: explained?.exitCode === 1 ? 1 : 2, line: `UNREADABLE: ${text.split('\n').join('; ')}`, events: 0 };
}

/** Takes logs from the counter until none is left, reporting each (the loop of this thread and of every worker). */
export async function takeLogs(files: readonly string[], counter: Int32Array, options: VerifyOneOptions, report: (index: number, report: LogReport) => void): Promise<void> {
  for (let index = Atomics.add(counter, 0, 1); index < files.length; index = Atomics.add(counter, 0, 1)) {
    const file = files[index] as string;
    let result: LogReport;
    try {
      result = await verifyOneLog(file, options);
    } catch (err) {
      result = await reportOfFailure(file, err);
    }
    report(index, result);
    // Let the workers' reports in between two logs of this thread.
    await new Promise<void>((resolve) => setImmediate(resolve));
  }
}

/**
 * A log no thread reported: the worker that took it stopped first (a fault of the program). This thread
 * and the other workers go on with the logs left, so only a log a stopped worker held comes out this way.
 */
function notChecked(file: string, failures: readonly string[]): LogReport {
  return { file, tableId: null, verdict: 'unreadable', exitCode: 2, line: `UNREADABLE: not checked: a verify worker stopped before reporting it (${failures.join('; ')}); a fault of the program, please report it`, events: 0 };
}

export async function verifyManyLogs(files: readonly string[], options: ManyOptions, onReport: (index: number, report: LogReport) => void): Promise<ManyOutcome> {
  const counter = new Int32Array(new SharedArrayBuffer(Int32Array.BYTES_PER_ELEMENT));
  const { threads, task = LOGS_TASK, mainTakesLogs = true, ...rest } = options;
  const one: VerifyOneOptions = { ...rest, threads: 1 };
  const data: LogsTaskData = { files: [...files], counter: counter.buffer as SharedArrayBuffer, key: rest.key ? new Uint8Array(rest.key) : null, nats: rest.nats ?? null, noAnchorOk: rest.noAnchorOk === true };
  const reported = new Set<number>();
  const report = (index: number, r: LogReport) => {
    reported.add(index);
    onReport(index, r);
  };
  const workers: Worker[] = [];
  const finished: Array<Promise<void>> = [];
  const workerFailures: string[] = [];
  const workersWanted = canStartWorker(task) ? Math.min(threads, files.length) - (mainTakesLogs ? 1 : 0) : 0;
  for (let i = 0; i < workersWanted; i += 1) {
    const worker = startVerifyWorker(task, { ...data }, WORKER_LIMITS);
    workers.push(worker);
    // A worker that fails or stops before `done` is noted, and the logs it held reported as not checked.
    finished.push(new Promise<void>((resolve) => {
      let settled = false;
      const settle = (failure?: string) => {
        if (settled) return;
        settled = true;
        if (failure !== undefined) workerFailures.push(failure);
        resolve();
      };
      worker.on('message', (m: LogsTaskMessage) => {
        if ('done' in m) settle();
        else report(m.index, m.report);
      });
      worker.once('error', (err) => settle(`a verify worker failed: ${err.message}`));
      worker.once('exit', (code) => settle(`a verify worker stopped with code ${code} before its last log`));
    }));
  }
  try {
    if (mainTakesLogs || workersWanted === 0) await takeLogs(files, counter, one, report);
    await Promise.all(finished);
  } finally {
    await Promise.all(workers.map((w) => w.terminate()));
  }
  files.forEach((file, index) => {
    if (!reported.has(index)) report(index, notChecked(file, workerFailures));
  });
  return { workerFailures };
}
