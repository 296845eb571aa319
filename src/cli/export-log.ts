// `shoe export` at work: the log's inputs as a session, paged through the store and written as they come:
// memory does not grow with the log.
import { openTableFile } from '../adapters/store/sqlite-table-file.js';
import { exportSession } from '../app/audit/export-session.js';
import { readLogPages } from '../app/audit/read-log-pages.js';
import type { CommandIO } from './command-spec.js';
import { LineWriter } from './line-writer.js';
import { Progress } from './progress.js';
import { inputFileSize } from './session-file.js';

export async function exportLog(db: string, quiet: boolean, io: CommandIO): Promise<number> {
  await inputFileSize(db, 'table database');
  const { store, tableId } = openTableFile(db);
  try {
    const { version } = await store.head(tableId);
    const progress = new Progress({ stream: io.stderr, now: io.now, label: 'export', unit: 'events', quiet });
    const writer = new LineWriter(io.stdout);
    for await (const page of readLogPages(store, tableId)) {
      for (const input of exportSession(page)) {
        const wait = writer.line(JSON.stringify(input));
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
