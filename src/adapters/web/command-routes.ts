// The command API over HTTP: one POST route per command (see command-specs.ts), JSON in, JSON out.
import type { FastifyInstance } from 'fastify';
import { COMMANDS } from './command-specs.js';
import { bearerToken } from './credentials.js';
import { executeCommand } from './execute-command.js';
import { rawBodyOf } from './request-guards.js';
import type { WebContext } from './web-context.js';

export function registerCommandRoutes(app: FastifyInstance, context: WebContext): void {
  for (const command of COMMANDS) {
    app.post(command.path, async (request, reply) => {
      const raw = rawBodyOf(request);
      const answer = await executeCommand(context, command, {
        sender: { token: bearerToken(request.headers.authorization) },
        body: request.body,
        path: command.path,
        client: request.ip,
        ...(raw ? { raw } : {}),
      });
      return reply.code(answer.status).send(answer.body);
    });
  }
}
