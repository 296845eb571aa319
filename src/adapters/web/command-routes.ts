// The command API over HTTP: one POST route per command (see command-specs.ts), JSON in, JSON out.
// Each route declares its body and answers as schemas (./schemas/), which fastify checks and the OpenAPI
// document is made from. The checks keep their order (docs/web-api.md, "Commands"): who sent it (401),
// whether their role may (403) and whether its Idempotency-Key is well formed (400) run before the body is
// validated (400, ./request-errors.ts).
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { z } from 'zod';
import type { Principal } from '../../config/table-config.js';
import { COMMANDS, type CommandSpec } from './command-specs.js';
import { bearerToken } from './credentials.js';
import { admitKey, admitSender, executeCommand, type CommandRequest } from './execute-command.js';
import { idempotencyKeySchema, KEY_HEADER, keyDescription } from './idempotency-key.js';
import { rawBodyOf } from './request-guards.js';
import { commandResponses } from './schemas/command-schemas.js';
import { routeSecurity } from './schemas/security-schemes.js';
import type { WebContext } from './web-context.js';

declare module 'fastify' {
  interface FastifyContextConfig {
    /** The command a route takes (its name in refusals: "malformed <name> command"). */
    command?: string;
  }
}

/** The sender each admitted request came from (set before validation, read by the handler). */
const senders = new WeakMap<FastifyRequest, Principal>();

function commandRequest(request: FastifyRequest, command: CommandSpec): Omit<CommandRequest, 'sender'> {
  const raw = rawBodyOf(request);
  const key = request.headers[KEY_HEADER];
  return { body: request.body, path: command.path, client: request.ip, ...(raw ? { raw } : {}), ...(key !== undefined ? { idempotencyKey: { value: key, name: 'Idempotency-Key' } } : {}) };
}

export function registerCommandRoutes(app: FastifyInstance, context: WebContext): void {
  // The header as the document shows it; a malformed key is refused before validation, with its own code.
  const headers = z.object({ [KEY_HEADER]: idempotencyKeySchema.optional().describe(keyDescription(context.keyRetention)) });
  for (const command of COMMANDS) {
    // A command whose fields are all optional may be sent without a body (as `{}`).
    const bodyOptional = command.body.safeParse({}).success;
    const summary = command.what.charAt(0).toUpperCase() + command.what.slice(1);
    app.post(command.path, {
      schema: { operationId: command.name, summary, tags: ['commands'], headers, body: command.body, response: commandResponses, security: routeSecurity(command.roles) },
      config: { command: command.name },
      preValidation: async (request: FastifyRequest, reply: FastifyReply) => {
        const admitted = await admitSender(context, command, { ...commandRequest(request, command), sender: { token: bearerToken(request.headers.authorization) } });
        if (!admitted.ok) return reply.code(admitted.reply.status).send(admitted.reply.body);
        const keyed = await admitKey(context, commandRequest(request, command), admitted.sender);
        if (!keyed.ok) return reply.code(keyed.reply.status).send(keyed.reply.body);
        senders.set(request, admitted.sender);
        if (bodyOptional && request.body == null && request.headers['content-type'] === undefined) request.body = {};
      },
    }, async (request, reply) => {
      const sender = senders.get(request) as Principal;
      const answer = await executeCommand(context, command, { ...commandRequest(request, command), body: request.body, sender: { ok: true, principal: sender } }, { validated: true });
      return reply.code(answer.status).send(answer.body);
    });
  }
}
