import { connect, type NatsConnection } from 'nats';
import { NatsEventStore } from '../../src/adapters/store/nats-event-store.js';
import { eventStoreContract } from './event-store-contract.js';
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
