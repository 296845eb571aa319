// Many table logs verified at once (`shoe verify DIR|GLOB...`): each log in one thread, as many logs at a
// time as threads. This thread and `threads - 1` workers take the next log from one shared counter (an
// Atomics.add on shared memory: each log is taken exactly once, and no thread waits for another to hand
// out work), so a floor of logs keeps every core busy to the last log. Reports come back as they are made.
import type { Worker } from 'node:worker_threads';
import { canStartWorker, startVerifyWorker } from './verify-workers.js';
import { UnreadableLogError } from '../adapters/store/unreadable-log.js';
import { explainOperatorError } from './cli-errors.js';
import { verifyOneLog, type LogReport, type VerifyOneOptions } from './verify-one-log.js';
import type { LogsTaskData, LogsTaskMessage } from './verify-logs-task-protocol.js';

const LOGS_TASK = new URL('./verify-logs-task.ts', import.meta.url);
/** A worker holds one log's pages and a table: small heap limits keep its memory flat (verify-log-file.ts). */
const WORKER_LIMITS = { maxYoungGenerationSizeMb: 4, maxOldGenerationSizeMb: 96 };

export type ManyOptions = Omit<VerifyOneOptions, 'threads' | 'onProgress' | 'parallelFrom'> & { readonly threads: number };

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

export async function verifyManyLogs(files: readonly string[], options: ManyOptions, onReport: (index: number, report: LogReport) => void): Promise<void> {
  const counter = new Int32Array(new SharedArrayBuffer(Int32Array.BYTES_PER_ELEMENT));
  const { threads, ...rest } = options;
  const one: VerifyOneOptions = { ...rest, threads: 1 };
  const data: LogsTaskData = { files: [...files], counter: counter.buffer as SharedArrayBuffer, key: rest.key ? new Uint8Array(rest.key) : null, nats: rest.nats ?? null, noAnchorOk: rest.noAnchorOk === true };
  const workers: Worker[] = [];
  const finished: Array<Promise<void>> = [];
  const workersWanted = canStartWorker(LOGS_TASK) ? Math.min(threads, files.length) - 1 : 0;
  for (let i = 0; i < workersWanted; i += 1) {
    const worker = startVerifyWorker(LOGS_TASK, { ...data }, WORKER_LIMITS);
    workers.push(worker);
    finished.push(new Promise<void>((resolve, reject) => {
      worker.on('message', (m: LogsTaskMessage) => {
        if ('done' in m) resolve();
        else onReport(m.index, m.report);
      });
      worker.once('error', reject);
      worker.once('exit', (code) => reject(new Error(`a verify worker stopped with code ${code} before its last log`)));
    }));
  }
  try {
    await takeLogs(files, counter, one, onReport);
    await Promise.all(finished);
  } finally {
    await Promise.all(workers.map((w) => w.terminate()));
  }
}
