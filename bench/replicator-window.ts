// bench:replica — how fast one table's log is copied to JetStream with one publish in flight (each
// acknowledged before the next) and with the replicator's window of publishes in flight
// (src/adapters/store/jetstream-publish-window.ts; docs/benchmarks.md, "bench:replica").
//
// On a nats-server of its own (one copy) and on a local three-node cluster (three copies), for each
// window size in turn: (1) catch-up: a log of --backlog events already written, the time until
// JetStream holds it all; (2) live: one table appending --batch events every --every ms for --seconds,
// the replicator copying meanwhile: events/s written, events/s copied, the copy's lag at the end and the
// time to catch up after the writing stops. Every run checks the copy holds each event once.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { connect, type NatsConnection } from 'nats';
import { NatsCluster } from '../scripts/nats-cluster.mjs';
import { NatsServerProcess, freePort } from '../test/adapters/store/nats-server-process.js';
import { makeEvents } from '../test/adapters/store/event-store-contract.js';
import { numberOption } from './support/bench-options.js';
import { JetStreamReplicator } from '../src/adapters/store/jetstream-replicator.js';
import { SqliteEventStore } from '../src/adapters/store/sqlite-event-store.js';

const BACKLOG = numberOption('backlog', 5000);
const SECONDS = numberOption('seconds', 10);
const BATCH = numberOption('batch', 4);
const EVERY = numberOption('every', 2);
const WINDOWS = [1, 256];

const sleep = (ms: number): Promise<void> => new Promise((r) => setTimeout(r, ms));
let run = 0;

interface Target {
  readonly name: string;
  readonly connection: NatsConnection;
  readonly replicas: number;
}

async function stored(t: Target, streamName: string, subject: string): Promise<number> {
  const jsm = await t.connection.jetstreamManager();
  const info = await jsm.streams.info(streamName, { subjects_filter: subject });
  return info.state.subjects?.[subject] ?? 0;
}

async function append(source: SqliteEventStore, tableId: string, from: number, count: number): Promise<number> {
  let version = from;
  while (version < from + count) version = (await source.append(tableId, makeEvents(version, Math.min(500, from + count - version)), { expectedVersion: version })).lastSeq;
  return version;
}

async function once(t: Target, dir: string, maxInFlight: number, live: boolean): Promise<string> {
  run += 1;
  const tag = `${process.pid}_${run}`;
  const jetstream = { streamName: `BENCH_REPLICA_${tag}`, subjectPrefix: `benchreplica${tag}`, replicas: t.replicas };
  const tableId = `bench-${tag}`;
  const source = new SqliteEventStore({ path: join(dir, `${tag}-{tableId}.db`), synchronous: 'NORMAL' });
  const replicator = new JetStreamReplicator({ source, tableId, connection: t.connection, jetstream, pollIntervalMs: 50, window: { maxInFlight } });
  let line: string;
  try {
    if (!live) {
      const end = await append(source, tableId, 0, BACKLOG);
      const t0 = performance.now();
      replicator.start();
      await replicator.waitFor(end, 600_000);
      const s = (performance.now() - t0) / 1000;
      line = `catch-up of ${end} events: ${s.toFixed(2)} s = ${Math.round(end / s)} events/s`;
    } else {
      replicator.start();
      let version = 0;
      const t0 = performance.now();
      while (performance.now() - t0 < SECONDS * 1000) {
        version = await append(source, tableId, version, BATCH);
        await sleep(EVERY);
      }
      const s = (performance.now() - t0) / 1000;
      const copied = replicator.status.replicatedSeq;
      const t1 = performance.now();
      await replicator.waitFor(version, 600_000);
      const catchUp = (performance.now() - t1) / 1000;
      line = `live for ${s.toFixed(1)} s: written ${Math.round(version / s)} events/s, copied ${Math.round(copied / s)} events/s, ${version - copied} behind at the end, caught up ${catchUp.toFixed(2)} s later`;
    }
    const { version } = await source.head(tableId);
    const held = await stored(t, jetstream.streamName, `${jetstream.subjectPrefix}.${tableId}.events`);
    line += held === version ? ` (copy: ${held} of ${version}, each once)` : ` (COPY ${held} OF ${version}: ${held > version ? 'doubled' : 'lost'})`;
  } finally {
    await replicator.stop();
    await source.close();
    const jsm = await t.connection.jetstreamManager();
    await jsm.streams.delete(jetstream.streamName).catch(() => undefined);
  }
  return line;
}

async function bench(t: Target, dir: string): Promise<void> {
  console.log(`\n${t.name}`);
  for (const live of [false, true]) {
    for (const w of WINDOWS) console.log(`  ${w === 1 ? 'one in flight  ' : `window of ${String(w).padEnd(5)}`} ${await once(t, dir, w, live)}`);
  }
}

async function main(): Promise<void> {
  const dir = mkdtempSync(join(tmpdir(), 'bench-replica-'));
  const server = new NatsServerProcess(await freePort(), join(dir, 'single'));
  const ports = [];
  for (let i = 0; i < 3; i++) ports.push({ client: await freePort(), route: await freePort(), monitor: await freePort() });
  const cluster = new NatsCluster({ dir: join(dir, 'cluster'), ports, name: `benchreplica${process.pid}` });
  try {
    await server.start();
    const single = await connect({ servers: server.url });
    await bench({ name: 'one nats-server, 1 copy', connection: single, replicas: 1 }, dir);
    await single.close();
    await server.stop();
    await cluster.start();
    const nodes = await connect({ servers: cluster.url.split(','), maxReconnectAttempts: -1 });
    await bench({ name: 'three-node cluster, 3 copies', connection: nodes, replicas: 3 }, dir);
    await nodes.close();
  } finally {
    await server.stop('SIGKILL');
    await cluster.stop();
    rmSync(dir, { recursive: true, force: true });
  }
}

await main();
