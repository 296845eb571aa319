// The command socket fuzzed from its AsyncAPI document (docs/asyncapi.json): every command message, with the
// body breakages of ./support/openapi-fuzz.ts and broken envelopes, sent by every role over /ws/commands.
// Every message gets one answer, in order, valid by the document's CommandAnswer schema; none is a 5xx;
// every refusal is the one error shape with a code the pages' catalogue knows.
import { readFileSync } from 'node:fs';
import { pino } from 'pino';
import { WebSocket } from 'ws';
import { describe, expect, test } from 'vitest';
import { createTableWebServer } from '../../../src/composition/table-web-server.js';
import { CATALOGUES } from '../../../src/adapters/web/pages/i18n.js';
import { commandAnswerSchema } from '../../../src/adapters/web/schemas/socket-schemas.js';
import { TABLE_ID, TOKENS, config, loadShoe, openTable } from './support/table-fixture.js';
import { bodyCases, type JsonSchema } from './support/openapi-fuzz.js';

interface AsyncApi {
  readonly channels: Record<string, { address: string; messages: Record<string, { $ref: string }> }>;
  readonly components: { messages: Record<string, { payload: { $ref: string } }>; schemas: Record<string, { properties: { body: JsonSchema } }> };
}

const document = JSON.parse(readFileSync('docs/asyncapi.json', 'utf8')) as AsyncApi;
const tail = (ref: string) => ref.split('/').at(-1)!;

/** Each command the document lists on /ws/commands, with its body's schema. */
function documentedCommands(): Array<{ name: string; body: JsonSchema }> {
  const channel = Object.values(document.channels).find((c) => c.address === '/ws/commands')!;
  return Object.entries(channel.messages).filter(([name]) => name !== 'answer').map(([name, message]) => {
    const payload = document.components.messages[tail(message.$ref)]!.payload;
    return { name, body: document.components.schemas[tail(payload.$ref)]!.properties.body };
  });
}

function envelopes(): string[] {
  const messages: string[] = [];
  let id = 0;
  for (const command of documentedCommands()) {
    for (const { body } of bodyCases(command.body)) messages.push(JSON.stringify({ id: ++id, command: command.name, body }));
  }
  messages.push(JSON.stringify({ id: ++id, command: 'noSuchCommand', body: {} }), JSON.stringify({ id: ++id, body: {} }), JSON.stringify({ id: ++id, command: 'pause', extra: 1 }));
  messages.push(JSON.stringify({ id: 'x'.repeat(5000), command: 'pause' }), '{"id": 1, "command":', 'null', '[]', '"text"', `${'['.repeat(40)}${']'.repeat(40)}`, '{"id":1,"command":"pause","body":{"reason":"\\ud800"}}');
  return messages;
}

async function opened(url: string, token: string): Promise<WebSocket> {
  const socket = new WebSocket(`${url}?token=${token}`);
  await new Promise((resolve, reject) => socket.once('open', resolve).once('error', reject));
  return socket;
}

/** Sends each message after the previous one's answer; a socket that closes instead fails the conversation. */
async function converse(url: string, token: string, messages: readonly string[]): Promise<unknown[]> {
  const socket = await opened(url, token);
  let waiting: { resolve: (answer: unknown) => void; reject: (err: Error) => void } | null = null;
  socket.on('message', (data: Buffer) => waiting?.resolve(JSON.parse(data.toString('utf8'))));
  socket.on('close', (code) => waiting?.reject(new Error(`socket closed (${code})`)));
  const answers: unknown[] = [];
  for (const message of messages) {
    answers.push(await new Promise<unknown>((resolve, reject) => {
      waiting = { resolve, reject };
      socket.send(message);
    }));
  }
  socket.close();
  return answers;
}

describe('command socket fuzz from the AsyncAPI document', () => {
  test('every role: one answer per message, each a documented CommandAnswer, no 5xx, refusals with codes', async () => {
    const { store, service } = await openTable();
    await loadShoe(service);
    const app = createTableWebServer({ service, store, config, decisionSeconds: 15, logger: pino({ level: 'silent' }), rateLimit: { max: 1_000_000, windowMs: 1000 } });
    const url = `${(await app.listen({ host: '127.0.0.1', port: 0 })).replace('http', 'ws')}/ws/commands`;
    try {
      // A message over 16 KiB is not read: the socket closes with 1009 (ws's maxPayload).
      const big = await opened(url, TOKENS.supervisor);
      const closed = new Promise<number>((resolve) => big.once('close', resolve));
      big.send(JSON.stringify({ id: 1, command: 'pause', body: { reason: 'x'.repeat(17 * 1024) } }));
      expect(await closed).toBe(1009);
      const messages = envelopes().filter((m) => Buffer.byteLength(m) <= 16 * 1024);
      expect(documentedCommands().map((c) => c.name).length).toBe(13);
      const statuses = new Set<number>();
      for (const token of Object.values(TOKENS)) {
        const answers = await converse(url, token, messages);
        expect(answers).toHaveLength(messages.length);
        for (const [i, answer] of answers.entries()) {
          const label = `${token}: ${messages[i]!.slice(0, 80)}`;
          const parsed = commandAnswerSchema.safeParse(answer);
          expect(parsed.error?.issues, `${label} → ${JSON.stringify(answer).slice(0, 200)}`).toBeUndefined();
          const { status, code } = answer as { status: number; code?: string };
          statuses.add(status);
          expect(status, label).toBeLessThan(500);
          if (status >= 400) expect(`reason.${code ?? ''}` in CATALOGUES.en, label).toBe(true);
        }
      }
      expect([...statuses].sort()).toEqual(expect.arrayContaining([200, 400, 403, 409]));
      expect((await store.read(TABLE_ID)).some((e) => e.type === 'command.refused')).toBe(true);
    } finally {
      await app.close();
      service.close();
    }
  }, 120_000);
});
