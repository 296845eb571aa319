/**
 * The table's SQLite log is the source of truth; the replicator copies it to JetStream. Here
 * the test runs its own nats-server, stops it (SIGTERM, then SIGKILL) while the table keeps
 * appending, restarts it, and checks the JetStream copy ends identical: same seqs, same
 * hashes, same bytes, no duplicate message stored.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { connect, type NatsConnection } from 'nats';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { JetStreamLog } from '../../../src/adapters/store/jetstream-log.js';
import { JetStreamReplicator } from '../../../src/adapters/store/jetstream-replicator.js';
import { NatsEventStore } from '../../../src/adapters/store/nats-event-store.js';
import { SqliteEventStore } from '../../../src/adapters/store/sqlite-event-store.js';
import { canonicalJson, GENESIS_HASH, verifyChain } from '../../../src/log/event-chain.js';
import { sealEvents } from '../../../src/log/seal-events.js';
import { freshStreamId, makeEvents } from './event-store-contract.js';
import { NatsServerProcess, freePort, natsServerAvailable, NATS_SERVER_BIN } from './nats-server-process.js';

const skip = natsServerAvailable() || process.env['CI'] ? false : `no nats-server binary at ${NATS_SERVER_BIN} (set NATS_SERVER_BIN)`;
const jetstream = { streamName: 'TABLE_EVENTS', timeoutMs: 1000 };

describe.skipIf(skip)(`jetstream replicator${skip ? ` (skipped: ${skip})` : ''}`, () => {
  let dir: string;
  let server: NatsServerProcess;
  let connection: NatsConnection;
  let source: SqliteEventStore;

  beforeAll(async () => {
    dir = mkdtempSync(join(tmpdir(), 'replicator-'));
    server = new NatsServerProcess(await freePort(), join(dir, 'jetstream'));
    await server.start();
    connection = await connect({ servers: server.url, maxReconnectAttempts: -1, reconnectTimeWait: 100, waitOnFirstConnect: true });
    source = new SqliteEventStore({ path: join(dir, '{tableId}.db') });
  });

  afterAll(async () => {
    await source?.close();
    await connection?.close().catch(() => undefined);
    await server?.stop('SIGKILL');
    rmSync(dir, { recursive: true, force: true });
  });

  /** Appends like a table does: small batches, a few ms apart; returns the slowest append in ms. */
  async function play(tableId: string, count: number): Promise<number> {
    let { version } = await source.head(tableId);
    const end = version + count;
    let slowest = 0;
    while (version < end) {
      const n = Math.min(1 + (version % 4), end - version);
      const t0 = performance.now();
      version = (await source.append(tableId, makeEvents(version, n), { expectedVersion: version })).lastSeq;
      slowest = Math.max(slowest, performance.now() - t0);
      await new Promise((r) => setTimeout(r, 2));
    }
    return slowest;
  }

  async function expectIdenticalCopy(tableId: string): Promise<void> {
    const local = await source.read(tableId);
    const store = await NatsEventStore.open({ ...jetstream, connection });
    const remote = await store.read(tableId);
    await store.close();
    expect(remote.map((e) => e.seq)).toEqual(local.map((e) => e.seq));
    expect(remote.map((e) => e.hash)).toEqual(local.map((e) => e.hash));
    expect(remote.map((e) => canonicalJson(e))).toEqual(local.map((e) => canonicalJson(e)));
    expect(verifyChain(remote)).toEqual({ ok: true });
  }

  async function storedMessages(tableId: string): Promise<number> {
    const jsm = await connection.jetstreamManager();
    const info = await jsm.streams.info(jetstream.streamName, { subjects_filter: `tables.${tableId}.events` });
    return info.state.subjects?.[`tables.${tableId}.events`] ?? 0;
  }

  it('keeps the table appending through JetStream outages and ends with an identical copy', async () => {
    const tableId = freshStreamId('T');
    const replicator = new JetStreamReplicator({ source, tableId, connection, jetstream, retryDelayMs: 50, maxRetryDelayMs: 400, pollIntervalMs: 200 });
    const states = new Set<string>();
    replicator.status$.subscribe((s) => {
      if (process.env['DEBUG_REPLICATOR'] && !states.has(s.state)) console.log(s);
      states.add(s.state);
    });
    replicator.start();

    await play(tableId, 120);
    await replicator.waitFor(120);

    // Outage 1: a clean stop. The table goes on; nothing waits for JetStream.
    await server.stop('SIGTERM');
    const slowestDuringOutage = await play(tableId, 150);
    expect(slowestDuringOutage).toBeLessThan(250);
    expect(replicator.status.replicatedSeq).toBeLessThan(270);
    await server.start();
    await play(tableId, 40); // appends while it catches up
    await replicator.waitFor(310);

    // Outage 2: the server is killed while the replicator is busy catching up a backlog.
    await replicator.stop();
    await play(tableId, 200);
    replicator.start();
    await new Promise((r) => setTimeout(r, 30));
    await server.stop('SIGKILL');
    if (process.env['DEBUG_REPLICATOR']) console.log('killed at', replicator.status);
    await play(tableId, 60);
    await server.start();
    await play(tableId, 20);
    await replicator.waitFor(590);

    expect(states.has('retrying')).toBe(true);
    await expectIdenticalCopy(tableId);
    expect(await storedMessages(tableId)).toBe(590); // no duplicate stored, not even unseen
    await replicator.stop();
  }, 45_000);

  it('resumes from the last seq JetStream holds after a restart of the replicator', async () => {
    const tableId = freshStreamId('T');
    await play(tableId, 30);
    const first = new JetStreamReplicator({ source, tableId, connection, jetstream, pollIntervalMs: 100 });
    first.start();
    await first.waitFor(30);
    await first.stop();
    await play(tableId, 25);
    const second = new JetStreamReplicator({ source, tableId, connection, jetstream, pollIntervalMs: 100 });
    second.start();
    await second.waitFor(55);
    await second.stop();
    await expectIdenticalCopy(tableId);
    expect(await storedMessages(tableId)).toBe(55);
  });

  it('stops, without publishing, when JetStream holds a different history for the table', async () => {
    const tableId = freshStreamId('T');
    await play(tableId, 5);
    // Someone else's event 1 for this table is already in JetStream.
    const log = await JetStreamLog.open(connection, jetstream);
    const [foreign] = sealEvents(tableId, { version: 0, hash: GENESIS_HASH }, makeEvents(99, 1));
    await log.publish(foreign!, 0);
    const replicator = new JetStreamReplicator({ source, tableId, connection, jetstream });
    replicator.start();
    await expect(replicator.waitFor(5, 5000)).rejects.toThrow(/diverged|not the source/);
    expect(replicator.status.state).toBe('failed');
    await replicator.stop();
    expect(await storedMessages(tableId)).toBe(1);
  });

  it('stores a retried publish once (Nats-Msg-Id) and refuses an event out of sequence', async () => {
    const tableId = freshStreamId('T');
    const log = await JetStreamLog.open(connection, jetstream);
    const [e1, e2] = sealEvents(tableId, { version: 0, hash: GENESIS_HASH }, makeEvents(0, 2));
    const s1 = await log.publish(e1!, 0);
    expect(await log.publish(e1!, 0)).toBe(s1); // duplicate ack, same message
    await expect(log.publish(e2!, 0)).rejects.toThrow(/another event/);
    await log.publish(e2!, s1);
    expect(await storedMessages(tableId)).toBe(2);
    const jsm = await connection.jetstreamManager();
    const m = await jsm.streams.getMessage(jetstream.streamName, { seq: s1 });
    expect(m.header.get('Nats-Msg-Id')).toBe(`${tableId}:1`);
    expect(m.subject).toBe(`tables.${tableId}.events`);
  });
});
