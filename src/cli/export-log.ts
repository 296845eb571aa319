// `shoe export` at work: the log, paged through the store and written as they come, one JSON object a line:
// memory holds a page and one chunk of output, whatever the log's length. What a page becomes is the caller's
// (the inputs as a session, or the wallet transactions: ./export-transactions.ts).
import type { StoredEvent } from '../ports/event-store.js';
import { openTableFile } from '../adapters/store/sqlite-table-file.js';
import { exportSession } from '../app/audit/export-session.js';
import { readLogPages } from '../app/audit/read-log-pages.js';
import type { CommandIO } from './command-spec.js';
import { LineWriter } from './line-writer.js';
import { Progress } from './progress.js';
import { inputFileSize } from './session-file.js';

/** Writes what each page of the log gives, a JSON line each, with progress on stderr. */
export async function exportLogLines(db: string, quiet: boolean, io: CommandIO, linesOf: (page: readonly StoredEvent[]) => Iterable<unknown>): Promise<number> {
  await inputFileSize(db, 'table database');
  const { store, tableId } = openTableFile(db);
  try {
    const { version } = await store.head(tableId);
    const progress = new Progress({ stream: io.stderr, now: io.now, label: 'export', unit: 'events', quiet });
    const writer = new LineWriter(io.stdout);
    for await (const page of readLogPages(store, tableId)) {
      for (const line of linesOf(page)) {
        const wait = writer.line(JSON.stringify(line));
        if (wait) await wait;
      }
      progress.update((page.at(-1) as { seq: number }).seq, version);
    }
    await writer.flush();
    progress.finish();
    return 0;
  } finally {
    await store.close();
  }
}

/** The log's inputs as a session `replay` accepts. */
export function exportLog(db: string, quiet: boolean, io: CommandIO): Promise<number> {
  return exportLogLines(db, quiet, io, exportSession);
}
