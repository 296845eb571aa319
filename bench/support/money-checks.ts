// What bench:money (bench/money.ts) measures against: the log's net per player, from the wallet transactions
// derived from it (src/app/money/), and a run of keyed bet requests sent twice and in concurrent bursts.
import { randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pino } from 'pino';
import { openTableFile } from '../../src/adapters/store/sqlite-table-file.js';
import { SqliteEventStore } from '../../src/adapters/store/sqlite-event-store.js';
import { realClock } from '../../src/adapters/clock/real-clock.js';
import { createTableWebServer } from '../../src/composition/table-web-server.js';
import { readLogPages } from '../../src/app/audit/read-log-pages.js';
import { isInputRecord, recordedInput } from '../../src/app/audit/log-records.js';
import { TransactionFold } from '../../src/app/money/transaction-fold.js';
import { TableService } from '../../src/app/table/table-service.js';
import { loadRuleSet } from '../../src/config/load-rule-set.js';
import { parseTableConfig } from '../../src/config/table-config.js';

/** Per player, what the wallet should hold from the log: Σ(credit + refund + reverse) − Σ debit, minor units. */
export async function moneyByPlayer(db: string): Promise<Record<string, number>> {
  const { store, tableId } = openTableFile(db);
  const net: Record<string, number> = {};
  try {
    const fold = new TransactionFold({ currency: 'EUR' });
    for await (const page of readLogPages(store, tableId)) {
      for (const event of page) {
        for (const t of fold.push(event)) net[t.player] = (net[t.player] ?? 0) + (t.type === 'debit' ? -t.amount : t.amount);
      }
    }
  } finally {
    await store.close();
  }
  return net;
}

export interface IdempotentBetFigures {
  readonly requests: number;
  readonly keys: number;
  /** Inputs on the log that carry one of the keys. */
  readonly inputs: number;
  readonly placed: number;
  /** Inputs beyond the first per key: a stake taken twice. */
  readonly doubled: number;
  /** Retries whose status or body differ from their key's first answer. */
  readonly differentAnswers: number;
}

const TOKEN = 'bench-game-server-token-0123456789';

/** `bets` keyed bets each sent twice, then `bursts` keyed bets sent as 10 concurrent copies, over HTTP. */
export async function runIdempotentBets(bets: number, bursts: number): Promise<IdempotentBetFigures> {
  const dir = mkdtempSync(join(tmpdir(), 'bench-money-bets-'));
  const { rules, rulesId } = loadRuleSet('six-deck');
  const store = new SqliteEventStore({ path: join(dir, '{tableId}.db'), synchronous: 'FULL', pollIntervalMs: 0 });
  const service = await TableService.open({ tableId: 'bets-1', rules, rulesId, store, clock: realClock() });
  const config = parseTableConfig({ id: 'bets-1', rules: 'six-deck', roles: { 'game-server': [{ name: 'bench-gs', token: TOKEN }] } }, 'bench');
  const app = createTableWebServer({ service, store, config, decisionSeconds: 15, logger: pino({ level: 'silent' }), rateLimit: { max: 1_000_000, windowMs: 1000 } });
  await app.ready();
  try {
    // A shoe in, its burn card out: betting is open, and stays open (no betting timer runs here).
    await service.submit({ type: 'shoe.loaded' }, { source: 'shoe', by: 'shoe' });
    await service.submit({ type: 'card', card: '5D' }, { source: 'shoe', by: 'shoe' });
    const first = new Map<string, string>();
    let differentAnswers = 0;
    let requests = 0;
    const send = async (key: string, i: number): Promise<string> => {
      requests += 1;
      const r = await app.inject({ method: 'POST', url: '/api/bets', headers: { authorization: `Bearer ${TOKEN}`, 'idempotency-key': key }, payload: { seat: (i % 5) + 1, player: `p${i % 5}`, amount: 100 } });
      return `${r.statusCode} ${r.body}`;
    };
    const check = (key: string, answer: string): void => {
      const seen = first.get(key);
      if (seen === undefined) first.set(key, answer);
      else if (seen !== answer) differentAnswers += 1;
    };
    for (let i = 0; i < bets; i++) {
      const key = randomUUID();
      check(key, await send(key, i));
      check(key, await send(key, i));
    }
    for (let b = 0; b < bursts; b++) {
      const key = randomUUID();
      const answers = await Promise.all(Array.from({ length: 10 }, () => send(key, bets + b)));
      for (const answer of answers) check(key, answer);
    }
    const perKey = new Map<string, number>();
    let placed = 0;
    for await (const page of readLogPages(store, 'bets-1')) {
      for (const event of page) {
        if (event.type === 'bet.placed') placed += 1;
        if (!isInputRecord(event)) continue;
        const key = recordedInput(event).origin.idempotencyKey;
        if (key !== undefined) perKey.set(key, (perKey.get(key) ?? 0) + 1);
      }
    }
    const inputs = [...perKey.values()].reduce((a, b) => a + b, 0);
    return { requests, keys: first.size, inputs, placed, doubled: inputs - perKey.size, differentAnswers };
  } finally {
    await app.close();
    service.close();
    await store.close();
    rmSync(dir, { recursive: true, force: true });
  }
}
