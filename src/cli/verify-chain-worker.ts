// Verify's chain worker as the main thread holds it (verify-chain-task.ts runs inside it): started with its
// task, or started before the task is known and given it by a message. `shoe verify` starts its first chain
// worker before the CLI's own modules load (prestartChainWorker, called first by main.ts): a worker takes
// as long to start as the program itself, and the second core otherwise idles through both (docs/audit.md,
// "How verify spends its time").
import type { Worker } from 'node:worker_threads';
import type { ChainTaskReply, VerifyTaskData } from './verify-task-protocol.js';
import { canStartWorker, startVerifyWorker } from './verify-workers.js';

/** The worker's heap: its live data is a page of rows, so small limits keep its memory flat (a young
 *  generation of 4 MB measured as fast as 8 MB on 1,000,000 events, and ~7 MB less peak RSS). */
const WORKER_LIMITS = { maxYoungGenerationSizeMb: 4, maxOldGenerationSizeMb: 64 };

export const CHAIN_TASK = new URL('./verify-chain-task.ts', import.meta.url);

/** What the task module reads as its workerData when it is to wait for its task (verify-chain-task.ts). */
export const TASK_BY_MESSAGE = { taskByMessage: true } as const;

/** A chain worker: its one message is the reply; `started`: it runs (or failed). */
export interface ChainTask {
  readonly worker: Worker;
  readonly reply: Promise<ChainTaskReply>;
  readonly started: Promise<unknown>;
}

function held(worker: Worker): ChainTask {
  const reply = new Promise<ChainTaskReply>((resolve, reject) => {
    worker.once('message', resolve);
    worker.once('error', reject);
    worker.once('exit', (code) => reject(new Error(`a chain worker of verify stopped with code ${code} before answering`)));
  });
  reply.catch(() => undefined); // awaited by its taker, or the worker is stopped because that thread failed
  const started = Promise.race([new Promise((resolve) => worker.once('online', resolve)), reply]).catch(() => undefined);
  return { worker, reply, started };
}

let waiting: ChainTask | undefined;

/**
 * Starts a chain worker without its task when `args` are verify's: it loads its modules while this thread
 * loads the CLI's. It does not keep the process alive; a verify of many logs stops it
 * (stopUntakenChainWorker), and one in a single thread leaves it to end with the process. Returns the
 * worker started, if any (tests watch it).
 */
export function prestartChainWorker(args: readonly string[]): Worker | undefined {
  if (args[0] !== 'verify' || waiting !== undefined || !canStartWorker(CHAIN_TASK)) return undefined;
  waiting = held(startVerifyWorker(CHAIN_TASK, { ...TASK_BY_MESSAGE }, WORKER_LIMITS));
  waiting.worker.unref();
  return waiting.worker;
}

/** A chain worker running `data`: the one started early when there is one, else a new one. */
export function startChainTask(data: VerifyTaskData): ChainTask {
  const early = waiting;
  waiting = undefined;
  if (early !== undefined) {
    early.worker.ref();
    early.worker.postMessage(data);
    return early;
  }
  return held(startVerifyWorker(CHAIN_TASK, { ...data }, WORKER_LIMITS));
}

/** Stops the worker started early when this verify will not take it (many logs run workers of their own,
 *  verify-many-logs.ts): its memory is not held beside theirs. Resolves once it has stopped. */
export async function stopUntakenChainWorker(): Promise<void> {
  const early = waiting;
  waiting = undefined;
  if (early !== undefined) await early.worker.terminate();
}
