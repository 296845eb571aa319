// `shoe export DB --transactions` (docs/cli.md; docs/event-log.md, "Transactions"): one wallet transaction
// a line, each line JSON, in the currency given; the same transactions, with the same ids, as the table's
// GET /api/rounds/{round}/transactions answers round by round. A log whose facts do not add up is a finding
// in one line (exit 1); options that do not go together are usage errors (exit 2).
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pino } from 'pino';
import { steppingClock } from '../../src/adapters/clock/stepping-clock.js';
import { SqliteEventStore } from '../../src/adapters/store/sqlite-event-store.js';
import { createTableWebServer } from '../../src/composition/table-web-server.js';
import { TableService } from '../../src/app/table/table-service.js';
import { deriveTransactions } from '../../src/app/money/transaction-fold.js';
import type { WalletTransaction } from '../../src/app/money/wallet-transaction.js';
import { loadRuleSet } from '../../src/config/load-rule-set.js';
import { parseTableConfig } from '../../src/config/table-config.js';
import { playMoneySession } from '../app/money/money-session.js';
import { shoeInProcess as shoe } from '../support/shoe-in-process.js';

const TABLE = 'export-tx';
const TOKEN = 'game-server-token-1';
let dir: string;
let db: string;

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'export-transactions-'));
  db = join(dir, 'table.db');
  const store = new SqliteEventStore({ path: db, pollIntervalMs: 0 });
  await playMoneySession(store, TABLE, 'deluxe', 2026, 12);
  await store.close();
}, 60_000);
afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe('shoe export DB --transactions', () => {
  test('one JSON transaction a line, in the currency given, the same as the route answers round by round', async () => {
    const exported = await shoe('export', db, '--transactions', '--currency', 'RUB');
    expect(exported.stderr).toBe('');
    expect(exported.code).toBe(0);
    const lines = exported.stdout.trimEnd().split('\n').map((line) => JSON.parse(line) as WalletTransaction);
    expect(new Set(lines.map((t) => t.currency))).toEqual(new Set(['RUB']));
    expect(new Set(lines.map((t) => t.type))).toEqual(new Set(['debit', 'credit', 'refund', 'reverse']));

    const store = new SqliteEventStore({ path: db, pollIntervalMs: 0 });
    expect(lines).toEqual(deriveTransactions(await store.read(TABLE), { currency: 'RUB' }));
    // The table's own route, over the same log: each round's transactions are the exported lines of that round.
    const { rules, rulesId } = loadRuleSet('deluxe');
    const service = await TableService.open({ tableId: TABLE, rules, rulesId, store, clock: steppingClock() });
    const config = parseTableConfig({ id: TABLE, rules: 'deluxe', currency: 'RUB', roles: { 'game-server': [{ name: 'gs', token: TOKEN }] } }, 'test');
    const app = createTableWebServer({ service, store, config, rulesId, decisionSeconds: 15, logger: pino({ level: 'silent' }) });
    try {
      const rounds = [...new Set(lines.map((t) => t.round))];
      expect(rounds.length).toBeGreaterThan(5);
      for (const round of rounds) {
        const answer = await app.inject({ method: 'GET', url: `/api/rounds/${round}/transactions`, headers: { authorization: `Bearer ${TOKEN}` } });
        expect(answer.statusCode).toBe(200);
        expect((answer.json() as { transactions: WalletTransaction[] }).transactions, `round ${round}`).toEqual(lines.filter((t) => t.round === round));
      }
    } finally {
      await app.close();
      service.close();
      await store.close();
    }
  });

  test('EUR when no currency is given; a currency that is not three capital letters, or without --transactions, is a usage error', async () => {
    const exported = await shoe('export', db, '--transactions', '--quiet');
    expect(exported.code).toBe(0);
    expect(JSON.parse(exported.stdout.split('\n')[0]!)).toMatchObject({ currency: 'EUR', table: TABLE });
    for (const args of [['--transactions', '--currency', 'eur'], ['--currency', 'EUR'], ['--transactions', '--as-scenario', '--round', '1']]) {
      const refused = await shoe('export', db, ...args);
      expect(refused.code, args.join(' ')).toBe(2);
      expect(refused.stdout).toBe('');
      expect(refused.stderr.split('\n')[0]).toMatch(/^shoe export: .*(--currency|--transactions)/);
    }
  });

  test('a log whose facts do not add up is a finding, in one line: exit 1', async () => {
    const path = join(dir, 'odd.db');
    const store = new SqliteEventStore({ path, pollIntervalMs: 0 });
    const at = { monoTime: 1, wallTime: '2026-01-01T00:00:00.000Z', rulesId: loadRuleSet('six-deck').rulesId };
    await store.append('odd-1', [
      { type: 'betting.opened', data: { round: 1 }, round: 1, ...at },
      { type: 'bet.settled', data: { round: 1, seat: 1, hand: 0, bet: 'main', player: 'ana', stake: 1000, outcome: 'win', net: 1000 }, round: 1, ...at },
    ], { expectedVersion: 0 });
    await store.close();
    const r = await shoe('export', path, '--transactions');
    expect(r.code).toBe(1);
    expect(r.stderr).toBe('shoe export: event 2: ana\'s main bet on seat 1, hand 0 is settled, but no unsettled stake of it was taken; the wallet transactions cannot be derived past it (run `shoe verify` on the log, and report it with the log if it passes)\n');
  });
});
