// `shoe wallet` as a process (docs/cli.md; docs/operations.md, "The reference wallet and reconciliation"):
// a feed of a table's transactions through every fault — errors and lost answers at random, a restart that
// ends the process with status 75 — retried until each is answered 2xx, leaves a ledger that `shoe
// reconcile` finds clean and balances that are the log's; the mistakes an operator can make are one line,
// exit 2.
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { spawn, type ChildProcess } from 'node:child_process';
import { once } from 'node:events';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createInterface } from 'node:readline';
import { SqliteEventStore } from '../../src/adapters/store/sqlite-event-store.js';
import { tableSignature } from '../../src/adapters/wallet/table-signature.js';
import type { WalletTransaction } from '../../src/app/money/wallet-transaction.js';
import { playMoneySession } from '../app/money/money-session.js';
import { cliEntry, ROOT } from '../support/run-cli.js';
import { shoeInProcess as shoe } from '../support/shoe-in-process.js';

/** The CLI as `npm start` runs it (the start build, test/support/run-cli.ts): plain node, no tsx start-up. */
let cli = '';
beforeAll(async () => {
  cli = await cliEntry();
});

const SECRET = 'feed-and-wallet-share-this';
let dir: string;
let db: string;
let transactions: WalletTransaction[];

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'wallet-cli-'));
  db = join(dir, 'table.db');
  const store = new SqliteEventStore({ path: db, pollIntervalMs: 0 });
  await playMoneySession(store, 'w-1', 'european', 99, 8);
  await store.close();
  const exported = await shoe('export', db, '--transactions', '-q');
  transactions = exported.stdout.trimEnd().split('\n').map((line) => JSON.parse(line) as WalletTransaction);
}, 60_000);
afterAll(() => rmSync(dir, { recursive: true, force: true }));

interface WalletProcess { readonly child: ChildProcess; readonly url: string; readonly exited: Promise<number | null> }

/** `shoe wallet` in a child process, once it listens (its first log line gives the address). */
async function startWallet(...args: string[]): Promise<WalletProcess> {
  const child = spawn(process.execPath, [cli, 'wallet', '--port', '0', ...args], {
    cwd: ROOT, env: { ...process.env, WALLET_SECRET: SECRET, LOG_LEVEL: 'info' }, stdio: ['ignore', 'pipe', 'inherit'],
  });
  const exited = once(child, 'exit').then(([code]) => code as number | null);
  for await (const line of createInterface({ input: child.stdout! })) {
    const url = (JSON.parse(line) as { url?: string }).url;
    if (url !== undefined) {
      child.stdout!.resume();
      return { child, url, exited };
    }
  }
  throw new Error(`shoe wallet exited (${await exited}) before it listened`);
}

/** Sends one transaction until it is answered 2xx, as the settlement feed does; a wallet that exits is started again. */
async function deliver(wallet: { current: WalletProcess }, transaction: WalletTransaction, restart: () => Promise<WalletProcess>): Promise<{ attempts: number; restarts: number }> {
  const body = JSON.stringify(transaction);
  let restarts = 0;
  for (let attempt = 1; attempt < 50; attempt++) {
    try {
      const res = await fetch(`${wallet.current.url}/transactions`, {
        method: 'POST', body, headers: { 'content-type': 'application/json', 'x-table-signature': tableSignature(SECRET, body), 'idempotency-key': transaction.id },
      });
      await res.arrayBuffer();
      if (res.ok) return { attempts: attempt, restarts };
    } catch (err) {
      // A lost answer: the feed retries. A wallet that no longer listens has exited (a restart fault): start it again.
      if ((err as { cause?: { code?: string } }).cause?.code === 'ECONNREFUSED') {
        expect(await wallet.current.exited).toBe(75);
        wallet.current = await restart();
        restarts++;
      }
    }
  }
  throw new Error(`${transaction.id} never answered 2xx`);
}

describe('shoe wallet', () => {
  test('a feed through errors, lost answers and a restart: the ledger reconciles clean and the balances are the log\'s', async () => {
    const ledger = join(dir, 'ledger.jsonl');
    const wallet = { current: await startWallet('--ledger', ledger, '--opening-balance', '100000', '--faults', 'error=0.2,lose=0.2,restart@9,seed=5') };
    let attempts = 0;
    let restarts = 0;
    try {
      for (const transaction of transactions) {
        const sent = await deliver(wallet, transaction, () => startWallet('--ledger', ledger, '--opening-balance', '100000', '--faults', 'error=0.2,lose=0.2,seed=6'));
        attempts += sent.attempts;
        restarts += sent.restarts;
      }
      expect(restarts).toBe(1);
      expect(attempts).toBeGreaterThan(transactions.length + 5);
      const expected: Record<string, number> = {};
      for (const t of transactions) expected[t.player] = (expected[t.player] ?? 100_000) + (t.type === 'debit' ? -t.amount : t.amount);
      const balances = (await (await fetch(`${wallet.current.url}/balances`)).json()) as { balances: Record<string, number>; applied: number; duplicates: number };
      expect(balances.balances).toEqual(Object.fromEntries(Object.entries(expected).sort()));
      expect(balances.duplicates).toBeGreaterThan(0);
      const reconciled = await shoe('reconcile', db, '--ledger', ledger);
      expect([reconciled.code, reconciled.stdout]).toEqual([0, `reconciled w-1: clean: ${transactions.length} transactions on the log, ${transactions.length} entries in the ledger; net difference 0.00 (the ledger's balance movements less the log's)\n`]);
    } finally {
      wallet.current.child.kill('SIGTERM');
    }
    expect(await wallet.current.exited).toBe(0);
  }, 60_000);

  test('a secret not set, a ledger that does not read back, a bad fault SPEC: one line, exit 2', async () => {
    const unset = await shoe('wallet', '--ledger', join(dir, 'never.jsonl'), '--secret-env', 'WALLET_TEST_SECRET_NOT_SET');
    expect(unset).toEqual({ code: 2, stdout: '', stderr: 'shoe wallet: environment variable WALLET_TEST_SECRET_NOT_SET is not set: it holds the secret the table\'s feed signs its transactions with (--secret-env names it)\n' });
    const spec = await shoe('wallet', '--ledger', join(dir, 'never.jsonl'), '--faults', 'explode@3');
    expect([spec.code, spec.stderr.split('\n')[0]]).toEqual([2, 'shoe wallet: --faults: "explode@3": expected error=P[:STATUS], timeout=P, lose=P, KIND@N[:STATUS] (KIND: error, timeout, lose, restart) or seed=N']);
    const broken = join(dir, 'broken.jsonl');
    writeFileSync(broken, `${JSON.stringify(transactions[0])}\n{"id": "w-1:7:0", "amount": 5}\n`);
    process.env['WALLET_TEST_SECRET'] = SECRET;
    try {
      const reload = await shoe('wallet', '--ledger', broken, '--secret-env', 'WALLET_TEST_SECRET');
      expect([reload.code, reload.stderr]).toEqual([2, `shoe wallet: ${broken}:2: malformed transaction: player missing or not valid\n`]);
    } finally {
      delete process.env['WALLET_TEST_SECRET'];
    }
  });
});
