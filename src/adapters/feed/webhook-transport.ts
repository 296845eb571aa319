// The settlement feed over HTTP (docs/web-api.md, "Settlement feed"): one POST per transaction, its JSON as
// the body, signed (`X-Table-Signature`, ./feed-signature.ts) and keyed (`Idempotency-Key: <transaction id>`).
// Any 2xx acknowledges it; any other status, a timeout or a connection that fails is a FeedDeliveryError the
// worker tries again (src/app/feed/feed-worker.ts). Redirects are not followed: a moved endpoint is a
// failure to fix in the table file, not a place to send money to.
import { FeedDeliveryError, type FeedFailure, type FeedMessage, type FeedTransport } from '../../ports/settlement-feed.js';
import { reasonSentence } from '../../messages/coded-reason.js';
import { SIGNATURE_HEADER, feedSignature } from './feed-signature.js';

export interface WebhookTransportOptions {
  readonly url: string;
  /** The HMAC secret (the value of the table file's `feed.webhook.secretEnv`). */
  readonly secret: string;
  /** One request's time limit, ms. */
  readonly timeoutMs: number;
}

/** The address for a person: scheme, host, port and path; never the query (it may hold a key) or credentials. */
export function webhookDestination(url: string): string {
  const u = new URL(url);
  return `${u.origin}${u.pathname}`;
}

/** Node's fetch reports a connection failure as "fetch failed" with the socket's error as its cause
 *  (`connect ECONNREFUSED 10.0.0.5:443`, `getaddrinfo ENOTFOUND wallet.example`, `other side closed`). */
function connectionError(err: unknown): string {
  const cause = (err as { cause?: { code?: unknown; message?: unknown } }).cause;
  if (cause && typeof cause.message === 'string' && cause.message !== '') return cause.message;
  if (cause && typeof cause.code === 'string') return cause.code;
  return (err as Error).message;
}

export class WebhookTransport implements FeedTransport {
  readonly target = 'webhook' as const;
  readonly destination: string;
  private readonly underway = new Set<AbortController>();
  private closed = false;

  constructor(private readonly options: WebhookTransportOptions) {
    this.destination = webhookDestination(options.url);
  }

  async deliver(message: FeedMessage): Promise<void> {
    if (this.closed) throw this.failure({ code: 'feedClosed', params: {} });
    const body = Buffer.from(message.body, 'utf8');
    const stop = new AbortController();
    const timeout = AbortSignal.timeout(this.options.timeoutMs);
    this.underway.add(stop);
    try {
      const response = await fetch(this.options.url, {
        method: 'POST',
        body,
        redirect: 'manual',
        signal: AbortSignal.any([stop.signal, timeout]),
        headers: { 'content-type': 'application/json', 'idempotency-key': message.id, [SIGNATURE_HEADER]: feedSignature(body, this.options.secret) },
      });
      await response.arrayBuffer().catch(() => undefined);
      if (response.status >= 200 && response.status < 300) return;
      throw this.failure({ code: 'feedHttpStatus', params: { httpStatus: String(response.status), address: this.destination } });
    } catch (err) {
      if (err instanceof FeedDeliveryError) throw err;
      if (stop.signal.aborted) throw this.failure({ code: 'feedClosed', params: {} });
      if (timeout.aborted) throw this.failure({ code: 'feedTimeout', params: { ms: String(this.options.timeoutMs), address: this.destination } });
      throw this.failure({ code: 'feedUnreachable', params: { address: this.destination, error: connectionError(err) } });
    } finally {
      this.underway.delete(stop);
    }
  }

  private failure(reason: FeedFailure): FeedDeliveryError {
    return new FeedDeliveryError(reason, reasonSentence(reason));
  }

  async close(): Promise<void> {
    this.closed = true;
    for (const stop of this.underway) stop.abort();
  }
}
