// Requests refused before (or instead of) a route's handler — too many from one address (429), a body
// or query that fails its route's schema, a body that is not JSON, too deep, not valid Unicode, too
// large (413) or of another content type (415), a route that does not exist (404) — all answer the one
// error shape (./schemas/refusal-schemas.ts). Those to the API (/api/, /ws/) and every 429 are refused
// commands: recorded (bounded, ./refusal-log.ts). A display asking for its page too often is answered
// with a page that says so and comes back by itself (./busy-page.ts), not with JSON.
import type { FastifyError, FastifyReply, FastifyRequest } from 'fastify';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import { issuesLine } from './command-bodies.js';
import { bearerToken, queryToken } from './credentials.js';
import { explained } from './explained-reason.js';
import { webReason, webReasonOf, type WebReason } from './web-reasons.js';
import type { PageLanguage } from './page-routes.js';
import { sendRateLimitedPage } from './busy-page.js';
import { clipped, clippedReason, PATH_CHARS, refuse, type RefusalKind } from './refusals.js';
import { rawBodyOf } from './request-guards.js';
import type { WebContext } from './web-context.js';

/** Where a request went, for the record: the route, else the path without its query (a token may be in it). */
function requestPath(request: FastifyRequest): string {
  return clipped(request.routeOptions.url ?? request.url.split('?')[0] ?? '', PATH_CHARS);
}

const isApiPath = (path: string) => path.startsWith('/api/') || path.startsWith('/ws/');

/** fastify's own refusals that have a code of their own (the rest are a malformed request, in fastify's words). */
const FASTIFY_REASONS: Readonly<Record<string, WebReason>> = {
  FST_ERR_CTP_BODY_TOO_LARGE: webReason('bodyTooLarge'),
  FST_ERR_CTP_INVALID_MEDIA_TYPE: webReason('unsupportedMediaType'),
};

/** The reason a fastify error stands for: the one it carries (./request-guards.ts), else by its kind. */
export function refusalReason(error: FastifyError, request: FastifyRequest): WebReason {
  const carried = webReasonOf(error);
  if (carried) return carried;
  if (hasZodFastifySchemaValidationErrors(error)) {
    const issues = error.validation.map((v) => ({ path: v.instancePath.split('/').filter(Boolean).join('.'), message: v.message ?? 'invalid' }));
    const command = request.routeOptions.config?.command;
    if (error.validationContext === 'body' && command) return webReason('malformedCommand', { command, issues: issuesLine(issues) });
    return webReason('malformedRequest', { reason: issues.slice(0, 3).map((i) => i.message).join('; ') });
  }
  return FASTIFY_REASONS[error.code] ?? webReason('malformedRequest', { reason: error.message });
}

/** The reason of a request for a route the server does not have. */
export function noRouteReason(request: FastifyRequest): WebReason {
  return webReason('noRoute', { method: request.method, path: clipped(request.url.split('?')[0] ?? '', PATH_CHARS) });
}

/** Records (for the API and every 429) and answers one refusal; other routes are answered only. */
async function refuseRequest(context: WebContext | null, request: FastifyRequest, reply: FastifyReply, status: number, kind: RefusalKind, reason: WebReason, language?: PageLanguage): Promise<FastifyReply> {
  const path = requestPath(request);
  let body: object = { ok: false, refused: kind, ...clippedReason(reason) };
  if (context && (status === 429 || isApiPath(path))) {
    // A socket's upgrade carries its token in the query (./credentials.ts).
    const token = bearerToken(request.headers.authorization) ?? queryToken(request.query);
    const sender = token !== undefined ? context.credentials.get(token) : undefined;
    const raw = rawBodyOf(request);
    body = (await refuse(context, { path, client: request.ip, presented: token !== undefined, ...(raw ? { raw } : {}) }, status, kind, reason, sender?.name)).body;
  }
  return sendRateLimitedPage(status, request, reply, language) ?? reply.code(status).send(body);
}

/** `context`: where refusals are recorded (null: a display gateway, which has no table log). `language`: the table file's language for the pages. */
export function requestErrorHandler(context: WebContext | null, language?: PageLanguage) {
  return async (error: FastifyError, request: FastifyRequest, reply: FastifyReply): Promise<FastifyReply> => {
    const status = error.statusCode ?? 500;
    if (status === 429) return refuseRequest(context, request, reply, status, 'rate', webReasonOf(error) ?? webReason('malformedRequest', { reason: error.message }), language);
    if (status >= 400 && status < 500) return refuseRequest(context, request, reply, status, 'body', refusalReason(error, request), language);
    (context?.logger ?? request.log).error({ err: error, path: requestPath(request) }, 'request failed');
    return reply.code(500).send({ ok: false, ...explained(webReason('internal')) });
  };
}

/** A route the server does not have: 404 in the one error shape (recorded when it was meant for the API). */
export function notFoundHandler(context: WebContext | null) {
  return async (request: FastifyRequest, reply: FastifyReply): Promise<FastifyReply> => refuseRequest(context, request, reply, 404, 'route', noRouteReason(request));
}
