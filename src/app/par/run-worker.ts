// Starts a worker thread on a task module and hands over its data. From the TypeScript sources the worker
// registers tsx first (worker-shim.mjs); from the compiled build (npm run build) it runs the task's .js
// beside this module directly, with plain node: no loader in the worker (the compiled product's
// `shoe simulate --workers` looked for simulate-task.ts, which dist/ does not have).
import { Worker, type WorkerOptions } from 'node:worker_threads';
import { extname } from 'node:path';
import { fileURLToPath } from 'node:url';

const SHIM = new URL('./worker-shim.mjs', import.meta.url);
/** '.ts' when this module runs from the sources, '.js' when compiled. */
const OWN_EXTENSION = extname(fileURLToPath(import.meta.url));

/** `task` names the TypeScript source (new URL('./x-task.ts', import.meta.url)); compiled, its .js runs. */
export function startWorker(task: URL, data: Record<string, unknown>, options: Omit<WorkerOptions, 'workerData'> = {}): Worker {
  if (OWN_EXTENSION === '.ts') return new Worker(SHIM, { ...options, workerData: { module: task.href, ...data } });
  return new Worker(new URL(task.href.replace(/\.ts$/, OWN_EXTENSION)), { ...options, workerData: data });
}

/** Runs a task that posts one result and ends. */
export function runWorkerTask<T>(task: URL, data: Record<string, unknown>, unref = false, options: Omit<WorkerOptions, 'workerData'> = {}): Promise<T> {
  return new Promise<T>((resolve, reject) => {
    const worker = startWorker(task, data, options);
    if (unref) worker.unref();
    let settled = false;
    worker.once('message', (m: T) => {
      settled = true;
      resolve(m);
    });
    worker.once('error', (err) => {
      settled = true;
      reject(err);
    });
    worker.once('exit', (code) => {
      if (!settled) reject(new Error(`analysis worker stopped with code ${code} before answering`));
    });
  });
}
