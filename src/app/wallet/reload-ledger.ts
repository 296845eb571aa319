// The reference wallet's books rebuilt from its ledger at start (docs/operations.md, "The reference wallet
// and reconciliation"): every line is a transaction the wallet applied and answered, in the order it did,
// so applying them again gives the same balances and the same first answers to repeats. A line that is
// not such a transaction means the file is not this wallet's ledger, or was edited: nothing is guessed.
import { reasonSentence } from '../../messages/coded-reason.js';
import { LedgerFormatError } from './ledger-entry.js';
import { checkTransaction } from './ledger-transaction.js';
import type { WalletBook } from './wallet-book.js';

/** Applies each line's transaction to `book`; throws LedgerFormatError naming the first line that is not one. */
export function reloadLedger(book: WalletBook, lines: Iterable<{ readonly text: string; readonly line: number }>): number {
  let applied = 0;
  for (const { text, line } of lines) {
    let value: unknown;
    try {
      value = JSON.parse(text);
    } catch (err) {
      throw new LedgerFormatError(line, `not JSON (${(err as Error).message})`);
    }
    const checked = checkTransaction(value);
    if ('reason' in checked) throw new LedgerFormatError(line, reasonSentence(checked.reason));
    const receipt = book.receive(checked.transaction);
    if (receipt.kind === 'duplicate' || receipt.kind === 'conflict') throw new LedgerFormatError(line, `transaction ${checked.transaction.id} is in the ledger twice: the wallet writes each id once`);
    if (receipt.kind === 'refused') throw new LedgerFormatError(line, `${reasonSentence(receipt.reason)}: start the wallet with the ledger's currency`);
    receipt.apply();
    applied++;
  }
  return applied;
}
