/**
 * Event-store benchmark (printed, not asserted). `npm run bench:store`
 *
 *  1. Durable appends: one event per append (each one committed before the next), for SQLite
 *     synchronous=FULL and NORMAL and for JetStream (NATS_URL or 127.0.0.1:4222; skipped with a
 *     message if unreachable): appends per second, p50 / p99 latency.
 *  2. Replication: SQLite -> JetStream catch-up rate of the replicator.
 *  3. Recovery: a 1,000,000-event log (generated in a temp dir with 10,000-event transactions),
 *     read whole and folded in a fresh process: time, events/s, peak RSS, heap; also with chain
 *     verification, loaded into one array, and from a snapshot.
 *
 * Options (env): BENCH_DIR (default: the OS temp dir), BENCH_EVENTS (default 1000000),
 * BENCH_APPENDS (default 2000), NATS_URL.
 */
import { spawnSync } from 'node:child_process';
import { readFileSync, rmSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { connect, type NatsConnection } from 'nats';
import { JetStreamReplicator } from '../src/adapters/store/jetstream-replicator.js';
import { NatsEventStore } from '../src/adapters/store/nats-event-store.js';
import { SqliteEventStore } from '../src/adapters/store/sqlite-event-store.js';
import { ChainVerifier } from '../src/log/event-chain.js';
import { freshBenchDir } from './support/bench-dir.js';
import type { EventStore, NewEvent, StoredEvent } from '../src/ports/event-store.js';

const TABLE = 'BENCH1';
const EVENTS = Number(process.env['BENCH_EVENTS'] ?? 1_000_000);
const APPENDS = Number(process.env['BENCH_APPENDS'] ?? 2000);
const NATS_URL = process.env['NATS_URL'] ?? 'nats://127.0.0.1:4222';
const TYPES = ['round.started', 'bet.placed', 'card.dealt', 'card.dealt', 'card.dealt', 'decision.taken', 'round.settled'] as const;

function event(i: number): NewEvent {
  return {
    type: TYPES[i % TYPES.length]!,
    data: { i, box: (i % 7) + 1, card: ['AS', 'KD', '7H', '2C', 'TC'][i % 5]!, shoe: { serial: 'EDS-0042', remaining: 312 - (i % 312) } },
    round: Math.floor(i / 40),
    monoTime: 5_000_000_000 + i * 1_500_000,
    wallTime: new Date(Date.UTC(2025, 0, 31, 20) + i * 150).toISOString(),
    rulesId: 'sha256:9b2f6c4d0a7e',
  };
}

interface Fold {
  events: number;
  rounds: number;
  byType: Record<string, number>;
  lastHash: string;
}

function fold(state: Fold, e: StoredEvent): Fold {
  state.events += 1;
  if (e.type === 'round.started') state.rounds += 1;
  state.byType[e.type] = (state.byType[e.type] ?? 0) + 1;
  state.lastHash = e.hash;
  return state;
}

const emptyFold = (): Fold => ({ events: 0, rounds: 0, byType: {}, lastHash: '' });
const mb = (bytes: number): string => `${(bytes / 1024 / 1024).toFixed(0)} MiB`;
const ms = (ns: bigint | number): string => `${(Number(ns) / 1e6).toFixed(3)} ms`;

function percentile(sorted: readonly bigint[], p: number): bigint {
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? 0n;
}

async function measureAppends(label: string, store: EventStore, tableId: string, count: number): Promise<void> {
  let version = (await store.head(tableId)).version;
  const latencies: bigint[] = [];
  const start = process.hrtime.bigint();
  for (let k = 0; k < count; k += 1) {
    const t0 = process.hrtime.bigint();
    version = (await store.append(tableId, [event(version)], { expectedVersion: version })).lastSeq;
    latencies.push(process.hrtime.bigint() - t0);
  }
  const total = Number(process.hrtime.bigint() - start) / 1e9;
  latencies.sort((a, b) => (a < b ? -1 : a > b ? 1 : 0));
  console.log(
    `  ${label.padEnd(28)} ${String(Math.round(count / total)).padStart(7)} appends/s   p50 ${ms(percentile(latencies, 50)).padStart(10)}   p99 ${ms(percentile(latencies, 99)).padStart(10)}   (${count} single-event appends)`,
  );
}

async function tryConnect(): Promise<NatsConnection | undefined> {
  try {
    return await connect({ servers: NATS_URL, timeout: 2000 });
  } catch {
    return undefined;
  }
}

async function benchAppends(dir: string): Promise<void> {
  console.log('\n1. Durable appends (one event per append, committed before the next)');
  for (const synchronous of ['FULL', 'NORMAL'] as const) {
    const store = new SqliteEventStore({ path: join(dir, `append-${synchronous}`, '{tableId}.db'), synchronous });
    await measureAppends(`SQLite synchronous=${synchronous}`, store, TABLE, synchronous === 'FULL' ? APPENDS : APPENDS * 5);
    await store.close();
  }
  const nc = await tryConnect();
  if (!nc) {
    console.log(`  JetStream: skipped, no NATS server reachable at ${NATS_URL} (set NATS_URL)`);
    return;
  }
  const run = `${process.pid}_${Date.now().toString(36)}`;
  const options = { connection: nc, streamName: `BENCH_EVENTS_${run}`, subjectPrefix: `bench_${run}`, idempotencyBucket: `BENCH_IDEM_${run}` };
  try {
    const store = await NatsEventStore.open(options);
    await measureAppends('JetStream (NatsEventStore)', store, TABLE, APPENDS);
    console.log('  (a JetStream ack means stored by the server, not fsynced: nats-server syncs its files every 2 min by default)');
    await store.close();

    console.log('\n2. Replication SQLite -> JetStream (replicator catch-up of a backlog)');
    const source = new SqliteEventStore({ path: join(dir, 'replicate', '{tableId}.db'), synchronous: 'NORMAL' });
    let version = 0;
    while (version < 20_000) version = (await source.append('REPL1', Array.from({ length: 100 }, (_, k) => event(version + k)), { expectedVersion: version })).lastSeq;
    const replicator = new JetStreamReplicator({ source, tableId: 'REPL1', connection: nc, jetstream: options });
    const t0 = process.hrtime.bigint();
    replicator.start();
    await replicator.waitFor(version, 300_000);
    const seconds = Number(process.hrtime.bigint() - t0) / 1e9;
    await replicator.stop();
    await source.close();
    console.log(`  ${String(version)} events in ${seconds.toFixed(2)} s = ${Math.round(version / seconds)} events/s (up to 256 publishes in flight: jetstream-publish-window.ts)`);
  } finally {
    const jsm = await nc.jetstreamManager();
    await jsm.streams.delete(options.streamName).catch(() => undefined);
    await jsm.streams.delete(`KV_${options.idempotencyBucket}`).catch(() => undefined);
    await nc.close();
  }
}

async function generate(path: string): Promise<void> {
  const store = new SqliteEventStore({ path, synchronous: 'NORMAL' });
  const t0 = process.hrtime.bigint();
  let version = 0;
  while (version < EVENTS) {
    const n = Math.min(10_000, EVENTS - version);
    const batch = Array.from({ length: n }, (_, k) => event(version + k));
    version = (await store.append(TABLE, batch, { expectedVersion: version })).lastSeq;
  }
  // A snapshot near the end, for the snapshot recovery figure.
  const snapshotSeq = Math.max(0, EVENTS - 10_000);
  let state = emptyFold();
  for (let from = 1; from <= snapshotSeq; from += 50_000) {
    for (const e of await store.read(TABLE, { from, limit: Math.min(50_000, snapshotSeq - from + 1) })) state = fold(state, e);
  }
  await store.saveSnapshot(TABLE, snapshotSeq, { ...state });
  await store.close();
  const seconds = Number(process.hrtime.bigint() - t0) / 1e9;
  const file = path.replace('{tableId}', TABLE);
  console.log(`  generated ${EVENTS} events in ${seconds.toFixed(1)} s (10,000-event transactions); database ${mb(statSync(file).size)}`);
}

/** Runs in a fresh process so that memory figures are recovery's own. */
async function recover(path: string, mode: string): Promise<void> {
  const store = new SqliteEventStore({ path });
  const t0 = process.hrtime.bigint();
  let state = emptyFold();
  let verified = 0;
  if (mode === 'all-in-memory') {
    const all = await store.read(TABLE);
    for (const e of all) state = fold(state, e);
  } else if (mode === 'snapshot') {
    const snap = await store.loadSnapshot(TABLE);
    state = snap ? (snap.state as unknown as Fold) : emptyFold();
    const verifier = new ChainVerifier(snap ? { seq: snap.seq, hash: snap.hash } : undefined);
    for (let from = (snap?.seq ?? 0) + 1; ; ) {
      const page = await store.read(TABLE, { from, limit: 10_000 });
      for (const e of page) {
        if (!verifier.push(e).ok) throw new Error(JSON.stringify(verifier.result()));
        state = fold(state, e);
      }
      if (page.length < 10_000) break;
      from += page.length;
    }
    verified = verifier.verified;
  } else {
    const verify = mode === 'verify';
    const verifier = new ChainVerifier();
    for (let from = 1; ; ) {
      const page = await store.read(TABLE, { from, limit: 10_000 });
      for (const e of page) {
        if (verify && !verifier.push(e).ok) throw new Error(JSON.stringify(verifier.result()));
        state = fold(state, e);
      }
      if (page.length < 10_000) break;
      from += page.length;
    }
    verified = verifier.verified;
  }
  const seconds = Number(process.hrtime.bigint() - t0) / 1e9;
  const memory = process.memoryUsage();
  await store.close();
  process.stdout.write(
    JSON.stringify({ seconds, events: state.events, verified, rss: memory.rss, heapUsed: memory.heapUsed, maxRssKiB: process.resourceUsage().maxRSS }),
  );
}

async function benchRecovery(dir: string): Promise<void> {
  console.log(`\n3. Recovery of a ${EVENTS.toLocaleString('en')}-event log (read the whole stream and fold it), each in a fresh process`);
  const path = join(dir, 'recovery', '{tableId}.db');
  await generate(path);
  const self = fileURLToPath(import.meta.url);
  const modes: Array<[string, string]> = [
    ['fold, 10,000-event pages', 'fold'],
    ['fold + verify hash chain', 'verify'],
    ['load all into one array', 'all-in-memory'],
    ['snapshot + fold the tail', 'snapshot'],
  ];
  for (const [label, mode] of modes) {
    const child = spawnSync(process.execPath, ['--import', 'tsx', self, '--recover', path, mode], { encoding: 'utf8', maxBuffer: 1 << 20 });
    if (child.status !== 0) {
      console.log(`  ${label}: failed: ${child.stderr}`);
      continue;
    }
    const r = JSON.parse(child.stdout) as { seconds: number; events: number; verified: number; rss: number; heapUsed: number; maxRssKiB: number };
    console.log(
      `  ${label.padEnd(28)} ${r.seconds.toFixed(2).padStart(6)} s  ${String(Math.round((mode === 'snapshot' ? r.verified : r.events) / r.seconds)).padStart(8)} events/s   peak RSS ${mb(r.maxRssKiB * 1024).padStart(8)}   heap ${mb(r.heapUsed).padStart(8)}${r.verified ? `   (${r.verified} verified)` : ''}`,
    );
  }
}

function filesystemOf(dir: string): string {
  try {
    const mounts = readFileSync('/proc/mounts', 'utf8').split('\n').map((l) => l.split(' '));
    const best = mounts.filter((m) => m[1] && dir.startsWith(m[1])).sort((a, b) => (b[1]?.length ?? 0) - (a[1]?.length ?? 0))[0];
    return best ? `${best[2]} (${best[0]} on ${best[1]})` : 'unknown';
  } catch {
    return 'unknown';
  }
}

async function main(): Promise<void> {
  const recoverAt = process.argv.indexOf('--recover');
  if (recoverAt >= 0) return recover(process.argv[recoverAt + 1]!, process.argv[recoverAt + 2] ?? 'fold');
  const dir = freshBenchDir('bench-store-');
  console.log(`Event store benchmark — node ${process.version}, files in ${dir}, filesystem ${filesystemOf(dir)}`);
  try {
    await benchAppends(dir);
    await benchRecovery(dir);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

await main();
