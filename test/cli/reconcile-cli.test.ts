// `shoe reconcile DB --ledger FILE` (docs/cli.md; docs/operations.md, "The reference wallet and
// reconciliation"): the export's own JSONL reconciles clean; each problem — missing, doubled, different,
// unknown — is a line of its own and exit 1, with the net difference in the summary; a CSV ledger, with a
// type or with signed amounts; a ledger line that does not read is one line naming the file and the line,
// exit 2; --format json is one document.
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { SqliteEventStore } from '../../src/adapters/store/sqlite-event-store.js';
import type { WalletTransaction } from '../../src/app/money/wallet-transaction.js';
import { playMoneySession } from '../app/money/money-session.js';
import { shoeInProcess as shoe } from '../support/shoe-in-process.js';

const TABLE = 'recon-1';
let dir: string;
let db: string;
let exported: string;
let transactions: WalletTransaction[];

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'reconcile-'));
  db = join(dir, 'table.db');
  const store = new SqliteEventStore({ path: db, pollIntervalMs: 0 });
  await playMoneySession(store, TABLE, 'deluxe', 2026, 12);
  await store.close();
  const run = await shoe('export', db, '--transactions', '-q');
  expect(run.code).toBe(0);
  exported = run.stdout;
  transactions = exported.trimEnd().split('\n').map((line) => JSON.parse(line) as WalletTransaction);
}, 60_000);
afterAll(() => rmSync(dir, { recursive: true, force: true }));

let files = 0;
function ledger(text: string, ext = 'jsonl'): string {
  const path = join(dir, `ledger-${++files}.${ext}`);
  writeFileSync(path, text);
  return path;
}
const jsonl = (list: readonly unknown[]) => list.map((t) => `${JSON.stringify(t)}\n`).join('');
const money = (minor: number) => `${minor < 0 ? '-' : ''}${Math.trunc(Math.abs(minor) / 100)}.${String(Math.abs(minor) % 100).padStart(2, '0')}`;
const effect = (t: Pick<WalletTransaction, 'type' | 'amount'>) => (t.type === 'debit' ? -t.amount : t.amount);

describe('shoe reconcile', () => {
  test('the export\'s own JSONL reconciles clean: exit 0 and one summary line', async () => {
    expect(new Set(transactions.map((t) => t.type))).toEqual(new Set(['debit', 'credit', 'refund', 'reverse']));
    const r = await shoe('reconcile', db, '--ledger', ledger(exported));
    expect(r).toEqual({ code: 0, stderr: '', stdout: `reconciled ${TABLE}: clean: ${transactions.length} transactions on the log, ${transactions.length} entries in the ledger; net difference 0.00 (the ledger's balance movements less the log's)\n` });
  });

  test('each problem on its own line, the summary with the counts and the net difference: exit 1', async () => {
    const debit = transactions.findIndex((t) => t.type === 'debit');
    const credit = transactions.findIndex((t) => t.type === 'credit' && t.amount > 0);
    const refund = transactions.findIndex((t) => t.type === 'refund');
    const lastDebit = transactions.map((t) => t.type).lastIndexOf('debit');
    const lastCredit = transactions.map((t) => t.type).lastIndexOf('credit');
    const [missing, doubled, changed, retyped, renamed] = [debit, credit, refund, lastDebit, lastCredit].map((i) => transactions[i]) as [WalletTransaction, WalletTransaction, WalletTransaction, WalletTransaction, WalletTransaction];
    expect(new Set([debit, credit, refund, lastDebit, lastCredit]).size).toBe(5);
    const entries: unknown[] = transactions.flatMap((t, i) => {
      if (i === debit) return [];
      if (i === refund) return [{ ...t, amount: t.amount + 5 }];
      if (i === lastDebit) return [{ ...t, type: 'credit' }];
      // Another type that moves the balance the same way is still another transaction.
      if (i === lastCredit) return [{ ...t, type: 'reverse' }];
      return [t];
    });
    entries.push(doubled, { ...missing, id: `other-table:${missing.seq}:0` }, { id: `${TABLE}:999999:0`, amount: 100, type: 'credit' }, { id: 'bonus-77', amount: -300 });
    const r = await shoe('reconcile', db, '--ledger', ledger(jsonl(entries)));
    expect(r.code).toBe(1);
    expect(r.stderr).toBe('');
    const n = transactions.length;
    const line = (t: WalletTransaction) => transactions.indexOf(t) + (transactions.indexOf(t) > debit ? 0 : 1);
    const log = (t: WalletTransaction) => `${t.type} ${money(t.amount)} for ${t.player}, round ${t.round}`;
    const expected = [
      `doubled   ${doubled.id}: line ${n} repeats line ${line(doubled)} (credit ${money(doubled.amount)}): in the ledger twice`,
      ...[missing, changed, retyped, renamed].sort((a, b) => transactions.indexOf(a) - transactions.indexOf(b)).map((t) =>
        t === missing ? `missing   ${t.id}: ${log(t)}: on the log, not in the ledger`
          : t === changed ? `different ${t.id}: the ledger's line ${line(t)} has refund ${money(t.amount + 5)}, the log ${log(t)}`
            : t === renamed ? `different ${t.id}: the ledger's line ${line(t)} has reverse ${money(t.amount)}, the log ${log(t)}`
              : `different ${t.id}: the ledger's line ${line(t)} has credit ${money(t.amount)}, the log ${log(t)}`),
      `unknown   other-table:${missing.seq}:0: line ${n + 1} (debit ${money(missing.amount)}): in the ledger, not on the log: an id of table other-table, not of this log's table ${TABLE}: is this the right ledger, or a ledger of several tables?`,
      `unknown   ${TABLE}:999999:0: line ${n + 2} (credit 1.00): in the ledger, not on the log: this log of table ${TABLE} has no transaction of that id`,
      `unknown   bonus-77: line ${n + 3} (-3.00 to the balance): in the ledger, not on the log: not a transaction id of the form <table>:<seq>:<n>`,
    ];
    // The ledger's movements less the log's: the doubled credit, the refund's 5, the debit turned credit
    // (twice its amount), the missing debit not taken, and the unknowns (the other table's debit, +1.00, -3.00).
    const net = doubled.amount + 5 + 2 * retyped.amount + missing.amount - missing.amount + 100 - 300;
    const summary = `reconciled ${TABLE}: 1 missing, 1 doubled, 3 different, 3 unknown; ${n} transactions on the log, ${n + 3} entries in the ledger; net difference ${net > 0 ? '+' : ''}${money(net)} (the ledger's balance movements less the log's)`;
    expect(r.stdout.trimEnd().split('\n')).toEqual([...expected, summary]);
  });

  test('--format json: one document with the problems and the summary, money in minor units', async () => {
    const [first, ...rest] = transactions as [WalletTransaction, ...WalletTransaction[]];
    const r = await shoe('reconcile', db, '--ledger', ledger(jsonl(rest)), '--format', 'json');
    expect(r.code).toBe(1);
    const doc = JSON.parse(r.stdout) as { table: string; problems: unknown[]; summary: Record<string, unknown> };
    expect(doc.table).toBe(TABLE);
    expect(doc.problems).toEqual([{ kind: 'missing', id: first.id, log: { type: first.type, amount: first.amount, player: first.player, round: first.round } }]);
    expect(doc.summary).toEqual({ table: TABLE, logTransactions: transactions.length, ledgerEntries: transactions.length - 1, problems: { missing: 1, doubled: 0, different: 0, unknown: 0 }, netDifference: -effect(first), clean: false });
    const clean = JSON.parse((await shoe('reconcile', db, '--ledger', ledger(exported), '--format', 'json')).stdout) as typeof doc;
    expect([clean.problems, clean.summary.clean]).toEqual([[], true]);
  });

  test('a CSV ledger: with type and player columns, or with signed amounts and no type', async () => {
    const typed = `id,player,type,amount,currency\n${transactions.map((t) => `${t.id},${t.player},${t.type},${t.amount},EUR`).join('\n')}\n`;
    expect((await shoe('reconcile', db, '--ledger', ledger(typed, 'csv'))).code).toBe(0);
    const signed = `amount,id\r\n${transactions.map((t) => `${effect(t)},${t.id}`).join('\r\n')}\r\n`;
    expect((await shoe('reconcile', db, '--ledger', ledger(signed, 'csv'))).stdout).toMatch(/^reconciled recon-1: clean: /);
    // Without a type, an unsigned debit reads as money given, not taken.
    const debit = transactions.find((t) => t.type === 'debit') as WalletTransaction;
    const unsigned = `id,amount\n${transactions.map((t) => `${t.id},${t === debit ? t.amount : effect(t)}`).join('\n')}\n`;
    const r = await shoe('reconcile', db, '--ledger', ledger(unsigned, 'csv'));
    expect(r.code).toBe(1);
    expect(r.stdout.split('\n')[0]).toBe(`different ${debit.id}: the ledger's line ${transactions.indexOf(debit) + 2} has +${money(debit.amount)} to the balance, the log debit ${money(debit.amount)} for ${debit.player}, round ${debit.round}`);
    expect(r.stdout).toContain(`net difference +${money(2 * debit.amount)}`);
  });

  test('a ledger line that does not read: one line naming the file and the line, nothing on stdout, exit 2', async () => {
    const lines = exported.split('\n');
    for (const [text, ext, words] of [
      [[lines[0], lines[1], '{"id": "x", "amount": 1', lines[2]].join('\n'), 'jsonl', ':3: not JSON ('],
      [[lines[0], '{"id":"t","amount":"12.50","type":"credit"}'].join('\n'), 'jsonl', ':2: amount "12.50" is not a whole number of minor units'],
      ['id,player\nrecon-1:5:0,ann\n', 'csv', ':1: the CSV header has no `amount` column'],
      ['id,amount\n\nrecon-1:5:0,ann\n', 'csv', ':3: amount "ann" is not a whole number of minor units'],
    ] as const) {
      const path = ledger(text, ext);
      const r = await shoe('reconcile', db, '--ledger', path);
      expect([r.code, r.stdout], text).toEqual([2, '']);
      expect(r.stderr).toMatch(new RegExp(`^shoe reconcile: ${path.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}${words.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}`));
      expect(r.stderr.trimEnd().split('\n')).toHaveLength(1);
    }
    const absent = await shoe('reconcile', db, '--ledger', join(dir, 'nothing.jsonl'));
    expect([absent.code, absent.stderr]).toEqual([2, `shoe reconcile: ${join(dir, 'nothing.jsonl')}: no such ledger file\n`]);
    const usage = await shoe('reconcile', db);
    expect([usage.code, usage.stderr.split('\n')[0]]).toEqual([2, 'shoe reconcile: missing required option --ledger FILE']);
  });
});
