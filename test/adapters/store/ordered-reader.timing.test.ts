// A floor reader through the loss of the node its ordered consumer lives on (src/adapters/store/ordered-reader.ts,
// docs/operations.md "The floor on a cluster"): on a three-node cluster, the node holding the reader's consumer
// is killed (SIGKILL) and stays down; the messages published meanwhile reach the reader while it is down — each
// once, in order — instead of after the node's return. Needs Debian's nats-server (CI installs it).
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { connect, RetentionPolicy, StorageType, type NatsConnection } from 'nats';
import { natsServerAvailable, nodeIndex, ownNatsCluster } from '../../support/nats-cluster.js';
import { until } from '../../support/wait-until.js';
import { OrderedReader } from '../../../src/adapters/store/ordered-reader.js';
import { realClock } from '../../../src/adapters/clock/real-clock.js';
import type { NatsCluster } from '../../../scripts/nats-cluster.mjs';

let cluster: NatsCluster;
let removeCluster: () => Promise<void>;
const STREAM = `ORDERED_READER_${process.pid}`;
const SUBJECT = `orderedreader${process.pid}`;

describe.skipIf(!natsServerAvailable())('an ordered reader on a three-node cluster', () => {
  beforeAll(async () => {
    ({ cluster, remove: removeCluster } = await ownNatsCluster());
  }, 90_000);
  afterAll(async () => {
    await removeCluster?.();
  });

  test('the node holding its consumer is killed: what is published while it is down reaches the reader, once each, in order', async () => {
    const connections: NatsConnection[] = [];
    const admin = await connect({ servers: cluster.url.split(','), maxReconnectAttempts: -1, reconnectTimeWait: 250 });
    connections.push(admin);
    const jsm = await admin.jetstreamManager();
    await jsm.streams.add({ name: STREAM, subjects: [`${SUBJECT}.>`], num_replicas: 3, storage: StorageType.File, retention: RetentionPolicy.Limits });
    const publish = async (n: number): Promise<void> => {
      // While the stream elects a new leader a publish may fail: try again (the message id keeps it once).
      for (let attempt = 0; ; attempt++) {
        try {
          await admin.jetstream({ timeout: 1000 }).publish(`${SUBJECT}.a`, String(n), { msgID: `m${n}` });
          return;
        } catch (err) {
          if (attempt > 40) throw err;
          await new Promise((r) => setTimeout(r, 250));
        }
      }
    };
    for (let n = 1; n <= 5; n++) await publish(n);

    // Its consumer's node is killed, whether or not the reader's connection is on it too: either way
    // nats.js alone waits for that node to return.
    const remade: string[] = [];
    const received: number[] = [];
    const reader = new OrderedReader({ connection: admin, stream: STREAM, clock: realClock(), consumer: { filterSubjects: `${SUBJECT}.>` }, onRemade: (why) => remade.push(why) });
    const reading = (async () => { for await (const m of reader) received.push(Number(m.string())); })();
    await until(() => received.length >= 5, 10_000, 'the first five messages');
    const consumers = await jsm.consumers.list(STREAM).next();
    expect(consumers).toHaveLength(1);
    const victim = nodeIndex(consumers[0]?.cluster?.leader);

    await cluster.stopNode(victim, 'SIGKILL');
    const killedAt = Date.now();
    for (let n = 6; n <= 10; n++) await publish(n);
    // The node stays down: a reader left on its consumer would see nothing until the node returned.
    await until(() => received.length >= 10, 15_000, 'the messages published while the node is down');
    const tookMs = Date.now() - killedAt;
    expect(received).toEqual([1, 2, 3, 4, 5, 6, 7, 8, 9, 10]);
    expect(remade.length).toBeGreaterThan(0);
    expect(tookMs).toBeLessThan(15_000);
    reader.close();
    await reading;
    await cluster.startNode(victim);
    for (const c of connections) await c.close();
  }, 120_000);
});
