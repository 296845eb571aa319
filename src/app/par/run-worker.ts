// Starts a worker thread on a TypeScript task module (through worker-shim.mjs) and hands over its data.
import { Worker } from 'node:worker_threads';

const SHIM = new URL('./worker-shim.mjs', import.meta.url);

export function startWorker(task: URL, data: Record<string, unknown>): Worker {
  return new Worker(SHIM, { workerData: { module: task.href, ...data } });
}

/** Runs a task that posts one result and ends. */
export function runWorkerTask<T>(task: URL, data: Record<string, unknown>, unref = false): Promise<T> {
  return new Promise<T>((resolve, reject) => {
    const worker = startWorker(task, data);
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
