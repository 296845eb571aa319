// What every request meets before any work is done for it: a rate limit per client address
// (@fastify/rate-limit, at onRequest: before the body is read), and a JSON body parser that checks
// UTF-8, depth and Unicode before it parses (./json-guard.ts). WebSocket messages get the same limit per
// address (MessageRateLimiter) in the command socket.
import fastifyRateLimit from '@fastify/rate-limit';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { checkJson } from './json-guard.js';
import { reasonedError, webReason } from './web-reasons.js';
import { nestedReason } from '../../messages/coded-reason.js';

export interface RateLimitSettings {
  /** Requests (HTTP) or messages (WebSocket) per client address and window. */
  readonly max: number;
  readonly windowMs: number;
}

/** A table's API serves a few game servers, dealers' tablets and displays: plenty for them, little for a flood. */
export const DEFAULT_RATE_LIMIT: RateLimitSettings = { max: 100, windowMs: 1000 };

/** The raw body's size and digest, kept for the refusal record when the body is refused. */
const rawBodies = new WeakMap<FastifyRequest, { bytes: number; digest: string }>();

export function rawBodyOf(request: FastifyRequest): { bytes: number; digest: string } | undefined {
  const known = rawBodies.get(request);
  if (known) return known;
  const length = Number(request.headers['content-length']);
  return Number.isFinite(length) && length > 0 ? { bytes: length, digest: '' } : undefined;
}

export function registerRequestGuards(app: FastifyInstance, limit: RateLimitSettings): void {
  void app.register(fastifyRateLimit, {
    global: true,
    max: limit.max,
    timeWindow: limit.windowMs,
    hook: 'onRequest',
    keyGenerator: (request) => request.ip,
    errorResponseBuilder: (_request, context) => reasonedError(429, webReason('tooMany', { count: String(context.max), ms: String(limit.windowMs), after: String(context.after) })),
  });
  // JSON only: a body of any other type is refused 415 (fastify's own text/plain parser would let a string through).
  app.removeAllContentTypeParsers();
  app.addContentTypeParser('application/json', { parseAs: 'buffer' }, (request, body, done) => {
    const checked = checkJson(body as Buffer);
    rawBodies.set(request, { bytes: checked.bytes, digest: checked.digest });
    if (checked.ok) done(null, checked.value);
    else done(reasonedError(400, webReason('malformedRequest', nestedReason(checked.reason))), undefined);
  });
}

/** A fixed window counter per client address, for WebSocket messages. */
export class MessageRateLimiter {
  private readonly counts = new Map<string, { windowStart: number; count: number }>();

  /** `now`: milliseconds, the windows' clock. */
  constructor(private readonly limit: RateLimitSettings, private readonly now: () => number) {}

  /** Whether one more message from this address is allowed now. */
  allow(client: string): boolean {
    const at = this.now();
    let entry = this.counts.get(client);
    if (!entry || at - entry.windowStart >= this.limit.windowMs) {
      if (this.counts.size > 10_000) this.counts.clear();
      entry = { windowStart: at, count: 0 };
      this.counts.set(client, entry);
    }
    entry.count += 1;
    return entry.count <= this.limit.max;
  }
}
