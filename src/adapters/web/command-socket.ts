// The command API over WebSocket: /ws/commands?token= authenticates once; each message
// {"id":any,"command":"<name>","body":{...},"idempotencyKey"?:"..."} is answered
// {"id":..,"status":<HTTP status>, ...answer}, with exactly the checks, records and answers of the HTTP routes
// (the key is the Idempotency-Key header's: ./idempotency-key.ts).
import type {} from '@fastify/websocket'; // the `websocket: true` route option
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { RawData, WebSocket } from 'ws';
import { z } from 'zod';
import type { Principal } from '../../config/table-config.js';
import { commandNamed, COMMANDS } from './command-specs.js';
import { identify, queryToken } from './credentials.js';
import { executeCommand } from './execute-command.js';
import { explained } from './explained-reason.js';
import { nestedReason, reasonSentence } from '../../messages/coded-reason.js';
import { webReason } from './web-reasons.js';
import { refuse } from './refusals.js';
import { checkJson } from './json-guard.js';
import { KEY_FIELD } from './idempotency-key.js';
import type { WebContext } from './web-context.js';

export const COMMAND_SOCKET_PATH = '/ws/commands';

/** Commands one connection may have waiting for an answer. */
const MAX_WAITING = 32;

const envelope = z.strictObject({
  id: z.union([z.string().max(100), z.number()]).optional(),
  command: z.enum(COMMANDS.map((c) => c.name) as [string, ...string[]]),
  body: z.unknown().optional(),
  // Checked with the command, after the sender and role, like the HTTP header (a malformed key: 400 with its code).
  [KEY_FIELD]: z.unknown().optional(),
});

function rawOf(data: RawData): Buffer {
  return Array.isArray(data) ? Buffer.concat(data) : Buffer.isBuffer(data) ? data : Buffer.from(data);
}

async function answer(context: WebContext, sender: Principal, client: string, data: RawData): Promise<object> {
  // Before any work: the rate per address, then UTF-8, depth and Unicode (./json-guard.ts).
  const raw = rawOf(data);
  const checked = checkJson(raw);
  if (!checked.ok) {
    const refusal = await refuse(context, { path: COMMAND_SOCKET_PATH, client, raw: checked }, 400, 'body', webReason('malformedMessage', nestedReason(checked.reason)), sender.name);
    return { id: null, status: refusal.status, ...refusal.body };
  }
  const message = checked.value;
  const parsed = envelope.safeParse(message);
  if (!parsed.success) {
    const reason = webReason('malformedMessageCommands', { list: COMMANDS.map((c) => c.name).join(', ') });
    const refusal = await refuse(context, { path: COMMAND_SOCKET_PATH, client, raw: checked }, 400, 'body', reason, sender.name);
    const id = (message as { id?: unknown } | null)?.id;
    return { id: typeof id === 'string' || typeof id === 'number' ? id : null, status: refusal.status, ...refusal.body };
  }
  const command = commandNamed(parsed.data.command);
  if (!command) return { id: parsed.data.id ?? null, status: 400, ok: false, refused: 'body', ...explained(webReason('unknownCommand')) };
  const reply = await executeCommand(context, command, {
    sender: { ok: true, principal: sender },
    body: parsed.data.body,
    path: `${COMMAND_SOCKET_PATH}#${command.name}`,
    client,
    raw: { bytes: checked.bytes, digest: checked.digest },
    ...(parsed.data[KEY_FIELD] !== undefined ? { idempotencyKey: { value: parsed.data[KEY_FIELD], name: KEY_FIELD } } : {}),
  });
  return { id: parsed.data.id ?? null, status: reply.status, ...reply.body };
}

export function registerCommandSocket(app: FastifyInstance, context: WebContext): void {
  const admit = async (request: FastifyRequest, reply: FastifyReply) => {
    const who = identify(context.credentials, queryToken(request.query), 'query');
    if (who.ok) return;
    const refusal = await refuse(context, { path: COMMAND_SOCKET_PATH, client: request.ip }, who.status, 'credential', who.reason);
    return reply.code(refusal.status).send(refusal.body);
  };
  app.get(COMMAND_SOCKET_PATH, { websocket: true, preValidation: admit }, (socket: WebSocket, request) => {
    const who = identify(context.credentials, queryToken(request.query), 'query');
    if (!who.ok) return socket.close(1008, reasonSentence(who.reason));
    // One command at a time per connection, answered in order; the rate per address is checked as a
    // message arrives, before it waits for anything.
    let queue: Promise<unknown> = Promise.resolve();
    let waiting = 0;
    socket.on('message', (data: RawData) => {
      if (!context.messageLimiter.allow(request.ip) || waiting >= MAX_WAITING) {
        const bytes = rawOf(data).length;
        void refuse(context, { path: COMMAND_SOCKET_PATH, client: request.ip, raw: { bytes, digest: '' } }, 429, 'rate', webReason('tooManyMessages'), who.principal.name)
          .then((refusal) => socket.send(JSON.stringify({ id: null, status: refusal.status, ...refusal.body })));
        return;
      }
      waiting += 1;
      queue = queue.then(async () => {
        socket.send(JSON.stringify(await answer(context, who.principal, request.ip, data)));
        waiting -= 1;
      });
    });
  });
}
