// WebSocket endpoints per audience — /ws/public, /ws/dealer?token=, /ws/supervisor?token= — each sends
// its projection's catch-up view, then a view per change: {"type":"view","sentAt":ISO,"view":{...}}.
// A refused credential or role answers the upgrade with 401/403 and a JSON reason (recorded).
import type {} from '@fastify/websocket'; // the `websocket: true` route option
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { WebSocket } from 'ws';
import { AUDIENCES, READER_ROLES, admitReader, type Audience } from './audience-access.js';
import { audienceViews$ } from './audience-views.js';
import { queryToken } from './credentials.js';
import type { WebContext } from './web-context.js';

/** A display that stops reading is dropped rather than buffered without bound. */
const MAX_BUFFERED_BYTES = 4 * 1024 * 1024;

export function viewSocketPath(audience: Audience): string {
  return `/ws/${audience}`;
}

function streamViews(context: WebContext, audience: Audience, socket: WebSocket): void {
  const subscription = audienceViews$(context, audience).subscribe({
    next: (view) => {
      if (socket.bufferedAmount > MAX_BUFFERED_BYTES) {
        socket.close(1013, 'display too slow: reconnect');
        return;
      }
      socket.send(JSON.stringify({ type: 'view', sentAt: new Date().toISOString(), view }));
    },
    error: (err: unknown) => {
      context.logger.error({ err, audience }, 'display stream failed');
      socket.close(1011, 'display stream failed: reconnect');
    },
    complete: () => socket.close(1001, 'table closed'),
  });
  socket.on('close', () => subscription.unsubscribe());
  socket.on('error', () => subscription.unsubscribe());
}

export function registerViewSockets(app: FastifyInstance, context: WebContext): void {
  for (const audience of AUDIENCES) {
    const path = viewSocketPath(audience);
    const admit = async (request: FastifyRequest, reply: FastifyReply) => {
      const refusal = await admitReader(context, READER_ROLES[audience], `watch the ${audience} display`, { token: queryToken(request.query), how: 'query', path });
      if (refusal) return reply.code(refusal.status).send(refusal.body);
    };
    app.get(path, { websocket: true, preValidation: admit }, (socket) => streamViews(context, audience, socket));
  }
}
