/**
 * The replicator keeps several publishes in flight (jetstream-publish-window.ts). Here: the acks
 * of a window in flight are lost and the connection drops (a proxy drops what the server answers,
 * then closes the connection), and two tables replicate at once into the shared stream. Each
 * table's copy must end as its log: every event once, in order, the same bytes.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { connect, type NatsConnection } from 'nats';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { JetStreamLog } from '../../../src/adapters/store/jetstream-log.js';
import { JetStreamReplicator } from '../../../src/adapters/store/jetstream-replicator.js';
import { NatsEventStore } from '../../../src/adapters/store/nats-event-store.js';
import { SqliteEventStore } from '../../../src/adapters/store/sqlite-event-store.js';
import { canonicalJson, verifyChain } from '../../../src/log/event-chain.js';
import { freshStreamId, makeEvents } from './event-store-contract.js';
import { CutProxy } from './cut-proxy.js';
import { NatsServerProcess, freePort, natsServerAvailable, NATS_SERVER_BIN } from './nats-server-process.js';

const skip = natsServerAvailable() || process.env['CI'] ? false : `no nats-server binary at ${NATS_SERVER_BIN} (set NATS_SERVER_BIN)`;
const jetstream = { streamName: 'TABLE_EVENTS', timeoutMs: 1000 };
const sleep = (ms: number): Promise<void> => new Promise((r) => setTimeout(r, ms));

describe.skipIf(skip)(`jetstream replicator, publishes in flight${skip ? ` (skipped: ${skip})` : ''}`, () => {
  let dir: string;
  let server: NatsServerProcess;
  let proxy: CutProxy;
  let direct: NatsConnection;
  let source: SqliteEventStore;

  beforeAll(async () => {
    dir = mkdtempSync(join(tmpdir(), 'replicator-window-'));
    server = new NatsServerProcess(await freePort(), join(dir, 'jetstream'));
    await server.start();
    proxy = new CutProxy(await freePort(), server.port);
    await proxy.start();
    direct = await connect({ servers: server.url });
    source = new SqliteEventStore({ path: join(dir, '{tableId}.db') });
  });

  afterAll(async () => {
    await source?.close();
    await direct?.close().catch(() => undefined);
    await proxy?.stop();
    await server?.stop('SIGKILL');
    rmSync(dir, { recursive: true, force: true });
  });

  async function append(tableId: string, count: number): Promise<number> {
    let { version } = await source.head(tableId);
    const end = version + count;
    while (version < end) version = (await source.append(tableId, makeEvents(version, Math.min(250, end - version)), { expectedVersion: version })).lastSeq;
    return version;
  }

  async function storedMessages(tableId: string): Promise<number> {
    const jsm = await direct.jetstreamManager();
    const info = await jsm.streams.info(jetstream.streamName, { subjects_filter: `tables.${tableId}.events` });
    return info.state.subjects?.[`tables.${tableId}.events`] ?? 0;
  }

  /** The table's messages in the stream's order: seqs 1..n, each once, the log's bytes. */
  async function expectIdenticalCopy(tableId: string): Promise<void> {
    const local = await source.read(tableId);
    const store = await NatsEventStore.open({ ...jetstream, connection: direct });
    const remote = await store.read(tableId);
    await store.close();
    expect(remote.map((e) => e.seq)).toEqual(local.map((e) => e.seq));
    expect(remote.map((e) => canonicalJson(e))).toEqual(local.map((e) => canonicalJson(e)));
    expect(verifyChain(remote)).toEqual({ ok: true });
    expect(await storedMessages(tableId)).toBe(local.length);
  }

  it('loses and doubles nothing when the acks of a window in flight are lost and the connection drops', async () => {
    const tableId = freshStreamId('W');
    await append(tableId, 3000);
    const connection = await connect({ servers: proxy.url, maxReconnectAttempts: -1, reconnectTimeWait: 100, waitOnFirstConnect: true, ignoreClusterUpdates: true });
    const replicator = new JetStreamReplicator({ source, tableId, connection, jetstream, retryDelayMs: 50, maxRetryDelayMs: 400, pollIntervalMs: 100 });
    const states = new Set<string>();
    replicator.status$.subscribe((s) => states.add(s.state));
    replicator.start();
    await replicator.waitFor(300);

    proxy.muteAnswers();
    await sleep(300);
    const acknowledged = replicator.status.replicatedSeq;
    const stored = await storedMessages(tableId);
    // A window was in flight: JetStream stored events whose acks never came back.
    expect(stored).toBeGreaterThan(acknowledged);
    proxy.cut();
    const end = await append(tableId, 200); // the table deals on meanwhile

    await replicator.waitFor(end, 20_000);
    expect(states.has('retrying')).toBe(true);
    await expectIdenticalCopy(tableId);
    await replicator.stop();
    await connection.close();
  }, 40_000);

  it('keeps each table in order in the shared stream with many publishes in flight', async () => {
    const tables = [freshStreamId('O'), freshStreamId('O')];
    for (const tableId of tables) await append(tableId, 2000);
    let inFlight = 0;
    let mostInFlight = 0;
    const publish = JetStreamLog.prototype.publish;
    const spy = vi.spyOn(JetStreamLog.prototype, 'publish').mockImplementation(async function (this: JetStreamLog, ...args) {
      inFlight += 1;
      mostInFlight = Math.max(mostInFlight, inFlight);
      try {
        return await publish.apply(this, args);
      } finally {
        inFlight -= 1;
      }
    });
    try {
      const replicators = tables.map((tableId) => new JetStreamReplicator({ source, tableId, connection: direct, jetstream, pollIntervalMs: 100 }));
      for (const r of replicators) r.start();
      const more = tables.map(async (tableId) => {
        for (let i = 0; i < 10; i += 1) {
          await append(tableId, 30); // appends while the backlog goes
          await sleep(20);
        }
      });
      await Promise.all(more);
      await Promise.all(replicators.map((r) => r.waitFor(2300, 30_000)));
      for (const r of replicators) await r.stop();
    } finally {
      spy.mockRestore();
    }
    expect(mostInFlight).toBeGreaterThan(2); // it did pipeline
    // The two tables' messages interleave in the stream; each table's come in its order.
    const log = await JetStreamLog.open(direct, jetstream);
    const spans = await Promise.all(tables.map(async (tableId) => [(await log.nextFrom(tableId, 1))!.streamSeq, (await log.head(tableId)).streamSeq] as const));
    expect(spans[0]![0] < spans[1]![1] && spans[1]![0] < spans[0]![1]).toBe(true);
    for (const tableId of tables) await expectIdenticalCopy(tableId);
  }, 60_000);

  it('stops, rather than go on past it, when the events after the last acknowledged one have a gap', async () => {
    const tableId = freshStreamId('G');
    await append(tableId, 10);
    const replicator = new JetStreamReplicator({ source, tableId, connection: direct, jetstream, pollIntervalMs: 100 });
    replicator.start();
    await replicator.waitFor(10);
    await replicator.stop();
    // Event 12 stored without 11, as a publish behind a dropped one could be.
    await append(tableId, 5);
    const [twelfth] = await source.read(tableId, { from: 12, limit: 1 });
    const log = await JetStreamLog.open(direct, jetstream);
    await log.publish(twelfth!, undefined);
    replicator.start();
    await expect(replicator.waitFor(15, 5000)).rejects.toThrow(/seq 11 is not the source's/);
    expect(replicator.status.state).toBe('failed');
    await replicator.stop();
    expect(await storedMessages(tableId)).toBe(11);
  });
});
