// A ledger's lines as `shoe reconcile` reads them (src/app/wallet/ledger-entry.ts): JSONL or CSV, told
// apart by the first line; with a type the amount is 0 or more, without one it is the balance's movement.
import { describe, expect, test } from 'vitest';
import { csvFields, LedgerFormatError, LedgerLines, type LedgerEntry } from '../../../src/app/wallet/ledger-entry.js';

function read(...lines: string[]): Array<LedgerEntry | null> {
  const reader = new LedgerLines();
  return lines.map((text, i) => reader.push(text, i + 1));
}

function refusal(...lines: string[]): string {
  try {
    read(...lines);
    return 'read';
  } catch (err) {
    if (!(err instanceof LedgerFormatError)) throw err;
    return `${err.line}: ${err.message}`;
  }
}

describe('a ledger\'s lines', () => {
  test('JSONL: id, amount, type and player; blank lines skipped', () => {
    expect(read('{"id":"t1:5:0","amount":1000,"type":"debit","player":"ann","currency":"EUR"}', '', '{"id":"t1:9:0","amount":-250}')).toEqual([
      { id: 't1:5:0', line: 1, type: 'debit', player: 'ann', amount: 1000, effect: -1000 },
      null,
      { id: 't1:9:0', line: 3, amount: -250, effect: -250 },
    ]);
  });

  test('CSV: a header naming id and amount (type, player optional, other columns ignored), quoted fields, a byte-order mark', () => {
    expect(read('\uFEFFwhen,id,amount,type,player', '2026-01-01,t1:5:0,1000,debit,"Ann ""A"", jr"', '2026-01-01,t1:9:0,1600,credit,ann')).toEqual([
      null,
      { id: 't1:5:0', line: 2, type: 'debit', player: 'Ann "A", jr', amount: 1000, effect: -1000 },
      { id: 't1:9:0', line: 3, type: 'credit', player: 'ann', amount: 1600, effect: 1600 },
    ]);
    expect(read('id,amount', 't1:5:0,-1000', 't1:9:0,1600')).toEqual([null, { id: 't1:5:0', line: 2, amount: -1000, effect: -1000 }, { id: 't1:9:0', line: 3, amount: 1600, effect: 1600 }]);
    expect(csvFields('a,"",c', 1)).toEqual(['a', '', 'c']);
  });

  test('a line that is not an entry says why, with its number', () => {
    expect(refusal('{"id":"t1:5:0","amount":10,"type":"debit"}', '{"id":"t1:6:0",')).toMatch(/^2: not JSON \(/);
    expect(refusal('{"id":"t1:5:0","amount":10,"type":"debit"}', '[1]')).toBe('2: not a JSON object');
    expect(refusal('{"amount":10}')).toBe('1: no transaction id (`id`)');
    expect(refusal('{"id":"a","amount":"10"}')).toBe('1: amount "10" is not a whole number of minor units');
    expect(refusal('{"id":"a","amount":-10,"type":"credit"}')).toBe('1: amount -10 is negative: with a type, the amount is 0 or more');
    expect(refusal('{"id":"a","amount":10,"type":"payout"}')).toBe('1: type "payout" is none of debit, refund, credit, reverse');
    expect(refusal('id,type,player', 't1:5:0,debit,ann')).toMatch(/^1: the CSV header has no `amount` column/);
    expect(refusal('txn,amount')).toMatch(/^1: the CSV header has no `id` column/);
    expect(refusal('id,amount', 't1:5:0,10.00')).toBe('2: amount "10.00" is not a whole number of minor units');
    expect(refusal('id,amount', 't1:5:0,10,extra')).toBe('2: 3 fields, the header names 2');
    expect(refusal('id,amount', '"t1:5:0,10')).toBe('2: a quoted field is not closed');
  });
});
