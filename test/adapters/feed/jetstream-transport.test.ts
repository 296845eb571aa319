// The JetStream transport (src/adapters/feed/jetstream-transport.ts) against the real nats-server
// (NATS_URL or 127.0.0.1:4222), on a stream and subject of this test's own, deleted afterwards: each
// transaction is one message, its JSON the payload and its id the message id, so a second publish of it is
// dropped by the stream; the PubAck acknowledges. A subject no stream takes is a failure named as such, and
// the worker delivers once the receiver creates its stream.
import { afterEach, describe, expect, test } from 'vitest';
import { connect, type NatsConnection } from 'nats';
import { MemoryEventStore } from '../../../src/adapters/store/memory-event-store.js';
import { JetStreamTransport } from '../../../src/adapters/feed/jetstream-transport.js';
import { deriveTransactions } from '../../../src/app/money/transaction-fold.js';
import { FeedDeliveryError } from '../../../src/ports/settlement-feed.js';
import { playMoneySession } from '../../app/money/money-session.js';
import { TABLE, virtualTime, openFeed, untilIo } from '../../app/feed/feed-fixture.js';
import { NATS_URL } from '../store/nats-availability.js';

const cleanups: Array<() => Promise<void>> = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});

/** A stream and subject of this test's own. */
async function ownStream(create = true): Promise<{ nc: NatsConnection; name: string; subject: string; create: () => Promise<void> }> {
  const tag = `${process.pid}x${Date.now()}x${Math.floor(Math.random() * 1e6)}`;
  const name = `FEED_TEST_${tag}`;
  const subject = `feedtest.${tag}.transactions`;
  const nc = await connect({ servers: NATS_URL });
  const jsm = await nc.jetstreamManager();
  const make = async () => void (await jsm.streams.add({ name, subjects: [subject] }));
  cleanups.push(async () => {
    await jsm.streams.delete(name).catch(() => undefined);
    await nc.close();
  });
  if (create) await make();
  return { nc, name, subject, create: make };
}

async function messages(nc: NatsConnection, name: string): Promise<Array<{ id: string | undefined; body: string }>> {
  const jsm = await nc.jetstreamManager();
  const { state } = await jsm.streams.info(name);
  const out: Array<{ id: string | undefined; body: string }> = [];
  for (let seq = state.first_seq; seq <= state.last_seq && state.messages > 0; seq++) {
    const m = await jsm.streams.getMessage(name, { seq });
    out.push({ id: m.header.get('Nats-Msg-Id'), body: new TextDecoder().decode(m.data) });
  }
  return out;
}

describe('the JetStream transport', () => {
  test('each transaction one message, its id the message id: a repeat is dropped by the stream', async () => {
    const { nc, name, subject } = await ownStream();
    const transport = new JetStreamTransport({ url: NATS_URL, subject });
    cleanups.push(() => transport.close());
    const message = { id: 'jt-1:40:0', body: '{"id":"jt-1:40:0","amount":250}' };
    await transport.deliver(message);
    await transport.deliver(message);
    expect(await messages(nc, name)).toEqual([{ id: 'jt-1:40:0', body: message.body }]);
    expect(transport.destination).toBe(subject);
  });

  test('a subject no stream takes: a failure naming the subject', async () => {
    const { subject } = await ownStream(false);
    const transport = new JetStreamTransport({ url: NATS_URL, subject });
    cleanups.push(() => transport.close());
    const failure = await transport.deliver({ id: 'x:1:0', body: '{}' }).then(() => null, (err: unknown) => err);
    expect(failure).toBeInstanceOf(FeedDeliveryError);
    expect((failure as FeedDeliveryError).reason).toEqual({ code: 'feedNoStream', params: { subject } });
  });

  test('with the worker: tried again until the receiver creates its stream, then every transaction in log order, once', async () => {
    const { nc, name, subject, create } = await ownStream(false);
    const store = new MemoryEventStore();
    await playMoneySession(store, TABLE, 'european', 8, 3);
    const expected = deriveTransactions(await store.read(TABLE), { currency: 'EUR' });
    const time = virtualTime();
    const transport = new JetStreamTransport({ url: NATS_URL, subject });
    const { service, worker } = await openFeed(store, 'european', time, transport, { random: () => 1, maxBackoffMs: 1000 });
    cleanups.push(async () => {
      await worker.stop();
      service.close();
    });
    await worker.start();
    await untilIo(() => worker.status().retries === 1, 'the first attempt refused');
    expect(worker.status()).toMatchObject({ state: 'failing', lastError: { code: 'feedNoStream', params: { subject } } });
    await create();
    await time.advance(500);
    await untilIo(() => worker.status().delivered === expected.length, 'everything published');
    expect(await messages(nc, name)).toEqual(expected.map((t) => ({ id: t.id, body: JSON.stringify(t) })));
    expect(worker.status()).toMatchObject({ target: 'jetstream', destination: subject, state: 'delivering', pending: 0 });
  });
});
