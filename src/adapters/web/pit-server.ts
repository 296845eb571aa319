// The pit console's server (`shoe pit`, docs/operations.md "The pit console"): GET /pit?token=…&lang=en|ru,
// the board in words for a supervisor's token (the same credentials and role as the supervisor's console),
// GET /pit/board with the same query, the board pushed as it changes (./pit-board-stream.ts), the page's
// script and styles, and /healthz. A request without a supervisor's token gets a page that says what
// to do, with 401 or 403, and a WARN line; tokens are never logged.
import Fastify, { LogController, type FastifyInstance, type FastifyReply, type FastifyRequest } from 'fastify';
import type { Logger } from 'pino';
import type { Principal } from '../../config/table-config.js';
import type { Clock } from '../../ports/clock.js';
import { reasonSentence } from '../../messages/coded-reason.js';
import { identify, queryToken, roleAllowed, wrongRoleReason } from './credentials.js';
import { PAGE_HEADERS, pageLanguage, readPageFiles, registerPageAssets } from './page-routes.js';
import { PitBoardStream } from './pit-board-stream.js';
import { pitBoardHtml, pitPageHtml, pitRefusedHtml, type PitPageInput } from './pit-page.js';

export interface PitServerOptions {
  readonly credentials: ReadonlyMap<string, Principal>;
  readonly logger: Logger;
  /** The board now, in a language. */
  readonly board: (lang: PitPageInput['lang']) => PitPageInput;
  /** Times the pushes to open pages (their hold and their tick). */
  readonly clock: Clock;
  /** Subscribes to the board's changes (each event it took); returns the unsubscription. Without it, pages get the tick only. */
  readonly changes?: (changed: () => void) => () => void;
}

export function createPitServer(options: PitServerOptions): FastifyInstance {
  const logger = options.logger.child({ component: 'pit' });
  const app = Fastify({ loggerInstance: logger, logController: new LogController({ disableRequestLogging: true }), bodyLimit: 1024 }) as unknown as FastifyInstance;
  registerPageAssets(app, readPageFiles());
  app.get('/healthz', async () => ({ ok: true }));
  const stream = new PitBoardStream(options.clock, (lang) => pitBoardHtml(options.board(lang)));
  const unsubscribe = options.changes?.(() => stream.changed()) ?? (() => undefined);
  app.addHook('preClose', async () => {
    unsubscribe();
    stream.close();
  });
  /** The supervisor asking, or the refusal sent (401 or 403, a WARN line). */
  const refused = (request: FastifyRequest, reply: FastifyReply, path: string, refusedBody: string): boolean => {
    const who = identify(options.credentials, queryToken(request.query), 'query');
    const refusal = !who.ok ? { status: who.status, reason: who.reason } : !roleAllowed(who.principal, ['supervisor']) ? { status: 403, reason: wrongRoleReason(who.principal, ['supervisor'], 'pit') } : null;
    if (!refusal) return false;
    logger.warn({ path, client: request.ip, status: refusal.status, reason: reasonSentence(refusal.reason), code: refusal.reason.code }, 'pit console refused');
    void reply.code(refusal.status).send(refusedBody);
    return true;
  };
  app.get('/pit', async (request, reply) => {
    const lang = pageLanguage(request);
    reply.headers({ ...PAGE_HEADERS, vary: 'Accept-Language' }).type('text/html; charset=utf-8');
    if (refused(request, reply, '/pit', pitRefusedHtml(lang))) return reply;
    return reply.send(pitPageHtml(options.board(lang)));
  });
  app.get('/pit/board', async (request, reply) => {
    const lang = pageLanguage(request);
    if (refused(request, reply.type('text/plain; charset=utf-8'), '/pit/board', 'a supervisor\'s token is needed: open the console from /pit?token=…\n')) return reply;
    reply.hijack();
    stream.open(reply.raw, lang);
    return reply;
  });
  return app;
}
