// The chain worker of `shoe verify` (issue 9): spans of the chain-and-MAC check taken from the front of the
// shared board (verify-chain-spans.ts), over its own read-only connection to the log file, while the main
// thread re-runs the round machine. Posts what its spans found, or what went wrong.
import { parentPort, workerData } from 'node:worker_threads';
import { checkSpans, SpanBoard } from '../app/verify-chain-spans.js';
import { withLogFile } from './verify-task-file.js';
import type { ChainTaskReply, VerifyTaskData } from './verify-task-protocol.js';

const { key, firstMac, board } = workerData as VerifyTaskData;

const reply: ChainTaskReply = withLogFile(workerData as VerifyTaskData, (reader) => ({
  spans: checkSpans(SpanBoard.of(board), 'front', reader, key ? Buffer.from(key) : undefined, firstMac ?? undefined),
}));
parentPort?.postMessage(reply);
