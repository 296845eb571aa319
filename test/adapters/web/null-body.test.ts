// A JSON body must be an object (docs/web-api.md, "Commands"): `null`, an array, a string or a number is a
// malformed body, refused 400 with its code and recorded, even on a command whose fields are all optional
// (which may be sent with no body at all, as `{}`).
import { pino } from 'pino';
import { afterEach, describe, expect, test } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { WebSocket } from 'ws';
import { createTableWebServer } from '../../../src/composition/table-web-server.js';
import type { MemoryEventStore } from '../../../src/adapters/store/memory-event-store.js';
import type { TableService } from '../../../src/app/table/table-service.js';
import { TABLE_ID, TOKENS, config, openTable } from './support/table-fixture.js';

let app: FastifyInstance | undefined;
let store: MemoryEventStore;
let service: TableService;
afterEach(async () => {
  await app?.close();
  app = undefined;
  service?.close();
});

async function serve(): Promise<FastifyInstance> {
  ({ store, service } = await openTable());
  app = createTableWebServer({ service, store, config, decisionSeconds: 15, logger: pino({ level: 'silent' }) });
  await app.ready();
  return app;
}

const supervisor = { authorization: `Bearer ${TOKENS.supervisor}`, 'content-type': 'application/json' };

describe('a body that is not a JSON object', () => {
  for (const payload of ['null', '[]', '"void"', '7', 'true']) {
    test(`${payload} on the void command is refused 400 and nothing else is recorded`, async () => {
      await serve();
      const before = service.position;
      const answer = await app!.inject({ method: 'POST', url: '/api/supervisor/void', headers: supervisor, payload });
      expect(answer.statusCode).toBe(400);
      expect(answer.json()).toMatchObject({ ok: false, refused: 'body', code: 'malformedCommand' });
      const added = await store.read(TABLE_ID, { from: before + 1 });
      expect(added.map((e) => e.type)).toEqual(['command.refused']);
    });
  }

  for (const body of [null, [], 'void', 7]) {
    test(`${JSON.stringify(body)} as a command socket message's body is refused 400 and nothing else is recorded`, async () => {
      await serve();
      const url = `${(await app!.listen({ host: '127.0.0.1', port: 0 })).replace('http', 'ws')}/ws/commands?token=${TOKENS.supervisor}`;
      const socket = new WebSocket(url);
      await new Promise((resolve, reject) => socket.once('open', resolve).once('error', reject));
      const before = service.position;
      const answered = new Promise<Record<string, unknown>>((resolve) => socket.once('message', (data: Buffer) => resolve(JSON.parse(data.toString('utf8')) as Record<string, unknown>)));
      socket.send(JSON.stringify({ id: 1, command: 'void', body }));
      const answer = await answered;
      socket.close();
      expect(answer).toMatchObject({ id: 1, status: 400, ok: false, refused: 'body', code: 'malformedCommand' });
      const added = await store.read(TABLE_ID, { from: before + 1 });
      expect(added.map((e) => e.type)).toEqual(['command.refused']);
    });
  }

  test('no body at all still means {} on a command whose fields are all optional', async () => {
    await serve();
    const before = service.position;
    const answer = await app!.inject({ method: 'POST', url: '/api/supervisor/pause', headers: { authorization: supervisor.authorization } });
    expect(answer.statusCode).not.toBe(400);
    const added = await store.read(TABLE_ID, { from: before + 1 });
    expect(added.map((e) => e.type)).not.toContain('command.refused');
  });
});
