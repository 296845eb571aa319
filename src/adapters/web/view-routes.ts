// Read-only HTTP: each audience's current view (GET /api/views/<audience>, the shared projection's, no
// replay) and the supervisor's recall of the last rounds (GET /api/recall?rounds=10).
import type { FastifyInstance } from 'fastify';
import { AUDIENCES, READER_ROLES, admitReader, capitalised } from './audience-access.js';
import { bearerToken } from './credentials.js';
import { READ_PATHS, viewPath } from './route-paths.js';
import { MAX_RECALL, recallQuerySchema, recallResponses, viewResponses } from './schemas/read-schemas.js';
import { ROUTE_SUMMARIES, viewSummary } from './schemas/route-docs.js';
import { routeSecurity } from './schemas/security-schemes.js';
import type { WebContext } from './web-context.js';

/** `?rounds=N` as the schema let it through (a whole number, 1 or more; recallQuerySchema): at most MAX_RECALL are sent. Absent: the recall's own number. */
function roundsWanted(query: { rounds?: string | undefined }): number | undefined {
  return query.rounds === undefined ? undefined : Math.min(Number(query.rounds), MAX_RECALL);
}

export function registerViewRoutes(app: FastifyInstance, context: WebContext): void {
  for (const audience of AUDIENCES) {
    const path = viewPath(audience);
    const roles = READER_ROLES[audience];
    const schema = { operationId: `${audience}View`, summary: viewSummary(audience), tags: ['views'], response: viewResponses(roles !== null), security: routeSecurity(roles) };
    app.get(path, { schema }, async (request, reply) => {
      const refusal = await admitReader(context, READER_ROLES[audience], `read${capitalised(audience)}`, { token: bearerToken(request.headers.authorization), how: 'header', path, client: request.ip });
      if (refusal) return reply.code(refusal.status).send(refusal.body);
      const current = await context.views.current(audience);
      return reply.type('application/json; charset=utf-8').send(current.json);
    });
  }

  const schema = { operationId: 'recall', summary: ROUTE_SUMMARIES.recall, tags: ['views'], querystring: recallQuerySchema, response: recallResponses, security: routeSecurity(READER_ROLES.supervisor) };
  app.get(READ_PATHS.recall, { schema }, async (request, reply) => {
    const path = READ_PATHS.recall;
    const refusal = await admitReader(context, READER_ROLES.supervisor, 'recall', { token: bearerToken(request.headers.authorization), how: 'header', path, client: request.ip });
    if (refusal) return reply.code(refusal.status).send(refusal.body);
    return reply.send({ rounds: await context.reads.recall(roundsWanted(request.query as { rounds?: string })) });
  });
}
