// A display asking for its page too often from one address (many displays behind a studio's NAT or a proxy)
// gets a short page in its language that says so and comes back by itself after the rate limit's
// retry-after, from the table's server and from a display gateway alike (src/adapters/web/busy-page.ts);
// the refusal is still recorded, API clients still get the JSON 429, and the pages' scripts, styles and icon
// are outside the limit (docs/web-api.md, "Before any work").
import { afterEach, describe, expect, test } from 'vitest';
import { pino } from 'pino';
import { NEVER } from 'rxjs';
import type { FastifyInstance } from 'fastify';
import { createTableWebServer } from '../../../src/composition/table-web-server.js';
import { createGatewayServer } from '../../../src/adapters/web/gateway-server.js';
import type { MemoryEventStore } from '../../../src/adapters/store/memory-event-store.js';
import { TABLE_ID, config, openTable } from './support/table-fixture.js';

/** What each test opened, closed after it, last first. */
const opened: Array<() => unknown> = [];
afterEach(async () => {
  for (const close of opened.splice(0).reverse()) await close();
});

const LIMIT = { max: 3, windowMs: 60_000 };

async function tableServer(): Promise<{ app: FastifyInstance; store: MemoryEventStore }> {
  const { service, store } = await openTable();
  opened.push(() => service.close());
  const app = createTableWebServer({ service, store, config, decisionSeconds: 15, logger: pino({ level: 'silent' }), rateLimit: LIMIT });
  opened.push(() => app.close());
  await app.ready();
  return { app, store };
}

async function gateway(): Promise<FastifyInstance> {
  // No view is ever asked for here: a source that never answers will do.
  const app = createGatewayServer({ views: { views$: () => NEVER, current: () => new Promise(() => undefined) }, credentials: new Map(), logger: pino({ level: 'silent' }), rateLimit: LIMIT });
  opened.push(() => app.close());
  await app.ready();
  return app;
}

const get = (server: FastifyInstance, url: string, language?: string) => server.inject({ method: 'GET', url, headers: language ? { 'accept-language': language } : {} });

describe.each([
  ['the table\'s server', async () => (await tableServer()).app],
  ['a display gateway', gateway],
])('%s: pages over the rate limit', (_name, serve) => {
  test('the fourth page in the window is a page that says so in the display\'s language and asks again after the retry-after', async () => {
    const server = await serve();
    for (let i = 0; i < LIMIT.max; i++) expect((await get(server, '/', 'ru')).statusCode).toBe(200);
    const refused = await get(server, '/', 'ru');
    expect(refused.statusCode).toBe(429);
    expect(refused.headers['content-type']).toBe('text/html; charset=utf-8');
    expect(refused.headers['content-security-policy']).toMatch(/default-src 'none'/);
    const seconds = Number(refused.headers['retry-after']);
    expect(seconds).toBeGreaterThanOrEqual(1);
    expect(refused.body).toContain(`<meta http-equiv="refresh" content="${seconds}">`);
    expect(refused.body).toContain(`Слишком много запросов с этого адреса: это табло вернётся само через ${seconds} с.`);
    expect(refused.body).toContain('<html lang="ru">');
    const english = await get(server, '/overlay', 'en');
    expect(english.statusCode).toBe(429);
    expect(english.body).toContain(`Too many requests from this address just now: this display comes back by itself in ${seconds} s.`);
  });

  test('scripts, styles and the icon are never counted: a page that loaded can always draw itself', async () => {
    const server = await serve();
    for (let i = 0; i < LIMIT.max + 1; i++) await get(server, '/');
    for (const url of ['/assets/public.js', '/assets/style.css', '/assets/dealer.js', '/favicon.svg', '/favicon.ico']) {
      for (let i = 0; i < 5; i++) expect((await get(server, url)).statusCode, url).toBe(200);
    }
  });
});

describe('the table\'s server: the same refusal for an API client', () => {
  test('an API request over the limit is still answered in JSON, and page refusals are recorded like any other', async () => {
    const { app: server, store } = await tableServer();
    for (let i = 0; i < LIMIT.max + 2; i++) await get(server, '/');
    const api = await get(server, '/api/views/public');
    expect(api.statusCode).toBe(429);
    expect(api.json()).toMatchObject({ ok: false, refused: 'rate', reason: expect.stringMatching(/too many requests from this address/) });
    await server.close(); // the pending refusal summary is written on close
    const refusals = (await store.read(TABLE_ID)).filter((e) => e.type === 'command.refused' && /too many requests/.test(String(e.data['reason'])));
    const paths = refusals.flatMap((e) => (Array.isArray(e.data['paths']) ? e.data['paths'] : [e.data['path']]) as string[]);
    expect(paths).toContain('/');
    expect(paths).toContain('/api/views/public');
    expect(refusals.reduce((n, e) => n + (typeof e.data['count'] === 'number' ? e.data['count'] : 1), 0)).toBe(3);
  });
});
