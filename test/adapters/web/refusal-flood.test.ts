// A flood of refused requests through the web server from 200 addresses — no credential, an unknown one,
// a malformed body with a known one — adds at most the whole table's bound of records per window to the
// log (docs/audit.md, "Refused requests on the log"); every refusal is counted on /metrics by credential
// and reason code; a known credential trying what its role may not is still recorded by itself.
import { Writable } from 'node:stream';
import { pino } from 'pino';
import { afterEach, describe, expect, test } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { createTableWebServer } from '../../../src/composition/table-web-server.js';
import type { MemoryEventStore } from '../../../src/adapters/store/memory-event-store.js';
import type { TableService } from '../../../src/app/table/table-service.js';
import { TABLE_ID, TOKENS, config, openTable } from './support/table-fixture.js';

let app: FastifyInstance | undefined;
let service: TableService | undefined;
afterEach(async () => {
  await app?.close();
  app = undefined;
  service?.close();
});

/** Records one by one per window, for the whole table, and the window's summary (src/adapters/web/refusal-log.ts). */
const WINDOW_BOUND = 20 + 1;

const KINDS = [
  { headers: {}, payload: { seat: 1, player: 'ana', amount: 1000 } },
  { headers: { authorization: 'Bearer not-a-known-token' }, payload: { seat: 1, player: 'ana', amount: 1000 } },
  { headers: { authorization: `Bearer ${TOKENS.gameServer}` }, payload: { seat: 'one', player: 'ana', amount: 1000 } },
] as const;

describe('a flood of refused requests from 200 addresses', () => {
  test('10,000 refused: one window adds at most its bound of records; /metrics counts every one; a dealer\'s refusal is still recorded by itself', async () => {
    let store: MemoryEventStore;
    ({ store, service } = await openTable());
    // One window however long the run takes: the bound is per window, and this run must not depend on its speed.
    const lines: { level: number; msg: string }[] = [];
    const sink = new Writable({ write(chunk: Buffer, _enc, done) { for (const l of chunk.toString('utf8').split('\n')) if (l) lines.push(JSON.parse(l) as { level: number; msg: string }); done(); } });
    app = createTableWebServer({ service, store, config, decisionSeconds: 15, logger: pino({ level: 'info' }, sink), refusalWindowMs: 3_600_000 });
    await app.ready();
    const before = (await store.read(TABLE_ID)).length;
    for (let i = 0; i < 10_000; i++) {
      const kind = KINDS[i % 3]!;
      const response = await app.inject({ method: 'POST', url: '/api/bets', remoteAddress: `127.0.0.${(i % 200) + 1}`, headers: { 'content-type': 'application/json', ...kind.headers }, payload: kind.payload });
      expect(response.statusCode).toBeGreaterThanOrEqual(400);
    }
    // The dealer may not bet: refused, from an address of the flood, and recorded by itself with its name.
    const dealer = await app.inject({ method: 'POST', url: '/api/bets', remoteAddress: '127.0.0.7', headers: { authorization: `Bearer ${TOKENS.dealer}` }, payload: { seat: 1, player: 'ana', amount: 1000 } });
    expect(dealer.statusCode).toBe(403);
    const recorded = (await store.read(TABLE_ID)).slice(before);
    expect(recorded.at(-1)?.data).toMatchObject({ by: 'dealer-ann', client: '127.0.0.7', code: 'wrongRole' });

    const metrics = (await app.inject('/metrics')).body;
    const counted = (credential: string, reason: string) => Number(new RegExp(`^table_refused_requests_total\\{credential="${credential}",reason="${reason}",table="${TABLE_ID}"\\} (\\d+)$`, 'm').exec(metrics)?.[1]);
    expect(counted('none', 'missingCredentialHeader')).toBe(3334);
    expect(counted('unknown', 'unknownCredential')).toBe(3333);
    expect(counted('known', 'malformedCommand')).toBe(3333);
    expect(counted('known', 'wrongRole')).toBe(1);

    await app.close(); // the window's summary is written on close
    app = undefined;
    const added = (await store.read(TABLE_ID)).slice(before);
    expect(added.every((e) => e.type === 'command.refused')).toBe(true);
    expect(added.length).toBeLessThanOrEqual(WINDOW_BOUND);
    expect(added.reduce((n, e) => n + (typeof e.data['count'] === 'number' ? e.data['count'] : 1), 0)).toBe(10_001);
    const [summary, ...more] = added.filter((e) => typeof e.data['count'] === 'number');
    expect(more).toEqual([]);
    expect(summary!.data).not.toHaveProperty('by');
    expect(summary!.data).toMatchObject({ addresses: 200, senders: { 'online-gs': 3333 - 5 }, noCredential: 3334 - 2, unknownCredential: 3333 - 1 });
    expect(added.reduce((n, e) => n + JSON.stringify(e).length, 0)).toBeLessThan(16 * 1024);
    // The process log keeps the same budget: a line per refusal recorded by itself, then the window's one summary.
    const warned = lines.filter((l) => l.level >= 40);
    expect(warned.filter((l) => l.msg === 'command refused').length).toBe(added.length - 1);
    expect(warned.length).toBeLessThanOrEqual(WINDOW_BOUND);
  }, 120_000);
});
