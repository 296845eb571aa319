// The command API over WebSocket: /ws/commands?token= authenticates once; each message
// {"id":any,"command":"<name>","body":{...}} is answered {"id":..,"status":<HTTP status>, ...answer},
// with exactly the checks, records and answers of the HTTP routes.
import type {} from '@fastify/websocket'; // the `websocket: true` route option
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { RawData, WebSocket } from 'ws';
import { z } from 'zod';
import type { Principal } from '../../config/table-config.js';
import { commandNamed, COMMANDS } from './command-specs.js';
import { identify, queryToken } from './credentials.js';
import { executeCommand } from './execute-command.js';
import { refuse } from './refusals.js';
import type { WebContext } from './web-context.js';

export const COMMAND_SOCKET_PATH = '/ws/commands';

const envelope = z.strictObject({
  id: z.union([z.string().max(100), z.number()]).optional(),
  command: z.enum(COMMANDS.map((c) => c.name) as [string, ...string[]]),
  body: z.unknown().optional(),
});

function parseMessage(data: RawData): unknown {
  try {
    return JSON.parse(data.toString());
  } catch {
    return undefined;
  }
}

async function answer(context: WebContext, sender: Principal, data: RawData): Promise<object> {
  const message = parseMessage(data);
  const parsed = envelope.safeParse(message);
  if (!parsed.success) {
    const reason = `malformed command message: expected {"id","command","body"} with command one of ${COMMANDS.map((c) => c.name).join(', ')}`;
    const refusal = await refuse(context, { path: COMMAND_SOCKET_PATH, body: message ?? null }, 400, 'body', reason, sender.name);
    return { id: (message as { id?: unknown } | undefined)?.id ?? null, status: refusal.status, ...refusal.body };
  }
  const command = commandNamed(parsed.data.command);
  if (!command) return { id: parsed.data.id ?? null, status: 400, ok: false, reason: 'unknown command' };
  const reply = await executeCommand(context, command, {
    sender: { ok: true, principal: sender },
    body: parsed.data.body,
    path: `${COMMAND_SOCKET_PATH}#${command.name}`,
  });
  return { id: parsed.data.id ?? null, status: reply.status, ...reply.body };
}

export function registerCommandSocket(app: FastifyInstance, context: WebContext): void {
  const admit = async (request: FastifyRequest, reply: FastifyReply) => {
    const who = identify(context.credentials, queryToken(request.query), 'query');
    if (who.ok) return;
    const refusal = await refuse(context, { path: COMMAND_SOCKET_PATH }, who.status, 'credential', who.reason);
    return reply.code(refusal.status).send(refusal.body);
  };
  app.get(COMMAND_SOCKET_PATH, { websocket: true, preValidation: admit }, (socket: WebSocket, request) => {
    const who = identify(context.credentials, queryToken(request.query), 'query');
    if (!who.ok) return socket.close(1008, who.reason);
    // One command at a time per connection, answered in order.
    let queue: Promise<unknown> = Promise.resolve();
    socket.on('message', (data: RawData) => {
      queue = queue.then(async () => socket.send(JSON.stringify(await answer(context, who.principal, data))));
    });
  });
}
