// A worker of `shoe verify DIR|GLOB...` (verify-many-logs.ts): takes logs from the shared counter and
// verifies each in this thread, posting each report as it is made, then `done`.
import { parentPort, workerData } from 'node:worker_threads';
import { takeLogs } from './verify-many-logs.js';
import { keepYoungGenerationSmall } from './small-young-generation.js';
import type { LogsTaskData, LogsTaskMessage } from './verify-logs-task-protocol.js';

const { files, counter, key, nats, noAnchorOk } = workerData as LogsTaskData;
keepYoungGenerationSmall();
const post = (m: LogsTaskMessage) => parentPort?.postMessage(m);
// No top-level await: the task also loads through tsx's require hook (src/app/par/worker-shim.cjs).
void takeLogs(files, new Int32Array(counter), { threads: 1, noAnchorOk, ...(key ? { key: Buffer.from(key) } : {}), ...(nats !== null ? { nats } : {}) }, (index, report) => post({ index, report })).then(() => post({ done: true }));
