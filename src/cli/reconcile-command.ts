// `shoe reconcile DB --ledger FILE` at work (the verb: verbs/reconcile.ts): a wallet's ledger against the
// wallet transactions the table's log yields (docs/operations.md, "The reference wallet and reconciliation").
// The ledger is read line by line into a map of its ids (./../app/wallet/reconciliation.ts), then the log
// is folded page by page and each transaction matched as it comes: memory holds the ledger's ids, one page
// and the open round's money, whatever the log's length. Problems are written as found — the ledger's
// doubled ids, then the log's missing and different transactions in log order, then the ledger's unknown
// ids — and the summary last. Exit 1 when there is any, 0 when clean; a ledger line that does not read is
// one line naming the file and the line, exit 2.
import { createReadStream } from 'node:fs';
import { createInterface } from 'node:readline';
import { openTableFile } from '../adapters/store/sqlite-table-file.js';
import { readLogPages } from '../app/audit/read-log-pages.js';
import { TransactionFold } from '../app/money/transaction-fold.js';
import { LedgerFormatError, LedgerLines } from '../app/wallet/ledger-entry.js';
import { problemLine, summaryLine } from '../app/wallet/reconcile-text.js';
import { Reconciliation, type ReconcileProblem } from '../app/wallet/reconciliation.js';
import type { CommandIO } from './command-spec.js';
import { LineWriter } from './line-writer.js';
import { OperatorError } from './operator-error.js';
import { inputFileSize } from './session-file.js';

/** Every entry of the ledger into `reconciliation`; the doubled ids it finds, in file order. */
async function readLedger(path: string, reconciliation: Reconciliation): Promise<ReconcileProblem[]> {
  const doubled: ReconcileProblem[] = [];
  const lines = new LedgerLines();
  let line = 0;
  for await (const text of createInterface({ input: createReadStream(path, { encoding: 'utf8' }), crlfDelay: Infinity })) {
    line++;
    let entry;
    try {
      entry = lines.push(text, line);
    } catch (err) {
      if (err instanceof LedgerFormatError) throw new OperatorError(`${path}:${err.line}: ${err.message}`);
      throw err;
    }
    const problem = entry && reconciliation.addLedger(entry);
    if (problem) doubled.push(problem);
  }
  return doubled;
}

export async function reconcileCommand(db: string, ledger: string, format: 'text' | 'json', io: CommandIO): Promise<number> {
  await inputFileSize(db, 'table database');
  await inputFileSize(ledger, 'ledger file');
  const { store, tableId } = openTableFile(db);
  try {
    const reconciliation = new Reconciliation(tableId);
    const doubled = await readLedger(ledger, reconciliation);
    const writer = new LineWriter(io.stdout);
    let first = true;
    const write = (problem: ReconcileProblem) => {
      if (format === 'text') return writer.line(problemLine(problem, tableId));
      const text = `${first ? '' : ','}${JSON.stringify(problem)}`;
      first = false;
      return writer.line(text);
    };
    if (format === 'json') writer.line(`{"table":${JSON.stringify(tableId)},"ledger":${JSON.stringify(ledger)},"problems":[`);
    for (const problem of doubled) await write(problem);
    const fold = new TransactionFold({ currency: 'EUR' });
    for await (const page of readLogPages(store, tableId)) {
      for (const event of page) {
        for (const transaction of fold.push(event)) {
          const problem = reconciliation.matchLog(transaction);
          if (problem) await write(problem);
        }
      }
    }
    for (const problem of reconciliation.unmatched()) await write(problem);
    const summary = reconciliation.summary();
    writer.line(format === 'text' ? summaryLine(summary) : `],"summary":${JSON.stringify(summary)}}`);
    await writer.flush();
    return summary.clean ? 0 : 1;
  } finally {
    await store.close();
  }
}
