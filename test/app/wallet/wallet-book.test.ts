// The reference wallet's books (src/app/wallet/wallet-book.ts; docs/operations.md, "The reference wallet and
// reconciliation"): a debit takes, a refund, credit or reverse gives; a repeat gets the first answer and
// moves nothing; the same id with another body is a conflict; another currency is refused; the ledger
// reloads into the same books.
import { describe, expect, test } from 'vitest';
import { WalletBook } from '../../../src/app/wallet/wallet-book.js';
import { canonicalJson, checkTransaction, type LedgerTransaction } from '../../../src/app/wallet/ledger-transaction.js';
import { reloadLedger } from '../../../src/app/wallet/reload-ledger.js';
import { LedgerFormatError } from '../../../src/app/wallet/ledger-entry.js';

const tx = (id: string, player: string, type: LedgerTransaction['type'], amount: number, extra: Record<string, unknown> = {}): LedgerTransaction =>
  ({ id, table: 't1', player, type, amount, currency: 'EUR', ...extra });

function applied(book: WalletBook, transaction: LedgerTransaction) {
  const receipt = book.receive(transaction);
  if (receipt.kind !== 'new') throw new Error(`expected new, got ${receipt.kind}`);
  return receipt.apply();
}

describe('the wallet\'s books', () => {
  test('a debit takes and a refund, credit or reverse gives, from the opening balance', () => {
    const book = new WalletBook({ openingBalance: 5000, currency: 'EUR' });
    expect(applied(book, tx('t1:5:0', 'ann', 'debit', 1000))).toEqual({ ok: true, id: 't1:5:0', player: 'ann', type: 'debit', amount: 1000, currency: 'EUR', balance: 4000 });
    applied(book, tx('t1:6:0', 'bob', 'debit', 300));
    applied(book, tx('t1:7:0', 'ann', 'refund', 200));
    applied(book, tx('t1:9:0', 'ann', 'credit', 1600));
    applied(book, tx('t1:9:1', 'bob', 'reverse', 300));
    expect(book.balances()).toEqual({ ann: 5800, bob: 5000 });
    expect(book.balance('cyd')).toBe(5000);
    expect(book.tally).toEqual({ applied: 5, duplicates: 0, conflicts: 0, refused: 0 });
  });

  test('a repeat of an id with the same body gets the first answer and moves nothing, whatever its key order', () => {
    const book = new WalletBook({ openingBalance: 0, currency: 'EUR' });
    const first = applied(book, tx('t1:5:0', 'ann', 'debit', 1000, { round: 1 }));
    applied(book, tx('t1:6:0', 'ann', 'credit', 2000));
    const again = book.receive({ round: 1, currency: 'EUR', amount: 1000, type: 'debit', player: 'ann', table: 't1', id: 't1:5:0' });
    expect(again).toEqual({ kind: 'duplicate', answer: first });
    expect(book.balances()).toEqual({ ann: 1000 });
    expect(book.tally).toMatchObject({ applied: 2, duplicates: 1 });
  });

  test('the same id with another body is a conflict, and moves nothing', () => {
    const book = new WalletBook({ openingBalance: 0, currency: 'EUR' });
    applied(book, tx('t1:5:0', 'ann', 'debit', 1000));
    for (const other of [tx('t1:5:0', 'ann', 'debit', 1001), tx('t1:5:0', 'bob', 'debit', 1000), tx('t1:5:0', 'ann', 'debit', 1000, { round: 2 })]) {
      expect(book.receive(other)).toEqual({ kind: 'conflict', reason: { code: 'walletConflict', params: { id: 't1:5:0' } } });
    }
    expect(book.balances()).toEqual({ ann: -1000 });
    expect(book.tally).toMatchObject({ applied: 1, conflicts: 3 });
  });

  test('another currency is refused; a new transaction moves nothing until it is applied, and only once', () => {
    const book = new WalletBook({ openingBalance: 0, currency: 'RUB' });
    expect(book.receive(tx('t1:5:0', 'ann', 'debit', 1000))).toEqual({ kind: 'refused', reason: { code: 'walletCurrency', params: { currency: 'EUR', expected: 'RUB' } } });
    const receipt = book.receive({ ...tx('t1:6:0', 'ann', 'debit', 700), currency: 'RUB' });
    expect(book.balances()).toEqual({});
    if (receipt.kind !== 'new') throw new Error(receipt.kind);
    receipt.apply();
    expect(() => receipt.apply()).toThrow(/applied twice/);
    expect(book.balances()).toEqual({ ann: -700 });
  });

  test('a body is checked for the fields a wallet needs', () => {
    const good = tx('t1:5:0', 'ann', 'debit', 1000);
    expect(checkTransaction(good)).toEqual({ transaction: good });
    const field = (body: unknown) => ('reason' in checkTransaction(body) ? (checkTransaction(body) as { reason: { params: { field: string } } }).reason.params.field : 'ok');
    expect(field([good])).toBe('body');
    expect(field({ ...good, id: '' })).toBe('id');
    expect(field({ ...good, player: 7 })).toBe('player');
    expect(field({ ...good, type: 'payout' })).toBe('type');
    expect(field({ ...good, amount: -1 })).toBe('amount');
    expect(field({ ...good, amount: 10.5 })).toBe('amount');
    expect(field({ ...good, currency: 'eur' })).toBe('currency');
    expect(canonicalJson({ b: [1, { d: 1, c: 2 }], a: null })).toBe('{"a":null,"b":[1,{"c":2,"d":1}]}');
  });
});

describe('the ledger reloaded', () => {
  const lines = (...transactions: unknown[]) => transactions.map((t, i) => ({ text: JSON.stringify(t), line: i + 1 }));

  test('gives the same balances and the same first answers to repeats', () => {
    const live = new WalletBook({ openingBalance: 100, currency: 'EUR' });
    const all = [tx('t1:5:0', 'ann', 'debit', 1000), tx('t1:6:0', 'bob', 'debit', 50), tx('t1:9:0', 'ann', 'credit', 2000)];
    const answers = all.map((t) => applied(live, t));
    const reloaded = new WalletBook({ openingBalance: 100, currency: 'EUR' });
    expect(reloadLedger(reloaded, lines(...all))).toBe(3);
    expect(reloaded.balances()).toEqual(live.balances());
    expect(all.map((t) => reloaded.receive(t))).toEqual(answers.map((answer) => ({ kind: 'duplicate', answer })));
  });

  test('a line that is not a transaction it applied names its line', () => {
    const reload = (...text: string[]) => {
      try {
        reloadLedger(new WalletBook({ openingBalance: 0, currency: 'EUR' }), text.map((t, i) => ({ text: t, line: i + 1 })));
        return 'reloaded';
      } catch (err) {
        return err instanceof LedgerFormatError ? `${err.line}: ${err.message}` : String(err);
      }
    };
    const line = JSON.stringify(tx('t1:5:0', 'ann', 'debit', 1000));
    expect(reload(line, '{"id":')).toMatch(/^2: not JSON \(/);
    expect(reload(line, JSON.stringify({ ...tx('t1:6:0', 'ann', 'debit', 5), amount: 'x' }))).toBe('2: malformed transaction: amount missing or not valid');
    expect(reload(line, line)).toBe('2: transaction t1:5:0 is in the ledger twice: the wallet writes each id once');
    expect(reload(JSON.stringify({ ...tx('t1:5:0', 'ann', 'debit', 5), currency: 'RUB' }))).toBe('1: a transaction in RUB: this wallet keeps EUR: start the wallet with the ledger\'s currency');
  });
});
