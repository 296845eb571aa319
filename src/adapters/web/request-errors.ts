// Requests that fail before a route's handler runs — too many from one address (429), a body that is not
// JSON, too deep, not valid Unicode, too large, or of another content type — are refused commands:
// recorded (bounded, ./refusal-log.ts) and answered with the reason. A display asking for its page too often
// is answered with a page that says so and comes back by itself (./busy-page.ts), not with JSON.
import type { FastifyError, FastifyReply, FastifyRequest } from 'fastify';
import { bearerToken } from './credentials.js';
import { explained } from './explained-reason.js';
import type { PageLanguage } from './page-routes.js';
import { sendRateLimitedPage } from './busy-page.js';
import { refuse } from './refusals.js';
import { rawBodyOf } from './request-guards.js';
import type { WebContext } from './web-context.js';

/** `language`: the table file's language for the pages. */
export function requestErrorHandler(context: WebContext, language?: PageLanguage) {
  return async (error: FastifyError, request: FastifyRequest, reply: FastifyReply): Promise<FastifyReply> => {
    const status = error.statusCode ?? 500;
    const path = request.routeOptions.url ?? request.url.split('?')[0] ?? request.url;
    if (status === 429 || (status >= 400 && status < 500 && (path.startsWith('/api/') || path.startsWith('/ws/')))) {
      const sender = context.credentials.get(bearerToken(request.headers.authorization) ?? '');
      const raw = rawBodyOf(request);
      const command = { path, client: request.ip, ...(raw ? { raw } : {}) };
      const refusal = status === 429
        ? await refuse(context, command, 429, 'rate', error.message, sender?.name)
        : await refuse(context, command, status, 'body', `malformed request: ${error.message}`, sender?.name);
      return sendRateLimitedPage(status, request, reply, language) ?? reply.code(refusal.status).send(refusal.body);
    }
    if (status >= 500) context.logger.error({ err: error, path }, 'request failed');
    return reply.code(status).send({ ok: false, ...explained(status >= 500 ? 'internal error' : error.message) });
  };
}
