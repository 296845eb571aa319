// What both workers of `shoe verify` do around their work (issue 9): open the log file read-only, run, close;
// a failure about the file comes back as its words (UnreadableLogError), anything else as text.
import { SqliteLogReader } from '../adapters/store/sqlite-log-reader.js';
import { UnreadableLogError } from '../adapters/store/unreadable-log.js';
import type { TaskFailure, VerifyTaskData } from './verify-task-protocol.js';

export function withLogFile<T>(data: VerifyTaskData, work: (reader: SqliteLogReader) => T): T | TaskFailure {
  try {
    const reader = SqliteLogReader.open(data.file, data.tableId);
    try {
      return work(reader);
    } finally {
      reader.close();
    }
  } catch (err) {
    if (err instanceof UnreadableLogError) return { unreadable: err.problem };
    return { error: String((err as Error).stack ?? err) };
  }
}
