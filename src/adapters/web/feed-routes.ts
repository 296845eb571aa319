// The settlement feed's state (GET /api/feed; supervisor role): per target, delivering, behind or failing,
// with what waits, the lag, the last error and the alarm (docs/operations.md, "The settlement feed"). The
// supervisor's page polls it. Not on /api/health: that one is open to anyone, and this names the receiver.
import type { FastifyInstance } from 'fastify';
import type { Role } from '../../config/table-config.js';
import { admitReader } from './audience-access.js';
import { bearerToken } from './credentials.js';
import { READ_PATHS } from './route-paths.js';
import { feedResponses } from './schemas/feed-schemas.js';
import { ROUTE_SUMMARIES } from './schemas/route-docs.js';
import { routeSecurity } from './schemas/security-schemes.js';
import type { TableHealth } from './table-health.js';
import type { WebContext } from './web-context.js';

export const FEED_READERS: readonly Role[] = ['supervisor'];

export function registerFeedRoutes(app: FastifyInstance, context: WebContext, health: TableHealth | undefined): void {
  const path = READ_PATHS.feed;
  const schema = { operationId: 'feed', summary: ROUTE_SUMMARIES.feed, tags: ['money'], response: feedResponses, security: routeSecurity(FEED_READERS) };
  app.get(path, { schema }, async (request, reply) => {
    const refusal = await admitReader(context, FEED_READERS, 'feed', { token: bearerToken(request.headers.authorization), how: 'header', path, client: request.ip });
    if (refusal) return reply.code(refusal.status).send(refusal.body);
    return reply.headers({ 'cache-control': 'no-store' }).send({ feeds: health?.feeds?.() ?? [] });
  });
}
