// `shoe export DB --transactions` at work: the log's wallet transactions (src/app/money/), one JSON object a
// line, folded page by page and written as they come (./export-log.ts): memory holds a page, the open round's
// money and one chunk of output, whatever the log's length.
import { TransactionFold } from '../app/money/transaction-fold.js';
import type { CommandIO } from './command-spec.js';
import { exportLogLines } from './export-log.js';

export function exportTransactions(db: string, currency: string, quiet: boolean, io: CommandIO): Promise<number> {
  const fold = new TransactionFold({ currency });
  return exportLogLines(db, quiet, io, (page) => fold.pushAll(page));
}
