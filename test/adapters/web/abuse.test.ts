// A read/write path no one can abuse: a rate limit per client address on HTTP and on
// WebSocket messages; refusals on the log but bounded (no body; a flood becomes a few records and one
// summary with a count per window, test/adapters/web/refusal-flood.test.ts); bodies too deep or not valid
// Unicode refused first (400, recorded); player names checked by one schema in the API and in `replay`.
import { afterEach, describe, expect, test } from 'vitest';
import { pino } from 'pino';
import { WebSocket } from 'ws';
import type { FastifyInstance } from 'fastify';
import { createTableWebServer } from '../../../src/composition/table-web-server.js';
import type { MemoryEventStore } from '../../../src/adapters/store/memory-event-store.js';
import type { TableService } from '../../../src/app/table/table-service.js';
import type { StoredEvent } from '../../../src/ports/event-store.js';
import { parseSessionLine, SessionFormatError } from '../../../src/session/parse-session.js';
import { RefusalLog } from '../../../src/adapters/web/refusal-log.js';
import { TABLE_ID, TOKENS, config, loadShoe, openTable } from './support/table-fixture.js';

let app: FastifyInstance | undefined;
let store: MemoryEventStore;
let service: TableService;
afterEach(async () => {
  await app?.close();
  app = undefined;
  service?.close();
});

async function serve(options: { rateLimit?: { max: number; windowMs: number }; listen?: boolean } = {}): Promise<string> {
  ({ store, service } = await openTable());
  app = createTableWebServer({ service, store, config, decisionSeconds: 15, logger: pino({ level: 'silent' }), ...(options.rateLimit ? { rateLimit: options.rateLimit } : {}) });
  await app.ready();
  return options.listen ? app.listen({ host: '127.0.0.1', port: 0 }) : '';
}

const refusals = async (): Promise<StoredEvent[]> => (await store.read(TABLE_ID)).filter((e) => e.type === 'command.refused');
/** Refusals a set of records stands for (a summary record counts many). */
const represented = (records: readonly StoredEvent[]) => records.reduce((n, e) => n + (typeof e.data['count'] === 'number' ? e.data['count'] : 1), 0);
/** Refusals of one code the records stand for: those recorded by themselves, and those a summary counts under its codes. */
const representedOf = (records: readonly StoredEvent[], code: string) => records.reduce((n, e) =>
  n + (typeof e.data['count'] === 'number' ? ((e.data['codes'] as Record<string, number> | undefined)?.[code] ?? 0) : Number(e.data['code'] === code)), 0);
const BIG = JSON.stringify({ seat: 1, player: 'ana', amount: 1000, pad: 'x'.repeat(16 * 1024 - 60) });

function post(payload: string | Buffer, token?: string) {
  return app!.inject({ method: 'POST', url: '/api/bets', payload, headers: { 'content-type': 'application/json', ...(token ? { authorization: `Bearer ${token}` } : {}) } });
}

describe('bounded refusal records', () => {
  test('300 unauthenticated 16 KiB requests: every one refused and accounted for, in a handful of records without bodies', async () => {
    await serve({ rateLimit: { max: 100_000, windowMs: 1000 } });
    const before = (await store.read(TABLE_ID)).length;
    for (let i = 0; i < 300; i++) expect((await post(BIG)).statusCode).toBe(401);
    await app!.close(); // the pending summary is written on close
    app = undefined;
    const records = await refusals();
    expect(records.length).toBeLessThanOrEqual(6);
    expect(represented(records)).toBe(300);
    expect((await store.read(TABLE_ID)).length - before).toBe(records.length);
    const bytes = records.reduce((n, e) => n + JSON.stringify(e).length, 0);
    expect(bytes).toBeLessThan(6 * 1024);
    for (const e of records) {
      expect(e.data).not.toHaveProperty('body');
      expect(e.data).not.toHaveProperty('by');
      expect(e.data).toMatchObject({ path: '/api/bets' });
    }
    expect(records[0]!.data).toMatchObject({ code: 'missingCredentialHeader', params: {}, client: '127.0.0.1', reason: expect.stringMatching(/missing credential/) });
    // The first 3 with no credential are recorded by themselves (for the whole table), the rest counted in one summary.
    expect(records.find((e) => e.data['count'] === 297)?.data).toMatchObject({
      code: 'refusalsCounted', bodyBytes: 297 * Buffer.byteLength(BIG), noCredential: 297, unknownCredential: 0, knownCredential: 0,
      codes: { missingCredentialHeader: 297 }, paths: { '/api/bets': 297 }, addresses: 1, clients: { '127.0.0.1': 297 }, recorded: 3,
    });
  });

  test('the window ends: the count is written and the next refusal is recorded by itself again', async () => {
    let now = 0;
    const written: Array<Record<string, unknown>> = [];
    const log = new RefusalLog(async (r) => void written.push(r), { windowMs: 1000, anonymousRecords: 2, now: () => now, schedule: () => () => undefined });
    const refusal = { path: '/api/bets', reason: 'missing credential', client: '10.0.0.9', bodyBytes: 10, bodyDigest: 'd' };
    for (let i = 0; i < 7; i++) await log.refused(refusal);
    expect(written).toHaveLength(2);
    now = 1500;
    await log.refused({ ...refusal, client: '10.0.0.9' });
    expect(written.map((r) => r['count'] ?? 1)).toEqual([1, 1, 5, 1]);
    expect(written[2]).toMatchObject({ count: 5, bodyBytes: 50, since: new Date(0).toISOString(), until: new Date(1000).toISOString() });
    // Another address shares the table's window: the second of two allowed one by one.
    await log.refused({ ...refusal, client: '10.0.0.7' });
    expect(written).toHaveLength(5);
    await log.refused({ ...refusal, client: '10.0.0.8' }); // the third: counted
    expect(written).toHaveLength(5);
    expect(log.seen).toBe(10);
  });
});

describe('rate limits per client address', () => {
  test('HTTP: over the limit, 429 before the body is read, and the refusals recorded (counted)', async () => {
    await serve({ rateLimit: { max: 5, windowMs: 60_000 } });
    const statuses: number[] = [];
    for (let i = 0; i < 20; i++) statuses.push((await post(BIG, TOKENS.gameServer)).statusCode);
    expect(statuses.filter((s) => s === 429)).toHaveLength(15);
    expect(statuses.slice(0, 5).every((s) => s !== 429)).toBe(true);
    await app!.close();
    app = undefined;
    const records = await refusals();
    expect(representedOf(records, 'tooMany')).toBe(15);
    expect(records.length).toBeLessThanOrEqual(6);
  });

  test('WebSocket: messages over the limit from one address are answered 429 and recorded (counted)', async () => {
    const url = await serve({ rateLimit: { max: 10, windowMs: 60_000 }, listen: true });
    // The upgrade itself is a request: 1 of the 10 allowed.
    const socket = new WebSocket(`${url.replace('http', 'ws')}/ws/commands?token=${TOKENS.gameServer}`);
    const answers: Array<{ status: number }> = [];
    socket.on('message', (d) => answers.push(JSON.parse(d.toString()) as { status: number }));
    await new Promise((r) => socket.on('open', r));
    for (let i = 0; i < 25; i++) socket.send(JSON.stringify({ id: i, command: 'bet', body: { seat: 1, player: 'ana', amount: 1000 } }));
    for (let i = 0; i < 300 && answers.length < 25; i++) await new Promise((r) => setTimeout(r, 10));
    socket.close();
    expect(answers).toHaveLength(25);
    expect(answers.filter((a) => a.status === 429)).toHaveLength(15);
    await app!.close();
    app = undefined;
    expect(representedOf(await refusals(), 'tooManyMessages')).toBe(15);
  });
});

describe('bodies checked before anything else', () => {
  test('nested 8,000 arrays deep: 400, recorded with its size and digest', async () => {
    await serve();
    const deep = `{"seat":1,"player":"ana","amount":${'['.repeat(8000)}${']'.repeat(8000)}}`;
    const response = await post(deep, TOKENS.gameServer);
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ ok: false, reason: expect.stringMatching(/nested 8001 deep/) });
    const [record] = await refusals();
    expect(record?.data).toMatchObject({ path: '/api/bets', by: 'online-gs', bodyBytes: Buffer.byteLength(deep), bodyDigest: expect.stringMatching(/^[0-9a-f]{64}$/) });
  });

  test('a lone surrogate in a player name: 400 (never 503), recorded', async () => {
    await serve();
    await loadShoe(service);
    const response = await post('{"seat":1,"player":"\\ud800","amount":1000}', TOKENS.gameServer);
    expect(response.statusCode).toBe(400);
    expect(response.json().reason).toMatch(/lone surrogate/);
    expect((await refusals()).map((e) => e.data['reason'])).toEqual([expect.stringMatching(/lone surrogate/)]);
  });

  test('bytes that are not UTF-8: 400, recorded', async () => {
    await serve();
    const response = await post(Buffer.from([0x7b, 0x22, 0xff, 0xfe, 0x22, 0x3a, 0x31, 0x7d]), TOKENS.gameServer);
    expect(response.statusCode).toBe(400);
    expect(response.json().reason).toMatch(/not valid UTF-8/);
    expect(await refusals()).toHaveLength(1);
  });

  test('over the command socket: a deep message is refused and recorded, the socket stays usable', async () => {
    const url = await serve({ listen: true });
    const socket = new WebSocket(`${url.replace('http', 'ws')}/ws/commands?token=${TOKENS.gameServer}`);
    const answers: Array<{ status: number; reason?: string }> = [];
    socket.on('message', (d) => answers.push(JSON.parse(d.toString()) as { status: number }));
    await new Promise((r) => socket.on('open', r));
    socket.send(`${'['.repeat(5000)}${']'.repeat(5000)}`);
    socket.send('{"id":2,"command":"bet","body":{"seat":1,"player":"a\\udc00","amount":1000}}');
    for (let i = 0; i < 200 && answers.length < 2; i++) await new Promise((r) => setTimeout(r, 10));
    socket.close();
    expect(answers.map((a) => a.status)).toEqual([400, 400]);
    expect(answers[0]!.reason).toMatch(/nested 5000 deep/);
    expect((await refusals()).length).toBe(2);
  });
});

describe('player names: one schema for the API and replay', () => {
  const names: Array<[string, string]> = [
    ['a bidi override', '\u202Eana'],
    ['a bidi isolate', 'ana\u2066x'],
    ['a zero-width space', 'a\u200Bna'],
    ['a zero-width joiner', 'a\u200Dna'],
    ['a control character', 'an\u0007a'],
    ['65 characters', 'x'.repeat(65)],
    ['only spaces', '   '],
  ];
  test.each(names)('%s: refused by the API (400) and by replay', async (_what, name) => {
    await serve();
    await loadShoe(service);
    const response = await post(JSON.stringify({ seat: 1, player: name, amount: 1000 }), TOKENS.gameServer);
    expect(response.statusCode).toBe(400);
    expect(response.json().reason).toMatch(/player/);
    expect(() => parseSessionLine(JSON.stringify({ type: 'bet', seat: 1, player: name, amount: 1000 }), 3)).toThrow(SessionFormatError);
  });

  test('a decomposed name is stored in NFC; 64 characters and accents are fine', async () => {
    await serve();
    await loadShoe(service);
    const response = await post(JSON.stringify({ seat: 1, player: 'Jose\u0301', amount: 1000 }), TOKENS.gameServer);
    expect(response.statusCode).toBe(200);
    const placed = (await store.read(TABLE_ID)).find((e) => e.type === 'bet.placed');
    expect(placed?.data['player']).toBe('Jos\u00e9');
    expect(parseSessionLine(JSON.stringify({ type: 'bet', seat: 1, player: 'Jose\u0301', amount: 1000 }), 1).input).toMatchObject({ player: 'Jos\u00e9' });
    expect(parseSessionLine(JSON.stringify({ type: 'bet', seat: 1, player: 'é'.repeat(64), amount: 1000 }), 1).input).toMatchObject({ player: 'é'.repeat(64) });
  });
});
