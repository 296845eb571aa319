// A round's wallet transactions (GET /api/rounds/{round}/transactions; supervisor and game-server roles):
// derived from the log through the round index, so the cost is the round (src/ports/table-reads.ts; the
// application's reading: src/app/audit/round-transactions.ts).
// A round the log does not have is a 404 with its code (noSuchRound), recorded like every refused request.
import type { FastifyInstance } from 'fastify';
import type { Role } from '../../config/table-config.js';
import { admitReader } from './audience-access.js';
import { bearerToken } from './credentials.js';
import { refuse } from './refusals.js';
import { READ_PATHS } from './route-paths.js';
import { roundParamsSchema, roundTransactionsResponses } from './schemas/money-schemas.js';
import { ROUTE_SUMMARIES } from './schemas/route-docs.js';
import { routeSecurity } from './schemas/security-schemes.js';
import { webReason } from './web-reasons.js';
import type { WebContext } from './web-context.js';

export const TRANSACTION_READERS: readonly Role[] = ['supervisor', 'game-server'];

export function registerMoneyRoutes(app: FastifyInstance, context: WebContext): void {
  const path = READ_PATHS.roundTransactions;
  const schema = {
    operationId: 'roundTransactions', summary: ROUTE_SUMMARIES.roundTransactions, tags: ['money'],
    params: roundParamsSchema, response: roundTransactionsResponses, security: routeSecurity(TRANSACTION_READERS),
  };
  app.get(path, { schema }, async (request, reply) => {
    const token = bearerToken(request.headers.authorization);
    const refusal = await admitReader(context, TRANSACTION_READERS, 'transactions', { token, how: 'header', path, client: request.ip });
    if (refusal) return reply.code(refusal.status).send(refusal.body);
    const round = Number((request.params as { round: string }).round);
    const transactions = await context.reads.roundTransactions(round);
    if (!transactions) {
      const missing = await refuse(context, { path, client: request.ip }, 404, 'route', webReason('noSuchRound', { round: String(round) }), context.credentials.get(token ?? '')?.name);
      return reply.code(missing.status).send(missing.body);
    }
    return reply.headers({ 'cache-control': 'no-store' }).send({ round, transactions });
  });
}
