import { connect, type NatsConnection } from 'nats';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { NatsEventStore } from '../../../src/adapters/store/nats-event-store.js';
import { GENESIS_HASH, verifyChain } from '../../../src/log/event-chain.js';
import { sealEvents } from '../../../src/log/seal-events.js';
import { WrongExpectedVersionError } from '../../../src/ports/event-store-errors.js';
import { eventStoreContract, freshStreamId, makeEvents } from './event-store-contract.js';
import { NATS_URL, natsSkipReason } from './nats-availability.js';

const skip = await natsSkipReason();

eventStoreContract(
  'nats-jetstream',
  async () => {
    // A stream and subject namespace of its own, so the suite never touches a real table's log.
    const run = `${process.pid}_${Date.now().toString(36)}`;
    const streamName = `TEST_EVENTS_${run}`;
    const options = { streamName, subjectPrefix: `test_${run}`, idempotencyBucket: `TEST_IDEM_${run}`, duplicateWindowMs: 60_000 };
    const connections: NatsConnection[] = [];
    return {
      open: async () => {
        const connection = await connect({ servers: NATS_URL });
        connections.push(connection);
        return NatsEventStore.open({ ...options, connection });
      },
      dispose: async () => {
        const admin = await connect({ servers: NATS_URL });
        const jsm = await admin.jetstreamManager();
        await jsm.streams.delete(streamName).catch(() => undefined);
        await jsm.streams.delete(`KV_${options.idempotencyBucket}`).catch(() => undefined);
        await admin.close();
        for (const c of connections) await c.close().catch(() => undefined);
      },
    };
  },
  { skip, propertyRuns: 10 },
);

describe.skipIf(skip)(`nats-jetstream: specifics${skip ? ` (skipped: ${skip})` : ''}`, () => {
  const run = `${process.pid}_${Date.now().toString(36)}_x`;
  const options = { streamName: `TEST_EVENTS_${run}`, subjectPrefix: `test_${run}`, idempotencyBucket: `TEST_IDEM_${run}` };
  let connection: NatsConnection;
  let store: NatsEventStore;

  beforeAll(async () => {
    connection = await connect({ servers: NATS_URL });
    store = await NatsEventStore.open({ ...options, connection });
  });
  afterAll(async () => {
    await store?.close();
    const jsm = await connection.jetstreamManager();
    await jsm.streams.delete(options.streamName).catch(() => undefined);
    await jsm.streams.delete(`KV_${options.idempotencyBucket}`).catch(() => undefined);
    await connection.close();
  });

  it('finds any position of a table whose messages are interleaved with other tables', async () => {
    const a = freshStreamId('A');
    const b = freshStreamId('B');
    let va = 0;
    let vb = 0;
    for (let k = 0; k < 25; k += 1) {
      va = (await store.append(a, makeEvents(va, 1 + (k % 2)), { expectedVersion: va })).lastSeq;
      vb = (await store.append(b, makeEvents(vb, 1 + (k % 3)), { expectedVersion: vb })).lastSeq;
    }
    for (let from = 1; from <= va; from += 1) {
      const window = await store.read(a, { from, limit: 2 });
      expect(window.map((e) => e.seq)).toEqual([from, from + 1].filter((s) => s <= va));
    }
    expect(verifyChain(await store.read(b))).toEqual({ ok: true });
  });

  it('completes a batch whose writer died half way when it is retried with its idempotency key', async () => {
    const s = freshStreamId();
    const batch = makeEvents(0, 4);
    // The dead writer got two of four messages out and never wrote its idempotency record.
    const sealed = sealEvents(s, { version: 0, hash: GENESIS_HASH }, batch);
    const first = await store.log.publish(sealed[0]!, 0, { batch: { index: 1, size: 4 } });
    await store.log.publish(sealed[1]!, first, { batch: { index: 2, size: 4 } });
    await expect(store.append(s, batch, { expectedVersion: 0 })).rejects.toBeInstanceOf(WrongExpectedVersionError);
    const completed = await store.append(s, batch, { expectedVersion: 0, idempotencyKey: 'deal-9' });
    expect(completed).toMatchObject({ firstSeq: 1, lastSeq: 4, replayed: false });
    expect(completed.events.map((e) => e.hash)).toEqual(sealed.map((e) => e.hash));
    const again = await store.append(s, batch, { expectedVersion: 0, idempotencyKey: 'deal-9' });
    expect(again.replayed).toBe(true);
    const all = await store.read(s);
    expect(all.map((e) => e.seq)).toEqual([1, 2, 3, 4]);
    expect(verifyChain(all)).toEqual({ ok: true });
  });
});
