// The chain worker of `shoe verify`: spans of the chain-and-MAC check taken from the front of the
// shared board (verify-chain-spans.ts), over its own read-only connection to the log file, while the main
// thread re-runs the round machine; the first worker runs the file's quick_check before its spans. Between
// its spans, and once they are all claimed, it reads the re-run's next pages ahead (verify-read-ahead.ts). Posts
// what its spans found, or the file's problem (UnreadableLogError's words), or anything else that went
// wrong, as text. Started before its task was known (verify-chain-worker.ts), it waits for the task as a
// message (no top-level await: from the sources the module loads through a require hook).
import { parentPort, workerData } from 'node:worker_threads';
import { SqliteLogReader } from '../adapters/store/sqlite-log-reader.js';
import { UnreadableLogError } from '../adapters/store/unreadable-log.js';
import { checkSpans, SpanBoard } from '../app/audit/verify-chain-spans.js';
import type { ChainTaskReply, VerifyTaskData } from './verify-task-protocol.js';
import { PageReadAhead } from './verify-read-ahead.js';
import { mark } from './verify-timeline.js';
import type { TASK_BY_MESSAGE } from './verify-chain-worker.js';

function run(task: VerifyTaskData): ChainTaskReply {
  const { file, tableId, key, firstMac, board, quickCheck, readAhead } = task;
  try {
    const reader = SqliteLogReader.open(file, tableId);
    reader.holdSnapshot();
    const spans = SpanBoard.of(board);
    try {
      mark('worker-run');
      if (quickCheck) {
        try {
          mark('quick_check-start');
          reader.quickCheck();
          mark('quick_check-end');
        } catch (err) {
          spans.found('chain', 1); // the file's own check failed: every reader stops, this is the answer
          throw err;
        }
      }
      const ahead = readAhead && reader.readsPageText() ? new PageReadAhead(readAhead, (from, to) => reader.recordPageText(from, to), () => spans.earliestProblem()) : undefined;
      const outcome = checkSpans(spans, 'front', reader, key ? Buffer.from(key) : undefined, firstMac ?? undefined, ahead && (() => { mark('span-end'); const n = ahead.topUp(); mark(`topped-up n=${n}`); }));
      mark('spans-done');
      ahead?.serve();
      mark('serve-done');
      return { spans: outcome };
    } finally {
      reader.close();
    }
  } catch (err) {
    if (err instanceof UnreadableLogError) return { unreadable: err.problem };
    return { error: String((err as Error).stack ?? err) };
  }
}

if ((workerData as Partial<typeof TASK_BY_MESSAGE>).taskByMessage === true) {
  mark('worker-waits-for-task');
  parentPort?.once('message', (task: VerifyTaskData) => parentPort?.postMessage(run(task)));
} else {
  parentPort?.postMessage(run(workerData as VerifyTaskData));
}
