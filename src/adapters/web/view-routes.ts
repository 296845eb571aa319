// Read-only HTTP: each audience's current view (GET /api/views/<audience>, the shared projection's, no
// replay) and the supervisor's recall of the last rounds (GET /api/recall?rounds=10).
import type { FastifyInstance } from 'fastify';
import { roundIndexOf } from '../../app/audit/round-index.js';
import { RECALL_ROUNDS, recallLastRounds } from '../../app/audit/recall-rounds.js';
import { AUDIENCES, READER_ROLES, admitReader } from './audience-access.js';
import { bearerToken } from './credentials.js';
import { READ_PATHS, viewPath } from './route-paths.js';
import type { WebContext } from './web-context.js';

const MAX_RECALL = 100;

/** `?rounds=N`: 1 or more (at most MAX_RECALL are sent); anything else is refused as a malformed request
 *  (request-errors.ts), not answered with the default as if it had been asked for. */
function roundsWanted(query: unknown): number {
  const given = (query as { rounds?: unknown } | undefined)?.rounds;
  if (given === undefined) return RECALL_ROUNDS;
  if (typeof given !== 'string' || !/^\d+$/.test(given) || Number(given) < 1) {
    throw Object.assign(new Error(`rounds takes a whole number, 1 or more (at most ${MAX_RECALL} are sent), not ${JSON.stringify(given)}`), { statusCode: 400 });
  }
  return Math.min(Number(given), MAX_RECALL);
}

export function registerViewRoutes(app: FastifyInstance, context: WebContext): void {
  for (const audience of AUDIENCES) {
    const path = viewPath(audience);
    app.get(path, async (request, reply) => {
      const refusal = await admitReader(context, READER_ROLES[audience], `read the ${audience} view`, { token: bearerToken(request.headers.authorization), how: 'header', path, client: request.ip });
      if (refusal) return reply.code(refusal.status).send(refusal.body);
      const current = await context.views.current(audience);
      return reply.type('application/json; charset=utf-8').send(current.json);
    });
  }

  // One round index for the server's life: a store without its own is indexed incrementally.
  const rounds = roundIndexOf(context.store);
  app.get(READ_PATHS.recall, async (request, reply) => {
    const path = READ_PATHS.recall;
    const refusal = await admitReader(context, READER_ROLES.supervisor, 'recall rounds', { token: bearerToken(request.headers.authorization), how: 'header', path, client: request.ip });
    if (refusal) return reply.code(refusal.status).send(refusal.body);
    return reply.send({ rounds: await recallLastRounds(context.store, context.service.tableId, roundsWanted(request.query), rounds) });
  });
}
