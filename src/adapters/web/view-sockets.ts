// WebSocket endpoints per audience — /ws/public, /ws/dealer?token=, /ws/supervisor?token= — each sends
// the audience's current view at once, then a view per change: {"type":"view","sentAt":ISO,"view":{...}}.
// Every socket of an audience watches the same shared projection (no per-connection replay); a slow
// socket skips to the newest view (conflation, ./conflated-sender.ts); one that stops reading is shed
// (./stalled-readers.ts); a closed one leaves nothing behind.
// A refused credential or role answers the upgrade with 401/403 and a JSON reason (recorded).
import type {} from '@fastify/websocket'; // the `websocket: true` route option
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { Duplex } from 'node:stream';
import type { WebSocket } from 'ws';
import { AUDIENCES, READER_ROLES, admitReader, capitalised, type Audience } from './audience-access.js';
import { ConflatedSender, type ViewSocket } from './conflated-sender.js';
import { queryToken } from './credentials.js';
import { viewSocketPath } from './route-paths.js';
import type { WebContext } from './web-context.js';

export { viewSocketPath };

/**
 * The display's socket as the sender sees it. A view frame is made once for every display
 * (viewFrameBytes) and written straight to the connection under the ws socket — one write per display,
 * the frame ws itself would have written — as long as no extension (compression) changes the framing;
 * ws's bufferedAmount counts those bytes too (it reads the connection's buffer), so conflation holds.
 */
function viewSocket(socket: WebSocket): ViewSocket {
  const connection = (socket as unknown as { _socket?: Duplex })._socket;
  if (!connection || typeof connection.write !== 'function' || socket.extensions !== '') return socket;
  return {
    get readyState() {
      return socket.readyState;
    },
    get bufferedAmount() {
      return socket.bufferedAmount;
    },
    send: (data, options, cb) => socket.send(data, options, cb),
    sendFrame: (frame, cb) => void connection.write(frame, (err) => cb(err ?? undefined)),
  };
}

/** `client`: the display's address (the shed line names the addresses that stalled). */
export function streamViews(context: Pick<WebContext, 'views' | 'viewStats' | 'logger' | 'viewBufferBytes' | 'readers' | 'clock'>, audience: Audience, socket: WebSocket, client: string): void {
  const sender = new ConflatedSender(viewSocket(socket), context.viewStats, context.viewBufferBytes, () => context.clock.wallNow());
  context.viewStats.connected(audience, 1);
  const unwatch = context.readers.watch(socket, audience, client);
  let open = true;
  const subscription = context.views.views$(audience).subscribe({
    next: (view) => sender.offer(view),
    error: (err: unknown) => {
      context.logger.error({ err, audience }, 'display stream failed');
      socket.close(1011, 'display stream failed: reconnect');
    },
    complete: () => socket.close(1001, 'table closed'),
  });
  const leave = () => {
    if (!open) return;
    open = false;
    subscription.unsubscribe();
    unwatch();
    sender.cancel();
    context.viewStats.connected(audience, -1);
  };
  socket.on('close', leave);
  socket.on('error', leave);
}

export function registerViewSockets(app: FastifyInstance, context: WebContext): void {
  for (const audience of AUDIENCES) {
    const path = viewSocketPath(audience);
    const admit = async (request: FastifyRequest, reply: FastifyReply) => {
      const refusal = await admitReader(context, READER_ROLES[audience], `watch${capitalised(audience)}`, { token: queryToken(request.query), how: 'query', path, client: request.ip });
      if (refusal) return reply.code(refusal.status).send(refusal.body);
    };
    app.get(path, { websocket: true, preValidation: admit }, (socket, request) => streamViews(context, audience, socket, request.ip));
  }
}
