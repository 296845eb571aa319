// Starts a worker thread on a task module and hands over its data. From the TypeScript sources the worker
// registers tsx first (worker-shim.cjs); from the compiled build (npm run build) it runs the task's .js
// beside this module directly, with plain node: no loader in the worker (the compiled product's
// `shoe simulate --workers` looked for simulate-task.ts, which dist/ does not have).
import { Worker, type WorkerOptions } from 'node:worker_threads';
import { extname } from 'node:path';
import { fileURLToPath } from 'node:url';

const SHIM = new URL('./worker-shim.cjs', import.meta.url);
/** '.ts' when this module runs from the sources, '.js' when compiled. */
const OWN_EXTENSION = extname(fileURLToPath(import.meta.url));

/** `task` names the TypeScript source (new URL('./x-task.ts', import.meta.url)); compiled, its .js runs. */
export function startWorker(task: URL, data: Record<string, unknown>, options: Omit<WorkerOptions, 'workerData'> = {}): Worker {
  if (OWN_EXTENSION === '.ts') return new Worker(SHIM, { ...options, workerData: { module: task.href, ...data } });
  return new Worker(new URL(task.href.replace(/\.ts$/, OWN_EXTENSION)), { ...options, workerData: data });
}

/** A task that posts one result and ends, with its worker in hand: it can be stopped before it answers. */
export interface WorkerTask<T> {
  readonly result: Promise<T>;
  /** Ends the worker now (its result rejects with TaskStopped if it had not answered). */
  stop(): void;
  /** Whether the worker keeps the process alive while it runs (it does, unless told otherwise). */
  keepAlive(yes: boolean): void;
}

export class TaskStopped extends Error {
  constructor() {
    super('analysis stopped before it answered');
  }
}

export function workerTask<T>(task: URL, data: Record<string, unknown>, options: Omit<WorkerOptions, 'workerData'> = {}): WorkerTask<T> {
  const worker = startWorker(task, data, options);
  let settled = false;
  let stopped = false;
  const result = new Promise<T>((resolve, reject) => {
    worker.once('message', (m: T) => {
      settled = true;
      resolve(m);
    });
    worker.once('error', (err) => {
      settled = true;
      reject(err);
    });
    worker.once('exit', (code) => {
      if (!settled) reject(stopped ? new TaskStopped() : new Error(`analysis worker stopped with code ${code} before answering`));
    });
  });
  return {
    result,
    stop() {
      if (settled || stopped) return;
      stopped = true;
      void worker.terminate();
    },
    keepAlive(yes) {
      if (yes) worker.ref();
      else worker.unref();
    },
  };
}

/** Runs a task that posts one result and ends. */
export function runWorkerTask<T>(task: URL, data: Record<string, unknown>, unref = false, options: Omit<WorkerOptions, 'workerData'> = {}): Promise<T> {
  const t = workerTask<T>(task, data, options);
  if (unref) t.keepAlive(false);
  return t.result;
}
