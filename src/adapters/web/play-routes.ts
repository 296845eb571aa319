// What the players' page may offer now (GET /api/play/options, game-server role): the bet kinds of the
// rule set while betting is open and the decisions the table would accept from the box it waits for
// (src/round/play-options.ts) — none for a box the demo's bot plays. The page asks after each public view; a refused credential
// answers 401/403 with its reason (recorded), and the page disables its controls and says why.
import type { FastifyInstance } from 'fastify';
import { playOptions } from '../../round/play-options.js';
import { admitReader } from './audience-access.js';
import { bearerToken } from './credentials.js';
import { READ_PATHS } from './route-paths.js';
import { playOptionsResponses } from './schemas/read-schemas.js';
import { ROUTE_SUMMARIES } from './schemas/route-docs.js';
import { routeSecurity } from './schemas/security-schemes.js';
import type { WebContext } from './web-context.js';

export const PLAY_OPTIONS_PATH = READ_PATHS.playOptions;

export function registerPlayRoutes(app: FastifyInstance, context: WebContext): void {
  const schema = { operationId: 'playOptions', summary: ROUTE_SUMMARIES.playOptions, tags: ['views'], response: playOptionsResponses, security: routeSecurity(['game-server']) };
  app.get(PLAY_OPTIONS_PATH, { schema }, async (request, reply) => {
    const refusal = await admitReader(context, ['game-server'], 'playOptions', { token: bearerToken(request.headers.authorization), how: 'header', path: PLAY_OPTIONS_PATH, client: request.ip });
    if (refusal) return reply.code(refusal.status).send(refusal.body);
    const options = playOptions(context.service);
    // A box the demo's bot plays is never offered as the player's decision: the page says the bot decides.
    const botSeat = options.awaiting !== null && context.botSeats?.includes(options.awaiting.seat) ? options.awaiting.seat : null;
    const answer = botSeat === null ? options : { ...options, awaiting: null, actions: [], followers: [], amounts: {}, botSeat };
    return reply.headers({ 'cache-control': 'no-store' }).send(answer);
  });
}
