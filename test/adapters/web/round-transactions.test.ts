// GET /api/rounds/{round}/transactions (docs/web-api.md, "Reading"): a round's wallet transactions for the
// supervisor and the game server — the same as the whole log's derivation for that round, in the table
// file's currency; other roles and unknown tokens refused; a round the log does not have is a 404 with its
// code, recorded; a round that is not a whole number ≥ 1 is a malformed request.
import { afterEach, describe, expect, test } from 'vitest';
import { pino } from 'pino';
import { createTableWebServer } from '../../../src/composition/table-web-server.js';
import { roundTransactionsSchema } from '../../../src/adapters/web/schemas/money-schemas.js';
import { deriveTransactions } from '../../../src/app/money/transaction-fold.js';
import { parseTableConfig } from '../../../src/config/table-config.js';
import type { TableService } from '../../../src/app/table/table-service.js';
import type { TableInput } from '../../../src/round/inputs.js';
import { INITIAL_DEAL, ROLES, TABLE_ID, TOKENS, deal, loadShoe, openTable, rulesId } from './support/table-fixture.js';
import { webTable, type WebTable } from './support/web-fixture.js';

const gs = { source: 'api' as const, by: 'online-gs' };

/** Round 1: two bets; the dealer's 18 beats seat 1's 17 and loses to seat 2's 19. Round 2 opens. */
async function playRound(service: TableService): Promise<void> {
  await loadShoe(service);
  for (const input of [{ type: 'bet', seat: 1, player: 'ana', amount: 1000 }, { type: 'bet', seat: 2, player: 'ben', amount: 2000 }, { type: 'betting.closed' }] as TableInput[]) {
    expect((await service.submit(input, gs)).rejected).toBeUndefined();
  }
  await deal(service, INITIAL_DEAL);
  for (const input of [{ type: 'decision', seat: 1, action: 'stand' }, { type: 'decision', seat: 2, action: 'stand' }] as TableInput[]) {
    expect((await service.submit(input, gs)).rejected).toBeUndefined();
  }
}

let web: WebTable | undefined;
afterEach(async () => {
  await web?.close();
  web = undefined;
});

const ask = (table: WebTable, round: string, token?: string) =>
  table.app.inject({ method: 'GET', url: `/api/rounds/${round}/transactions`, headers: token ? { authorization: `Bearer ${token}` } : {} });

describe('GET /api/rounds/{round}/transactions', () => {
  test('the supervisor and the game server read a round\'s transactions: the whole log\'s for that round', async () => {
    web = await webTable();
    await playRound(web.service);
    const expected = deriveTransactions(await web.eventsAfter(0), { currency: 'EUR' }).filter((t) => t.round === 1);
    expect(expected.map((t) => `${t.type} ${t.player} ${t.amount}`)).toEqual(['debit ana 1000', 'debit ben 2000', 'credit ana 0', 'credit ben 4000']);
    for (const token of [TOKENS.gameServer, TOKENS.supervisor]) {
      const answer = await ask(web, '1', token);
      expect(answer.statusCode).toBe(200);
      expect(answer.headers['cache-control']).toBe('no-store');
      expect(answer.json()).toEqual({ round: 1, transactions: expected });
      expect(roundTransactionsSchema.strict().safeParse(answer.json()).success).toBe(true);
    }
    // The next round has opened and taken no bet yet: it is on the log, with no transaction.
    expect((await ask(web, '2', TOKENS.gameServer)).json()).toEqual({ round: 2, transactions: [] });
    expect((await ask(web, '0001', TOKENS.gameServer)).json()).toMatchObject({ round: 1 });
  });

  test('other roles and unknown tokens are refused (403, 401), and recorded', async () => {
    web = await webTable();
    await playRound(web.service);
    for (const token of [TOKENS.dealer, TOKENS.display]) {
      const refused = await ask(web, '1', token);
      expect(refused.statusCode).toBe(403);
      expect(refused.json()).toMatchObject({ ok: false, refused: 'role', code: 'wrongRole', params: { what: 'transactions' } });
    }
    expect((await ask(web, '1', 'not-a-token-at-all')).statusCode).toBe(401);
    expect((await ask(web, '1')).statusCode).toBe(401);
    const recorded = (await web.eventsAfter(0)).filter((e) => e.type === 'command.refused');
    expect(recorded.map((e) => e.data['path'])).toEqual(Array(4).fill('/api/rounds/:round/transactions'));
  });

  test('a round the log does not have: 404 with its code, recorded; not a whole number ≥ 1: 400', async () => {
    web = await webTable();
    await playRound(web.service);
    const missing = await ask(web, '7', TOKENS.gameServer);
    expect(missing.statusCode).toBe(404);
    expect(missing.json()).toEqual({ ok: false, refused: 'route', reason: 'round 7 is not on the table\'s log', code: 'noSuchRound', params: { round: '7' } });
    const recorded = (await web.eventsAfter(0)).filter((e) => e.type === 'command.refused');
    expect(recorded.map((e) => [e.data['code'], e.data['by']])).toEqual([['noSuchRound', 'online-gs']]);
    for (const round of ['0', 'abc', '-1', '1.5', '1e3', '9999999999999999']) {
      const malformed = await ask(web, round, TOKENS.gameServer);
      expect(malformed.statusCode, round).toBe(400);
      expect(malformed.json(), round).toMatchObject({ ok: false, refused: 'body', code: 'malformedRequest' });
    }
  });

  test('the transactions carry the table file\'s currency', async () => {
    const { store, service } = await openTable();
    await playRound(service);
    const config = parseTableConfig({ id: TABLE_ID, rules: 'six-deck', currency: 'RUB', roles: ROLES }, 'test');
    const app = createTableWebServer({ service, store, config, rulesId, decisionSeconds: 15, logger: pino({ level: 'silent' }) });
    try {
      const answer = await app.inject({ method: 'GET', url: '/api/rounds/1/transactions', headers: { authorization: `Bearer ${TOKENS.supervisor}` } });
      const body = answer.json() as { transactions: Array<{ currency: string }> };
      expect(body.transactions.length).toBe(4);
      expect(new Set(body.transactions.map((t) => t.currency))).toEqual(new Set(['RUB']));
    } finally {
      await app.close();
      service.close();
      await store.close();
    }
  });
});
