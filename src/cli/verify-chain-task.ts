// Worker thread of `shoe verify` (issue 9): the chain and MAC half of the check (verify-log.ts), over its
// own read-only connection to the log file, while the main thread re-runs the round machine. Posts one
// ChainOutcome, or the file's problem (UnreadableLogError) as text.
import { parentPort, workerData } from 'node:worker_threads';
import { SqliteLogReader } from '../adapters/store/sqlite-log-reader.js';
import { UnreadableLogError } from '../adapters/store/unreadable-log.js';
import { runChainHalf } from '../app/verify-chain-half.js';
import { CHAIN_PROBLEM_ROW, REPLAY_PROBLEM_ROW, type ChainTaskData, type ChainTaskReply } from './verify-chain-protocol.js';

const { file, tableId, to, key, rows } = workerData as ChainTaskData;
const found = new Int32Array(rows);

function run(): ChainTaskReply {
  try {
    const reader = SqliteLogReader.open(file, tableId);
    try {
      const outcome = runChainHalf(reader.events(1, to), key ? Buffer.from(key) : undefined, () => Atomics.load(found, REPLAY_PROBLEM_ROW));
      if (outcome.problem) Atomics.store(found, CHAIN_PROBLEM_ROW, outcome.problem.row);
      return { outcome };
    } finally {
      reader.close();
    }
  } catch (err) {
    if (err instanceof UnreadableLogError) return { unreadable: err.problem };
    return { error: String((err as Error).stack ?? err) };
  }
}

parentPort?.postMessage(run());
