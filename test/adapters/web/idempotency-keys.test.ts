// Retries with idempotency keys (docs/web-api.md, "Retries and idempotency keys"): a command sent again with
// its key — at once, ten at a time, after its card came, over the other transport, after a restart or on
// another controller — is answered with the first answer and applied once; the same key with another command
// is refused (422, recorded); a key is its credential's; a key older than the retention is forgotten.
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pino } from 'pino';
import type { FastifyInstance } from 'fastify';
import { afterEach, describe, expect, test } from 'vitest';
import { createTableWebServer } from '../../../src/composition/table-web-server.js';
import { MemoryEventStore } from '../../../src/adapters/store/memory-event-store.js';
import { SqliteEventStore } from '../../../src/adapters/store/sqlite-event-store.js';
import { steppingClock } from '../../../src/adapters/clock/stepping-clock.js';
import { TableService } from '../../../src/app/table/table-service.js';
import { verifyLog } from '../../../src/app/audit/verify-log.js';
import { parseTableConfig } from '../../../src/config/table-config.js';
import type { KeyRetention } from '../../../src/app/table/idempotency-keys.js';
import type { EventStore, ReadOptions, StoredEvent } from '../../../src/ports/event-store.js';
import { CATALOGUES } from '../../../src/messages/catalogue.js';
import { ROLES, TABLE_ID, TOKENS, deal, loadShoe, rules, rulesId } from './support/table-fixture.js';

/** A second game server, to show that a key is its credential's. */
const STUDIO_B = 'game-server-token-2';
const config = parseTableConfig({ id: TABLE_ID, rules: 'six-deck', roles: { ...ROLES, 'game-server': [...ROLES['game-server'], { name: 'studio-b', token: STUDIO_B }] } }, 'test');
const BET = { seat: 2, player: 'ana', amount: 1000 };

interface KeyedTable {
  readonly app: FastifyInstance;
  readonly service: TableService;
  readonly store: EventStore;
  close(): Promise<void>;
}

const opened: KeyedTable[] = [];
afterEach(async () => {
  for (const table of opened.splice(0)) await table.close();
});

/** `opened`: called once the table service is open, before the web server (and its displays) read the log. */
async function keyedTable(options: { store?: EventStore; keyRetention?: KeyRetention; snapshotEvery?: number; opened?: () => void } = {}): Promise<KeyedTable> {
  const store = options.store ?? new MemoryEventStore();
  const service = await TableService.open({
    tableId: TABLE_ID, rules, rulesId, store, clock: steppingClock(),
    ...(options.keyRetention ? { keyRetention: options.keyRetention } : {}),
    ...(options.snapshotEvery !== undefined ? { snapshotEvery: options.snapshotEvery } : {}),
  });
  options.opened?.();
  const app = createTableWebServer({ service, store, config, decisionSeconds: 15, logger: pino({ level: 'silent' }) });
  await app.ready();
  let closed = false;
  const table = {
    app, service, store,
    close: async () => {
      if (closed) return;
      closed = true;
      await app.close();
      service.close();
      if (!options.store) await store.close();
    },
  };
  opened.push(table);
  return table;
}

async function post(app: FastifyInstance, path: string, body: unknown, key?: string, token: string = TOKENS.gameServer) {
  const headers: Record<string, string> = { 'content-type': 'application/json', authorization: `Bearer ${token}` };
  if (key !== undefined) headers['idempotency-key'] = key;
  const response = await app.inject({ method: 'POST', url: path, headers, payload: JSON.stringify(body) });
  return { status: response.statusCode, text: response.body, answer: response.json() as Record<string, unknown> };
}

const eventsAfter = (store: EventStore, seq: number) => store.read(TABLE_ID, { from: seq + 1 });
const inputs = (log: readonly StoredEvent[]) => log.filter((e) => e.type === 'input');

describe('a retry with the same key and the same command: the first answer, applied once', () => {
  test('a bet sent twice: one bet.placed, the same status and body twice', async () => {
    const table = await keyedTable();
    await loadShoe(table.service);
    const before = table.service.position;
    const first = await post(table.app, '/api/bets', BET, 'bet-1');
    expect(first).toMatchObject({ status: 200, answer: { ok: true, facts: [{ type: 'bet.placed', seat: 2, amount: 1000 }] } });
    const tableAfterFirst = JSON.stringify(table.service.table);
    const again = await post(table.app, '/api/bets', BET, 'bet-1');
    expect(again.status).toBe(first.status);
    expect(again.text).toBe(first.text);
    const added = await eventsAfter(table.store, before);
    expect(added.map((e) => e.type)).toEqual(['input', 'bet.placed']);
    // The key and the command's digest are on the log with the input, in the same append.
    expect(added[0]!.data).toMatchObject({ source: 'api', by: 'online-gs', idempotencyKey: 'bet-1', requestDigest: expect.stringMatching(/^[0-9a-f]{64}$/) });
    expect(JSON.stringify(table.service.table)).toBe(tableAfterFirst);
    expect(table.service.table.bets).toEqual([{ seat: 2, player: 'ana', kind: 'main', amount: 1000 }]);
  });

  test('a first answer that was the table\'s refusal (409) is answered again as that 409', async () => {
    const table = await keyedTable();
    const first = await post(table.app, '/api/bets', BET, 'early');
    expect(first).toMatchObject({ status: 409, answer: { refused: 'table', seq: expect.any(Number) } });
    const at = table.service.position;
    const again = await post(table.app, '/api/bets', BET, 'early');
    expect([again.status, again.text]).toEqual([first.status, first.text]);
    expect(await eventsAfter(table.store, at)).toEqual([]);
  });

  test('a refusal whose reason has several values is answered again byte for byte, on a log that stores its JSON canonically', async () => {
    const store = new SqliteEventStore({ path: join(mkdtempSync(join(tmpdir(), 'idempotency-409-')), '{tableId}.db'), pollIntervalMs: 0 });
    const table = await keyedTable({ store });
    await loadShoe(table.service);
    const first = await post(table.app, '/api/bets', { ...BET, seat: 9 }, 'no-such-seat');
    expect(first).toMatchObject({ status: 409, answer: { code: 'noSuchSeat', params: { seat: '9' } } });
    const again = await post(table.app, '/api/bets', { ...BET, seat: 9 }, 'no-such-seat');
    expect(again.text).toBe(first.text);
    await table.close();
    await store.close();
  });

  test('ten identical requests at once: one input, ten identical answers', async () => {
    const table = await keyedTable();
    await loadShoe(table.service);
    const before = table.service.position;
    const answers = await Promise.all(Array.from({ length: 10 }, () => post(table.app, '/api/bets', BET, 'burst-1')));
    expect(new Set(answers.map((a) => `${a.status} ${a.text}`)).size).toBe(1);
    expect(answers[0]!.status).toBe(200);
    const added = await eventsAfter(table.store, before);
    expect(inputs(added)).toHaveLength(1);
    expect(added.filter((e) => e.type === 'bet.placed')).toHaveLength(1);
    expect(table.service.table.bets.reduce((sum, b) => sum + b.amount, 0)).toBe(1000);
  });

  test('a hit retried after its card came: no second hit, no second card asked for', async () => {
    const table = await keyedTable();
    await loadShoe(table.service);
    await table.service.submit({ type: 'bet', seat: 1, player: 'ana', amount: 1000 }, { source: 'api', by: 'online-gs' });
    await table.service.submit({ type: 'betting.closed' }, { source: 'api', by: 'dealer-ann' });
    await deal(table.service, ['TH', 'TC', '7D', '8H']); // seat 1: 17 against the dealer's ten
    const hit = await post(table.app, '/api/decisions', { seat: 1, action: 'hit' }, 'hit-1');
    expect(hit).toMatchObject({ status: 200, answer: { facts: [{ type: 'decision.accepted', action: 'hit' }] } });
    await deal(table.service, ['2C']); // the hit's card: 19, seat 1 decides again
    const dealt = JSON.stringify(table.service.table);
    const at = table.service.position;
    const retry = await post(table.app, '/api/decisions', { seat: 1, action: 'hit' }, 'hit-1');
    expect([retry.status, retry.text]).toEqual([hit.status, hit.text]);
    expect(await eventsAfter(table.store, at)).toEqual([]);
    expect(JSON.stringify(table.service.table)).toBe(dealt);
    expect(table.service.table.boxes[0]!.hands[0]!.cards).toEqual(['TH', '7D', '2C']);
  });

  test('the command socket: the same idempotencyKey twice is one input with the same answer; the key is the header\'s too', async () => {
    const table = await keyedTable();
    await loadShoe(table.service);
    const before = table.service.position;
    const socket = await table.app.injectWS(`/ws/commands?token=${TOKENS.gameServer}`);
    const answers: Array<Record<string, unknown>> = [];
    const next = () => new Promise<Record<string, unknown>>((resolve) => socket.once('message', (data: Buffer) => resolve(JSON.parse(data.toString()) as Record<string, unknown>)));
    for (const id of [1, 2]) {
      const answer = next();
      socket.send(JSON.stringify({ id, command: 'bet', body: BET, idempotencyKey: 'ws-1' }));
      answers.push(await answer);
    }
    const over = next();
    socket.send(JSON.stringify({ id: 3, command: 'bet', body: { ...BET, seat: 3 }, idempotencyKey: 'http-1' }));
    const viaSocket = await over;
    socket.terminate();
    expect(answers[0]).toMatchObject({ id: 1, status: 200, ok: true, facts: [{ type: 'bet.placed' }] });
    expect({ ...answers[1], id: 1 }).toEqual(answers[0]);
    // The same command with the same key over HTTP: the socket's first answer.
    const viaHttp = await post(table.app, '/api/bets', { ...BET, seat: 3 }, 'http-1');
    const { id: _id, status, ...socketBody } = viaSocket;
    expect([viaHttp.status, viaHttp.answer]).toEqual([status, socketBody]);
    const added = await eventsAfter(table.store, before);
    expect(inputs(added).map((e) => e.data['idempotencyKey'])).toEqual(['ws-1', 'http-1']);
  });
});

describe('a key that does not fit', () => {
  test('the same key with another body: 422 with its code, recorded as a refusal, nothing applied', async () => {
    const table = await keyedTable();
    await loadShoe(table.service);
    const first = await post(table.app, '/api/bets', BET, 'bet-1');
    const firstInput = (first.answer['seq'] as number) - 1;
    const tableBefore = JSON.stringify(table.service.table);
    const at = table.service.position;
    const other = await post(table.app, '/api/bets', { ...BET, amount: 2000 }, 'bet-1');
    expect(other).toMatchObject({ status: 422, answer: { ok: false, refused: 'idempotency', code: 'idempotencyKeyReused', params: { seq: String(firstInput) } } });
    expect(other.answer['reason']).toBe(`idempotency key already used for another command (its input is event ${firstInput}): send a new key with a new command`);
    expect('reason.idempotencyKeyReused' in CATALOGUES.ru).toBe(true);
    // Another command under the key is refused too (the command's name is in what the key stands for).
    expect((await post(table.app, '/api/bets/cancel', { seat: 2, player: 'ana' }, 'bet-1')).status).toBe(422);
    const added = await eventsAfter(table.store, at);
    expect(added.map((e) => e.type)).toEqual(['command.refused', 'command.refused']);
    expect(added[0]!.data).toMatchObject({ path: '/api/bets', by: 'online-gs', code: 'idempotencyKeyReused' });
    expect(JSON.stringify(table.service.table)).toBe(tableBefore);
  });

  test('a key is its credential\'s: another game server\'s same key and command is a command of its own', async () => {
    const table = await keyedTable();
    await loadShoe(table.service);
    await post(table.app, '/api/bets', BET, 'shared-key');
    const other = await post(table.app, '/api/bets', BET, 'shared-key', STUDIO_B);
    expect(other).toMatchObject({ status: 200, answer: { facts: [{ type: 'bet.placed' }] } });
    expect(table.service.table.bets.map((b) => b.amount)).toEqual([1000, 1000]);
  });

  test('a malformed key: 400 with its code, recorded; checked after the credential and the role, before the body', async () => {
    const table = await keyedTable();
    await loadShoe(table.service);
    const at = table.service.position;
    for (const key of ['', 'k'.repeat(257)]) {
      const refused = await post(table.app, '/api/bets', BET, key);
      expect(refused).toMatchObject({ status: 400, answer: { refused: 'idempotency', code: 'malformedIdempotencyKey', params: { field: 'Idempotency-Key' } } });
    }
    expect((await post(table.app, '/api/bets', { seat: 'one' }, '')).answer).toMatchObject({ code: 'malformedIdempotencyKey' });
    expect((await post(table.app, '/api/bets', BET, '', TOKENS.dealer)).answer).toMatchObject({ refused: 'role' });
    expect((await post(table.app, '/api/bets', BET, 'k'.repeat(256))).status).toBe(200);
    const socket = await table.app.injectWS(`/ws/commands?token=${TOKENS.gameServer}`);
    const answer = new Promise<unknown>((resolve) => socket.once('message', (data: Buffer) => resolve(JSON.parse(data.toString()))));
    socket.send(JSON.stringify({ id: 9, command: 'bet', body: BET, idempotencyKey: 'ключ' }));
    expect(await answer).toMatchObject({ id: 9, status: 400, refused: 'idempotency', code: 'malformedIdempotencyKey', params: { field: 'idempotencyKey' } });
    socket.terminate();
    const added = await eventsAfter(table.store, at);
    expect(added.filter((e) => e.type === 'command.refused').map((e) => e.data['code'])).toEqual(['malformedIdempotencyKey', 'malformedIdempotencyKey', 'malformedIdempotencyKey', 'wrongRole', 'malformedIdempotencyKey']);
    expect(inputs(added)).toHaveLength(1);
  });
});

describe('keys are kept on the log', () => {
  const dir = mkdtempSync(join(tmpdir(), 'idempotency-'));
  let n = 0;
  const onDisk = () => new SqliteEventStore({ path: join(dir, `${++n}-{tableId}.db`), pollIntervalMs: 0 });
  /** The same log file again, through a store of its own (another process's, or another controller's). */
  const sameFile = () => new SqliteEventStore({ path: join(dir, `${n}-{tableId}.db`), pollIntervalMs: 0 });

  /** A store that notes the positions its reads start at, until `stop`. */
  function readsOf(store: SqliteEventStore): { store: SqliteEventStore; from: number[]; stop(): void } {
    const from: number[] = [];
    let noting = true;
    const read = store.read.bind(store);
    store.read = (streamId: string, options?: ReadOptions) => {
      if (noting) from.push(options?.from ?? 1);
      return read(streamId, options);
    };
    return { store, from, stop: () => void (noting = false) };
  }

  test.each([
    { snapshotEvery: 1, what: 'keys saved with the snapshot, nothing before it read' },
    { snapshotEvery: 0, what: 'no snapshot, the whole log read' },
  ])('a restart between a request and its retry: the retry gets the first answer ($what)', async ({ snapshotEvery }) => {
    const store = onDisk();
    const first = await keyedTable({ store, snapshotEvery });
    await loadShoe(first.service);
    const answer = await post(first.app, '/api/bets', BET, 'before-restart');
    const keyedAt = (answer.answer['seq'] as number) - 1;
    await first.service.submit({ type: 'bet', seat: 3, player: 'bo', amount: 500 }, { source: 'api', by: 'online-gs' });
    await first.close();
    await store.close();

    const reopened = readsOf(sameFile());
    const second = await keyedTable({ store: reopened.store, snapshotEvery, opened: reopened.stop });
    // Opening the table read the log only after its snapshot: the key came with the snapshot.
    expect(reopened.from.length).toBeGreaterThan(0);
    if (snapshotEvery > 0) expect(Math.min(...reopened.from)).toBeGreaterThan(keyedAt);
    const at = second.service.position;
    const retry = await post(second.app, '/api/bets', BET, 'before-restart');
    expect([retry.status, retry.text]).toEqual([answer.status, answer.text]);
    expect(await eventsAfter(reopened.store, at)).toEqual([]);
    expect((await post(second.app, '/api/bets', { ...BET, amount: 5000 }, 'before-restart')).status).toBe(422);
    const log = await reopened.store.read(TABLE_ID);
    expect(log.filter((e) => e.type === 'bet.placed').map((e) => e.data['seat'])).toEqual([2, 3]);
    expect(verifyLog(log).ok).toBe(true);
    await second.close();
    await reopened.store.close();
  });

  test('a failover: another controller opening the same log answers the retry the first one took', async () => {
    const storeA = onDisk();
    const a = await keyedTable({ store: storeA });
    await loadShoe(a.service);
    const answer = await post(a.app, '/api/bets', BET, 'failover-1');
    // Controller A stops answering (its process is gone); B opens the same log.
    const storeB = sameFile();
    const b = await keyedTable({ store: storeB });
    const retry = await post(b.app, '/api/bets', BET, 'failover-1');
    expect([retry.status, retry.text]).toEqual([answer.status, answer.text]);
    expect((await storeB.read(TABLE_ID)).filter((e) => e.type === 'bet.placed')).toHaveLength(1);
    await b.close();
    await a.close();
    await storeB.close();
    await storeA.close();
  });

  test('a key older than the retention is forgotten: with keepShoes 1, the next shoe takes the same key as a new command', async () => {
    for (const [keepShoes, placed] of [[1, 2], [2, 1]] as const) {
      const table = await keyedTable({ keyRetention: { keepShoes, maxKeys: 100 } });
      await loadShoe(table.service);
      await post(table.app, '/api/bets', BET, 'old-key');
      await post(table.app, '/api/supervisor/shoe-change', {}, undefined, TOKENS.supervisor);
      await loadShoe(table.service);
      expect(table.service.table.shoe?.number).toBe(2);
      await post(table.app, '/api/bets', BET, 'old-key');
      const log = await table.store.read(TABLE_ID);
      expect(log.filter((e) => e.type === 'bet.placed'), `keepShoes ${keepShoes}`).toHaveLength(placed);
      await table.close();
    }
  });
});

describe('the documents', () => {
  test('the table\'s /openapi.json says its own retention in the header\'s description', async () => {
    const store = new MemoryEventStore();
    const service = await TableService.open({ tableId: TABLE_ID, rules, rulesId, store, clock: steppingClock() });
    const oneShoe = parseTableConfig({ id: TABLE_ID, rules: 'six-deck', roles: ROLES, idempotency: { keepShoes: 1, maxKeys: 2000 } }, 'test');
    const app = createTableWebServer({ service, store, config: oneShoe, decisionSeconds: 15, logger: pino({ level: 'silent' }) });
    try {
      const document = (await app.inject({ url: '/openapi.json' })).json() as { paths: Record<string, { post: { parameters: Array<{ in: string; name: string; description: string }> } }> };
      const header = document.paths['/api/bets']!.post.parameters.find((p) => p.in === 'header' && p.name === 'idempotency-key');
      expect(header?.description).toMatch(/kept on the table's log for the current shoe \(the table file's idempotency\.keepShoes: 1\), at most 2000 of them/);
    } finally {
      await app.close();
      service.close();
    }
  });
});
