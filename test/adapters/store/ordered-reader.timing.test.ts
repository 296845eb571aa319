// A floor reader through the loss of the node its ordered consumer lives on (src/adapters/store/ordered-reader.ts,
// docs/operations.md "The floor on a cluster"), on a three-node cluster:
// - idle, it asks the servers nothing but its pulls (no consumer info every few seconds);
// - the node holding its consumer is killed (SIGKILL) and stays down, its connection on another node: the
//   consumer's beats stop, it is given up, and what is published meanwhile reaches the reader from a consumer
//   made after the kill, once each, in order;
// - the node holding both its connection and its consumer is killed: the same, once the connection is made
//   again to a live node.
// Needs Debian's nats-server (CI installs it).
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { connect, RetentionPolicy, StorageType, type JsMsg, type NatsConnection } from 'nats';
import { natsServerAvailable, nodeIndex, ownNatsCluster } from '../../support/nats-cluster.js';
import { until } from '../../support/wait-until.js';
import { OrderedReader } from '../../../src/adapters/store/ordered-reader.js';
import { realClock } from '../../../src/adapters/clock/real-clock.js';
import type { NatsCluster } from '../../../scripts/nats-cluster.mjs';

let cluster: NatsCluster;
let removeCluster: () => Promise<void>;
const connections: NatsConnection[] = [];
let admin: NatsConnection;

/** A connection to node `index` first (then the others, in order), as a reader's. */
async function connectTo(index: number): Promise<NatsConnection> {
  const servers = cluster.url.split(',');
  const nc = await connect({ servers: [servers[index]!, ...servers.filter((_, i) => i !== index)], noRandomize: true, maxReconnectAttempts: -1, reconnectTimeWait: 250 });
  connections.push(nc);
  return nc;
}

async function newStream(name: string): Promise<(n: number) => Promise<void>> {
  const jsm = await admin.jetstreamManager();
  await jsm.streams.add({ name, subjects: [`${name}.>`], num_replicas: 3, storage: StorageType.File, retention: RetentionPolicy.Limits });
  return async (n: number): Promise<void> => {
    // While the stream elects a new leader a publish may fail: try again (the message id keeps it once).
    for (let attempt = 0; ; attempt++) {
      try {
        await admin.jetstream({ timeout: 1000 }).publish(`${name}.a`, String(n), { msgID: `m${n}` });
        return;
      } catch (err) {
        if (attempt > 80) throw err;
        await new Promise((r) => setTimeout(r, 250));
      }
    }
  };
}

interface Reading {
  reader: OrderedReader;
  received: JsMsg[];
  remade: string[];
  connectedTo: number;
  done: Promise<void>;
}

/** A reader of `stream` on a connection to node `index`, reading the first five messages. */
async function reading(stream: string, index: number): Promise<Reading> {
  const nc = await connectTo(index);
  const remade: string[] = [];
  const received: JsMsg[] = [];
  const reader = new OrderedReader({ connection: nc, stream, clock: realClock(), consumer: { filterSubjects: `${stream}.>` }, onRemade: (why) => remade.push(why) });
  const done = (async () => {
    for await (const m of reader) received.push(m);
  })();
  await until(() => received.length >= 5, 10_000, 'the first five messages');
  return { reader, received, remade, connectedTo: nodeIndex(nc.info?.server_name), done };
}

/** The node (0-based) holding the consumer that delivered `m`. */
async function consumerNode(stream: string, m: JsMsg): Promise<number> {
  const info = await (await admin.jetstreamManager()).consumers.info(stream, m.info.consumer);
  return nodeIndex(info.cluster?.leader);
}

/** Kills `victim`, publishes 6..10 and checks they reach the reader once each, in order, from a consumer made after the kill. */
async function killAndRead(stream: string, r: Reading, victim: number, publish: (n: number) => Promise<void>): Promise<void> {
  const before = r.received[4]!.info.consumer;
  await cluster.stopNode(victim, 'SIGKILL');
  try {
    for (let n = 6; n <= 10; n++) await publish(n);
    // The node stays down: a reader left on its consumer would see nothing until the node returned.
    await until(() => r.received.length >= 10, 30_000, 'the messages published while the node is down');
    expect(r.received.map((m) => Number(m.string()))).toEqual([1, 2, 3, 4, 5, 6, 7, 8, 9, 10]);
    const after = r.received.slice(5).map((m) => m.info.consumer);
    expect(after.every((name) => name !== before)).toBe(true);
    expect(await consumerNode(stream, r.received[9]!)).not.toBe(victim);
    r.reader.close();
    await r.done;
  } finally {
    await cluster.startNode(victim);
  }
}

describe.skipIf(!natsServerAvailable())('an ordered reader on a three-node cluster', () => {
  beforeAll(async () => {
    ({ cluster, remove: removeCluster } = await ownNatsCluster());
    admin = await connect({ servers: cluster.url.split(','), maxReconnectAttempts: -1, reconnectTimeWait: 250 });
    connections.push(admin);
  }, 90_000);
  afterAll(async () => {
    for (const c of connections) await c.close();
    await removeCluster?.();
  });

  test('idle, it asks the servers nothing but its pulls: no consumer info, however long it waits', async () => {
    const stream = `IDLE_${process.pid}`;
    const publish = await newStream(stream);
    for (let n = 1; n <= 5; n++) await publish(n);
    const asked: string[] = [];
    const spy = admin.subscribe(`$JS.API.CONSUMER.INFO.${stream}.>`, { callback: (_err, m) => asked.push(m.subject) });
    await admin.flush();
    const r = await reading(stream, 0);
    // Three times the quiet spell after which a reader used to ask its consumer's info.
    await new Promise((done) => setTimeout(done, 6000));
    expect(asked).toEqual([]);
    expect(r.remade).toEqual([]);
    spy.unsubscribe();
    r.reader.close();
    await r.done;
  }, 60_000);

  test('the node holding its consumer (not its connection) is killed: the consumer is given up when its beats stop, and what is published meanwhile is read from a new one, once each, in order', async () => {
    const stream = `BEATS_${process.pid}`;
    const publish = await newStream(stream);
    for (let n = 1; n <= 5; n++) await publish(n);
    // A consumer is placed by the cluster: readers are made until one's consumer is off its connection's node.
    for (let attempt = 0; attempt < 12; attempt++) {
      const r = await reading(stream, attempt % 3);
      const victim = await consumerNode(stream, r.received[4]!);
      if (victim === r.connectedTo) {
        r.reader.close();
        await r.done;
        continue;
      }
      await killAndRead(stream, r, victim, publish);
      expect(r.remade.length).toBeGreaterThan(0);
      expect(r.remade[0]).toMatch(/heartbeats/);
      return;
    }
    throw new Error('no consumer was placed off its connection\'s node in 12 readers');
  }, 180_000);

  test('the node holding its connection and its consumer is killed: once connected to a live node, the consumer is given up and what is published meanwhile is read from a new one, once each, in order', async () => {
    const stream = `RECONNECT_${process.pid}`;
    const publish = await newStream(stream);
    for (let n = 1; n <= 5; n++) await publish(n);
    for (let attempt = 0; attempt < 12; attempt++) {
      const r = await reading(stream, attempt % 3);
      const victim = await consumerNode(stream, r.received[4]!);
      if (victim !== r.connectedTo) {
        r.reader.close();
        await r.done;
        continue;
      }
      await killAndRead(stream, r, victim, publish);
      expect(r.remade.length).toBeGreaterThan(0);
      expect(r.remade[0]).toMatch(/connection made again/);
      return;
    }
    throw new Error('no consumer was placed on its connection\'s node in 12 readers');
  }, 180_000);
});
