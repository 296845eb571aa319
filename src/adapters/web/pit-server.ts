// The pit console's server (`shoe pit`, docs/operations.md "The pit console"): GET /pit?token=…&lang=en|ru,
// the board in words for a supervisor's token (the same credentials and role as the supervisor's console),
// its script and styles, and /healthz. A request without a supervisor's token gets a page that says what
// to do, with 401 or 403, and a WARN line; tokens are never logged.
import Fastify, { LogController, type FastifyInstance } from 'fastify';
import type { Logger } from 'pino';
import type { Principal } from '../../config/table-config.js';
import { reasonSentence } from '../../messages/coded-reason.js';
import { identify, queryToken, roleAllowed, wrongRoleReason } from './credentials.js';
import { PAGE_HEADERS, pageLanguage, readPageFiles, registerPageAssets } from './page-routes.js';
import { pitPageHtml, pitRefusedHtml, type PitPageInput } from './pit-page.js';

export interface PitServerOptions {
  readonly credentials: ReadonlyMap<string, Principal>;
  readonly logger: Logger;
  /** The board now, in a language. */
  readonly board: (lang: PitPageInput['lang']) => PitPageInput;
}

export function createPitServer(options: PitServerOptions): FastifyInstance {
  const logger = options.logger.child({ component: 'pit' });
  const app = Fastify({ loggerInstance: logger, logController: new LogController({ disableRequestLogging: true }), bodyLimit: 1024 }) as unknown as FastifyInstance;
  registerPageAssets(app, readPageFiles());
  app.get('/healthz', async () => ({ ok: true }));
  app.get('/pit', async (request, reply) => {
    const lang = pageLanguage(request);
    const who = identify(options.credentials, queryToken(request.query), 'query');
    const refusal = !who.ok ? { status: who.status, reason: who.reason } : !roleAllowed(who.principal, ['supervisor']) ? { status: 403, reason: wrongRoleReason(who.principal, ['supervisor'], 'pit') } : null;
    reply.headers({ ...PAGE_HEADERS, vary: 'Accept-Language' }).type('text/html; charset=utf-8');
    if (refusal) {
      logger.warn({ path: '/pit', client: request.ip, status: refusal.status, reason: reasonSentence(refusal.reason), code: refusal.reason.code }, 'pit console refused');
      return reply.code(refusal.status).send(pitRefusedHtml(lang));
    }
    return reply.send(pitPageHtml(options.board(lang)));
  });
  return app;
}
