// The webhook transport (src/adapters/feed/webhook-transport.ts) against a real HTTP receiver: one POST per
// transaction with its exact JSON bytes, `Idempotency-Key` the transaction id, `X-Table-Signature` the
// HMAC-SHA256 of those bytes (checked here with node:crypto alone); a 2xx acknowledges; any other status, a
// redirect, a timeout or a refused connection is a coded failure. With the worker in virtual time: a 5xx, a
// timeout and a refused connection are each tried again after the backoff, until a 2xx.
import { createHmac, timingSafeEqual } from 'node:crypto';
import { afterEach, describe, expect, test } from 'vitest';
import { MemoryEventStore } from '../../../src/adapters/store/memory-event-store.js';
import { WebhookTransport } from '../../../src/adapters/feed/webhook-transport.js';
import { verifyFeedSignature } from '../../../src/adapters/feed/feed-signature.js';
import { deriveTransactions } from '../../../src/app/money/transaction-fold.js';
import { FeedDeliveryError } from '../../../src/ports/settlement-feed.js';
import { playMoneySession } from '../../app/money/money-session.js';
import { TABLE, virtualTime, openFeed, until, untilIo } from '../../app/feed/feed-fixture.js';
import { Receiver } from './receiver.js';

const SECRET = 'a-feed-secret-of-the-table';
const receivers: Receiver[] = [];
const cleanups: Array<() => Promise<void>> = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0)) await cleanup();
  for (const receiver of receivers.splice(0)) await receiver.close();
});

async function receiver(): Promise<Receiver> {
  const r = new Receiver();
  receivers.push(r);
  await r.listen();
  return r;
}

async function failureOf(promise: Promise<unknown>): Promise<FeedDeliveryError> {
  try {
    await promise;
  } catch (err) {
    if (err instanceof FeedDeliveryError) return err;
    throw err;
  }
  throw new Error('delivered: expected a failure');
}

const MESSAGE = { id: 't-1:12:0', body: '{"id":"t-1:12:0","amount":1000,"player":"Ánna"}' };

describe('the webhook transport', () => {
  test('POSTs the exact body, keyed by the transaction id and signed with HMAC-SHA256 of its bytes; 2xx acknowledges', async () => {
    const r = await receiver();
    r.answer = () => 204;
    const transport = new WebhookTransport({ url: r.url, secret: SECRET, timeoutMs: 5000 });
    await transport.deliver(MESSAGE);
    const [request] = r.requests;
    expect(request?.body.equals(Buffer.from(MESSAGE.body, 'utf8'))).toBe(true);
    expect(request?.headers['content-type']).toBe('application/json');
    expect(request?.headers['idempotency-key']).toBe('t-1:12:0');
    const signature = request?.headers['x-table-signature'] as string;
    const expected = `sha256=${createHmac('sha256', SECRET).update(request?.body as Buffer).digest('hex')}`;
    expect(timingSafeEqual(Buffer.from(signature), Buffer.from(expected))).toBe(true);
    expect(verifyFeedSignature(request?.body as Buffer, SECRET, signature)).toBe(true);
    expect(verifyFeedSignature(Buffer.from(MESSAGE.body.replace('1000', '9000')), SECRET, signature)).toBe(false);
    expect(verifyFeedSignature(request?.body as Buffer, 'another-secret', signature)).toBe(false);
    expect(transport.destination).toBe(r.url.replace('?key=not-for-logs', ''));
  });

  test('any other status, a redirect too, is a failure naming the status and the address without its query', async () => {
    const r = await receiver();
    const transport = new WebhookTransport({ url: r.url, secret: SECRET, timeoutMs: 5000 });
    for (const status of [500, 503, 409, 302]) {
      r.answer = () => status;
      const failure = await failureOf(transport.deliver(MESSAGE));
      expect(failure.reason).toEqual({ code: 'feedHttpStatus', params: { httpStatus: String(status), address: transport.destination } });
      expect(failure.message).toBe(`the receiver at ${transport.destination} answered HTTP ${status}, not 2xx`);
      expect(failure.message).not.toContain('not-for-logs');
    }
  });

  test('no answer within the timeout, a refused connection, a close under way: each its own failure', async () => {
    const r = await receiver();
    r.answer = () => 'hang';
    const transport = new WebhookTransport({ url: r.url, secret: SECRET, timeoutMs: 200 });
    expect((await failureOf(transport.deliver(MESSAGE))).reason).toEqual({ code: 'feedTimeout', params: { ms: '200', address: transport.destination } });
    const under = transport.deliver(MESSAGE);
    await until(() => r.requests.length === 2, 'the second request arrived');
    await transport.close();
    expect((await failureOf(under)).reason.code).toBe('feedClosed');
    // A port nothing listens on (this process never connected to it).
    const gone = await receiver();
    await gone.close();
    const refused = new WebhookTransport({ url: gone.url, secret: SECRET, timeoutMs: 5000 });
    const failure = await failureOf(refused.deliver(MESSAGE));
    expect(failure.reason).toMatchObject({ code: 'feedUnreachable', params: { address: refused.destination } });
    expect(failure.message).toMatch(new RegExp(`^cannot reach ${refused.destination} \\(connect ECONNREFUSED 127\\.0\\.0\\.1:\\d+\\)$`));
  });

  test('with the worker: a 503, a timeout and a refused connection are each tried again after the backoff, until a 2xx; then in order', async () => {
    const store = new MemoryEventStore();
    await playMoneySession(store, TABLE, 'six-deck', 12, 2);
    const expected = deriveTransactions(await store.read(TABLE), { currency: 'EUR' });
    const r = await receiver();
    r.answer = (_request, n) => (n === 1 ? 503 : n === 2 ? 'hang' : 200);
    const time = virtualTime();
    const transport = new WebhookTransport({ url: r.url, secret: SECRET, timeoutMs: 200 });
    const { service, worker } = await openFeed(store, 'six-deck', time, transport, { random: () => 1, maxBackoffMs: 2000 });
    cleanups.push(async () => {
      await worker.stop();
      service.close();
    });
    await worker.start();
    await untilIo(() => worker.status().retries === 1, 'the 503');
    expect(worker.status().lastError?.code).toBe('feedHttpStatus');
    // random() = 1: the pauses are their ceilings, 50, 100 and 200 ms.
    await time.advance(49);
    expect(r.requests).toHaveLength(1);
    await time.advance(1);
    await untilIo(() => worker.status().retries === 2, 'the timeout');
    expect(worker.status().lastError?.code).toBe('feedTimeout');
    await r.close();
    await time.advance(100);
    await untilIo(() => worker.status().retries === 3, 'the refused connection');
    expect(worker.status().lastError?.code).toBe('feedUnreachable');
    await r.listen();
    await time.advance(199);
    expect(r.requests).toHaveLength(2);
    await time.advance(1);
    await untilIo(() => worker.status().delivered === expected.length, 'everything delivered');
    const ids = r.requests.map((q) => q.headers['idempotency-key']);
    expect(ids.slice(0, 2)).toEqual([expected[0]?.id, expected[0]?.id]);
    expect(ids.slice(2)).toEqual(expected.map((t) => t.id));
    expect(r.requests.slice(2).map((q) => q.body.toString('utf8'))).toEqual(expected.map((t) => JSON.stringify(t)));
    expect(worker.status()).toMatchObject({ state: 'delivering', retries: 3, lastError: null });
  });
});
