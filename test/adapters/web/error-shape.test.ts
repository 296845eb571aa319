// The one error shape (docs/web-api.md, "The error shape"): a route the server does not have (404), a body
// of another type (415), too large (413), or failing its route's schema (400) answers
// { ok: false, refused, reason, code, params } like every other refusal and is recorded on the log; the
// checks keep their order (credential, role, body); CORS is off unless the table file names origins.
import { pino } from 'pino';
import { afterEach, describe, expect, test } from 'vitest';
import { createTableWebServer } from '../../../src/composition/table-web-server.js';
import { parseTableConfig, TableConfigError, type TableConfig } from '../../../src/config/table-config.js';
import type { MemoryEventStore } from '../../../src/adapters/store/memory-event-store.js';
import type { TableService } from '../../../src/app/table/table-service.js';
import type { FastifyInstance } from 'fastify';
import { ROLES, TABLE_ID, TOKENS, config as plainConfig, openTable } from './support/table-fixture.js';

let app: FastifyInstance | undefined;
let store: MemoryEventStore;
let service: TableService;
afterEach(async () => {
  await app?.close();
  app = undefined;
  service?.close();
});

async function serve(config: TableConfig = plainConfig): Promise<FastifyInstance> {
  ({ store, service } = await openTable());
  app = createTableWebServer({ service, store, config, decisionSeconds: 15, logger: pino({ level: 'silent' }) });
  await app.ready();
  return app;
}

const refusedTypes = async (after: number) => (await store.read(TABLE_ID, { from: after + 1 })).map((e) => e.type);
const gameServer = { authorization: `Bearer ${TOKENS.gameServer}` };

describe('every 4xx in one shape, with a code', () => {
  test('404: a route the server does not have; recorded when it was meant for the API', async () => {
    await serve();
    const before = service.position;
    const api = await app!.inject({ url: '/api/nothing-here?token=secret-token' });
    expect(api.statusCode).toBe(404);
    expect(api.json()).toEqual({ ok: false, refused: 'route', reason: 'malformed request: no route GET /api/nothing-here', code: 'noRoute', params: { method: 'GET', path: '/api/nothing-here' } });
    expect(await refusedTypes(before)).toEqual(['command.refused']);
    expect(JSON.stringify(await store.read(TABLE_ID))).not.toContain('secret-token');
    const page = await app!.inject({ url: '/no-such-page' });
    expect(page.statusCode).toBe(404);
    expect(page.json()).toMatchObject({ ok: false, refused: 'route', code: 'noRoute', params: { method: 'GET', path: '/no-such-page' } });
    expect(await refusedTypes(before)).toEqual(['command.refused']); // a page's 404 is not the table's business
    const wrongMethod = await app!.inject({ method: 'GET', url: '/api/bets' });
    expect(wrongMethod.statusCode).toBe(404);
    expect(wrongMethod.json()).toMatchObject({ refused: 'route', reason: 'malformed request: no route GET /api/bets' });
  });

  test('415: a body of another type; 413: over 16 KiB; both recorded with the sender', async () => {
    await serve();
    const before = service.position;
    const text = await app!.inject({ method: 'POST', url: '/api/bets', headers: { ...gameServer, 'content-type': 'text/plain' }, payload: '{"seat":1}' });
    expect(text.statusCode).toBe(415);
    expect(text.json()).toMatchObject({ ok: false, refused: 'body', code: 'unsupportedMediaType', reason: 'malformed request: Unsupported Media Type', params: {} });
    const big = await app!.inject({ method: 'POST', url: '/api/bets', headers: { ...gameServer, 'content-type': 'application/json' }, payload: JSON.stringify({ pad: 'x'.repeat(17_000) }) });
    expect(big.statusCode).toBe(413);
    expect(big.json()).toMatchObject({ ok: false, refused: 'body', code: 'bodyTooLarge', reason: 'malformed request: Request body is too large', params: {} });
    const records = (await store.read(TABLE_ID, { from: before + 1 })).map((e) => e.data);
    expect(records).toEqual([expect.objectContaining({ path: '/api/bets', by: 'online-gs', code: 'unsupportedMediaType' }), expect.objectContaining({ path: '/api/bets', by: 'online-gs', code: 'bodyTooLarge' })]);
  });

  test('400: fastify validates the body against the route\'s schema; the reason is bounded however long the unknown key', async () => {
    await serve();
    const key = 'k'.repeat(5000);
    const response = await app!.inject({ method: 'POST', url: '/api/bets', headers: gameServer, payload: { seat: 1, player: 'ana', amount: 1000, [key]: 1 } });
    expect(response.statusCode).toBe(400);
    const answer = response.json() as { reason: string; code: string; refused: string };
    expect(answer).toMatchObject({ ok: false, refused: 'body', code: 'malformedCommand', params: { command: 'bet' } });
    expect(answer.reason).toMatch(/^malformed bet command: body: Unrecognized key: "kkk/);
    expect(answer.reason.length).toBeLessThanOrEqual(200);
    const [record] = await store.read(TABLE_ID, { from: service.position });
    expect(JSON.stringify(record).length).toBeLessThan(800);
  });

  test('the order holds: a malformed body from an unknown sender is 401, from a wrong role 403', async () => {
    await serve();
    const malformed = { seat: 'one' };
    expect((await app!.inject({ method: 'POST', url: '/api/bets', payload: malformed })).statusCode).toBe(401);
    expect((await app!.inject({ method: 'POST', url: '/api/bets', headers: { authorization: `Bearer ${TOKENS.dealer}` }, payload: malformed })).statusCode).toBe(403);
    expect((await app!.inject({ method: 'POST', url: '/api/bets', headers: gameServer, payload: malformed })).statusCode).toBe(400);
  });

  test('a command whose fields are all optional may come without a body', async () => {
    await serve();
    const pause = await app!.inject({ method: 'POST', url: '/api/supervisor/pause', headers: { authorization: `Bearer ${TOKENS.supervisor}` } });
    expect(pause.statusCode).toBe(200);
    expect(pause.json()).toMatchObject({ ok: true, facts: [{ type: 'table.paused' }] });
    const bet = await app!.inject({ method: 'POST', url: '/api/bets', headers: gameServer });
    expect(bet.statusCode).toBe(400);
    expect(bet.json()).toMatchObject({ refused: 'body', code: 'malformedCommand' });
  });
});

describe('CORS', () => {
  const studio = 'https://studio.example.com';

  test('off by default: no access-control headers, a preflight is not answered', async () => {
    await serve();
    const get = await app!.inject({ url: '/api/views/public', headers: { origin: studio } });
    expect(get.headers['access-control-allow-origin']).toBeUndefined();
    const preflight = await app!.inject({ method: 'OPTIONS', url: '/api/bets', headers: { origin: studio, 'access-control-request-method': 'POST' } });
    expect(preflight.headers['access-control-allow-origin']).toBeUndefined();
  });

  test('on for the origins the table file names, and only those', async () => {
    await serve(parseTableConfig({ id: TABLE_ID, rules: 'six-deck', roles: ROLES, cors: { origins: [studio] } }, 'test'));
    const preflight = await app!.inject({ method: 'OPTIONS', url: '/api/bets', headers: { origin: studio, 'access-control-request-method': 'POST', 'access-control-request-headers': 'authorization,content-type' } });
    expect(preflight.statusCode).toBe(204);
    expect(preflight.headers).toMatchObject({ 'access-control-allow-origin': studio, 'access-control-max-age': '600' });
    expect(String(preflight.headers['access-control-allow-headers'])).toMatch(/authorization/);
    const get = await app!.inject({ url: '/api/views/public', headers: { origin: studio } });
    expect(get.headers['access-control-allow-origin']).toBe(studio);
    const other = await app!.inject({ url: '/api/views/public', headers: { origin: 'https://elsewhere.example.com' } });
    expect(other.headers['access-control-allow-origin']).toBeUndefined();
  });

  test('a malformed origin in the table file is refused at start with the field named', () => {
    expect(() => parseTableConfig({ id: TABLE_ID, rules: 'six-deck', roles: ROLES, cors: { origins: ['https://studio.example.com/'] } }, 't.yaml'))
      .toThrow(new TableConfigError('t.yaml: invalid table configuration: cors.origins.0: an origin is scheme://host[:port], e.g. https://studio.example.com (no path, no trailing slash)'));
  });
});
