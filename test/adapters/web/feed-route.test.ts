// The settlement feed's state for the supervisor (GET /api/feed, src/adapters/web/feed-routes.ts): the
// supervisor's token only (it names the receiver, so not on the open /api/health); each target's state as
// the runtime reports it, none on a table without a feed; the same figures on /metrics, per target.
import { afterEach, describe, expect, test } from 'vitest';
import { pino } from 'pino';
import type { FastifyInstance } from 'fastify';
import { createTableWebServer } from '../../../src/composition/table-web-server.js';
import type { TableHealth } from '../../../src/adapters/web/table-health.js';
import type { FeedStatus } from '../../../src/ports/settlement-feed.js';
import { TOKENS, config, openTable } from './support/table-fixture.js';
import { FAILING_FEED } from './support/feed-status.js';


let app: FastifyInstance | undefined;
afterEach(async () => {
  await app?.close();
  app = undefined;
});

async function server(feeds: readonly FeedStatus[] | null): Promise<FastifyInstance> {
  const { store, service } = await openTable();
  const health: TableHealth = { linkState: () => 'up', linkCounters: () => ({}), storeWritable: async () => ({ ok: true }), ...(feeds ? { feeds: () => feeds } : {}) };
  app = createTableWebServer({ service, store, config, decisionSeconds: 15, logger: pino({ level: 'silent' }), health });
  app.addHook('onClose', async () => service.close());
  await app.ready();
  return app;
}

const get = (web: FastifyInstance, token?: string) => web.inject({ url: '/api/feed', headers: token ? { authorization: `Bearer ${token}` } : {} });

describe('GET /api/feed', () => {
  test('the supervisor reads each target\'s state; no token is 401, another role 403', async () => {
    const web = await server([FAILING_FEED]);
    const answer = await get(web, TOKENS.supervisor);
    expect(answer.statusCode).toBe(200);
    expect(answer.json()).toEqual({ feeds: [FAILING_FEED] });
    expect((await get(web)).statusCode).toBe(401);
    for (const token of [TOKENS.dealer, TOKENS.gameServer, TOKENS.display]) {
      const refused = await get(web, token);
      expect(refused.statusCode).toBe(403);
      expect(refused.json()).toMatchObject({ ok: false, code: 'wrongRole' });
    }
  });

  test('a table without a feed answers none', async () => {
    const web = await server(null);
    expect((await get(web, TOKENS.supervisor)).json()).toEqual({ feeds: [] });
  });

  test('/metrics: delivered, retries, pending, lag and the alarm per target', async () => {
    const web = await server([FAILING_FEED, { ...FAILING_FEED, target: 'jetstream', destination: 'wallet.web-1', state: 'delivering', pending: 0, lagSeconds: 0, retries: 0, lastError: null, alarm: null }]);
    const text = (await web.inject('/metrics')).body;
    expect(text).toMatch(/^table_feed_delivered_total\{target="webhook",table="web-1"\} 340$/m);
    expect(text).toMatch(/^table_feed_retries_total\{target="webhook",table="web-1"\} 17$/m);
    expect(text).toMatch(/^table_feed_pending\{target="webhook",table="web-1"\} 12$/m);
    expect(text).toMatch(/^table_feed_lag_seconds\{target="webhook",table="web-1"\} 95\.5$/m);
    expect(text).toMatch(/^table_feed_alarm\{target="webhook",table="web-1"\} 1$/m);
    expect(text).toMatch(/^table_feed_alarm\{target="jetstream",table="web-1"\} 0$/m);
    expect(text).toMatch(/^# TYPE table_feed_delivered_total counter$/m);
    expect(text).toMatch(/^# TYPE table_feed_lag_seconds gauge$/m);
  });
});
