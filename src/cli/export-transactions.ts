// `shoe export DB --transactions` at work: the log's wallet transactions (src/app/money/), one JSON object a
// line, folded page by page and written as they come: memory holds a page, the open round's money and one
// chunk of output, whatever the log's length.
import { openTableFile } from '../adapters/store/sqlite-table-file.js';
import { readLogPages } from '../app/audit/read-log-pages.js';
import { TransactionFold } from '../app/money/transaction-fold.js';
import type { CommandIO } from './command-spec.js';
import { LineWriter } from './line-writer.js';
import { Progress } from './progress.js';
import { inputFileSize } from './session-file.js';

export async function exportTransactions(db: string, currency: string, quiet: boolean, io: CommandIO): Promise<number> {
  await inputFileSize(db, 'table database');
  const { store, tableId } = openTableFile(db);
  try {
    const { version } = await store.head(tableId);
    const progress = new Progress({ stream: io.stderr, now: io.now, label: 'export', unit: 'events', quiet });
    const writer = new LineWriter(io.stdout);
    const fold = new TransactionFold({ currency });
    for await (const page of readLogPages(store, tableId)) {
      for (const event of page) {
        for (const transaction of fold.push(event)) {
          const wait = writer.line(JSON.stringify(transaction));
          if (wait) await wait;
        }
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
