// How verify starts its worker threads (verify-log-file.ts, verify-many-logs.ts). Compiled, a task's .js
// runs with plain node; from the sources, through src/app/par/worker-shim.cjs (tsx without a loader thread).
// Either way without the parent's node options (`--import tsx` would load a second TypeScript loader).
// Where the task cannot be found (the CLI bundled into one file, as some tests run it), there are no
// workers: verify runs in one thread.
import { existsSync } from 'node:fs';
import { extname } from 'node:path';
import { fileURLToPath } from 'node:url';
import { Worker, type ResourceLimits } from 'node:worker_threads';

const OWN_EXTENSION = extname(fileURLToPath(import.meta.url));
const SHIM = new URL('../app/par/worker-shim.cjs', import.meta.url);

/** The module a worker runs for `task` (named by its TypeScript source), or undefined when there is none. */
function entryOf(task: URL): URL | undefined {
  if (OWN_EXTENSION === '.ts') return existsSync(fileURLToPath(SHIM)) ? SHIM : undefined;
  const compiled = new URL(task.href.replace(/\.ts$/, OWN_EXTENSION));
  return existsSync(fileURLToPath(compiled)) ? compiled : undefined;
}

/** Whether `task` can run in a worker here. */
export function canStartWorker(task: URL): boolean {
  return entryOf(task) !== undefined;
}

export function startVerifyWorker(task: URL, data: Record<string, unknown>, resourceLimits: ResourceLimits): Worker {
  const entry = entryOf(task);
  if (entry === undefined) throw new Error(`${fileURLToPath(task)}: no module to run in a worker`);
  const workerData = entry === SHIM ? { module: task.href, ...data } : data;
  return new Worker(entry, { execArgv: [], resourceLimits, workerData });
}
