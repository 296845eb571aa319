// Viewers benchmark (`npm run bench:viewers`, issue 11): prints figures, asserts nothing. Loopback only.
//   A. N public viewers through G display gateways (`shoe displays`, in a child process) while a demo
//      table deals: every viewer sees every round's final view; delivery after durability (table made the
//      view -> gateway, then gateway -> viewer); the table's card-to-durable latency (the ACK follows at
//      once) with no viewers and with N; the table's RSS with no viewers and with N.
//   B. V viewers connecting at once to a table whose log holds E events: first-view latency; the
//      table's card pace during the storm.
//   C. R unauthenticated requests with 16 KiB bodies: how much the log grows.
// Options: --viewers N (5000) --gateways G (4) --rounds R (20) --storm V (500) --log-events E (1000000)
//          --requests R (10000) --parts A,B,C (all). Keep runs short while developing (e.g. --viewers 200
//          --log-events 50000 --requests 1000). Needs nats-server at $NATS_URL (default 127.0.0.1:4222) for A.
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync, statSync, existsSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createInterface } from 'node:readline';
import { pino } from 'pino';
import { SerialPortMock } from 'serialport';
import { startTable, type TableRuntime } from '../src/composition/table-runtime.js';
import { parseTableConfig, type TableConfig } from '../src/config/table-config.js';
import { createWebServer } from '../src/adapters/web/create-web-server.js';
import { SqliteEventStore } from '../src/adapters/store/sqlite-event-store.js';
import { TableService } from '../src/app/table-service.js';
import { TableProjections } from '../src/app/displays/table-projections.js';
import { tableMeta } from '../src/app/displays/table-meta.js';
import { loadRuleSet } from '../src/config/load-rule-set.js';
import { systemClock } from '../src/adapters/clock/system-clock.js';
import { isInputRecord, recordedInput } from '../src/app/log-records.js';
import type { JsonValue, NewEvent } from '../src/ports/event-store.js';

function arg(name: string, dflt: number): number {
  const i = process.argv.indexOf(`--${name}`);
  return i >= 0 ? Number(process.argv[i + 1]) : dflt;
}
const VIEWERS = arg('viewers', 5000);
const GATEWAYS = arg('gateways', 4);
const ROUNDS = arg('rounds', 20);
const STORM = arg('storm', 500);
const LOG_EVENTS = arg('log-events', 1_000_000);
const REQUESTS = arg('requests', 10_000);
const partsAt = process.argv.indexOf('--parts');
const PARTS = new Set((partsAt >= 0 ? (process.argv[partsAt + 1] ?? '') : 'A,B,C').split(','));
const NATS_URL = process.env['NATS_URL'] ?? 'nats://127.0.0.1:4222';
const quiet = pino({ level: 'silent' });
const { rules, rulesId } = loadRuleSet('six-deck');

const pct = (values: readonly number[], p: number): number => {
  if (values.length === 0) return NaN;
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] as number;
};
const f = (n: number, d = 1): string => (Number.isFinite(n) ? n.toFixed(d) : String(n));
const mib = (bytes: number): string => (bytes / 2 ** 20).toFixed(1);

function config(id: string, dir: string, nats: boolean): TableConfig {
  return parseTableConfig({
    id, rules: 'six-deck', store: { path: join(dir, '{tableId}.db') }, http: { host: '127.0.0.1', port: 0 },
    bettingSeconds: 0.3, ...(nats ? { nats: { url: NATS_URL } } : {}), roles: {},
  }, 'bench');
}

/** Card drawn by the emulated shoe -> its input durable on the log (the ACK goes right after). */
function cardLatencies(runtime: TableRuntime): { samples: number[]; stop(): void } {
  const drawn: number[] = [];
  const samples: number[] = [];
  runtime.emulator?.on((e) => {
    if (e.type === 'dealt') drawn.push(performance.now());
  });
  const sub = runtime.service.events$.subscribe((e) => {
    if (!isInputRecord(e)) return;
    const { input, origin } = recordedInput(e);
    if (input.type === 'card' && origin.source === 'shoe') {
      const t = drawn.shift();
      if (t !== undefined) samples.push(performance.now() - t);
    }
  });
  return { samples, stop: () => sub.unsubscribe() };
}

function roundsEnded(runtime: TableRuntime, count: number): Promise<number[]> {
  const ended: number[] = [];
  return new Promise((resolve) => {
    const sub = runtime.service.events$.subscribe((e) => {
      if (e.type !== 'round.ended') return;
      ended.push(e.round);
      if (ended.length >= count) {
        sub.unsubscribe();
        resolve(ended);
      }
    });
  });
}

async function partA(): Promise<void> {
  console.log(`\nA. ${VIEWERS} public viewers through ${GATEWAYS} gateways while a demo table deals (${ROUNDS} rounds per phase)`);
  const dir = mkdtempSync(join(tmpdir(), 'bench-viewers-'));
  const id = `bench-${Date.now().toString(36)}`;
  const runtime = await startTable({ config: config(id, dir, true), logger: quiet, paceMs: 30, seed: 3 });
  try {
    let cards = cardLatencies(runtime);
    await roundsEnded(runtime, ROUNDS);
    const alone = { p50: pct(cards.samples, 50), p99: pct(cards.samples, 99), n: cards.samples.length, rss: process.memoryUsage().rss };
    cards.stop();
    const child = spawn(process.execPath, ['--import', 'tsx', 'bench/viewers-clients.ts', id, NATS_URL, String(VIEWERS), String(GATEWAYS)], { stdio: ['pipe', 'pipe', 'inherit'] });
    const lines = createInterface({ input: child.stdout });
    const next = () => new Promise<Record<string, unknown>>((resolve) => lines.once('line', (l) => resolve(JSON.parse(l) as Record<string, unknown>)));
    const ready = await next();
    console.log(`  every viewer had its first view after ${ready['connectMs']} ms`);
    cards = cardLatencies(runtime);
    const rounds = await roundsEnded(runtime, ROUNDS);
    const watched = { p50: pct(cards.samples, 50), p99: pct(cards.samples, 99), n: cards.samples.length, rss: process.memoryUsage().rss };
    cards.stop();
    await new Promise((r) => setTimeout(r, 1000)); // the last round's final view on its way
    const done = next();
    child.stdin.write(`stop ${JSON.stringify({ rounds })}\n`);
    const report = (await done)['report'] as Record<string, number>;
    console.log(`  viewers missing some round's final view: ${report['viewersMissingAFinal']} of ${VIEWERS} (${report['finalsMissed']} finals missed over ${rounds.length} rounds); ${report['messages']} views delivered`);
    console.log(`  delivery after durability: table -> gateway p50 ${f(report['hopP50Ms'] ?? NaN)} ms p99 ${f(report['hopP99Ms'] ?? NaN)} ms; gateway -> viewer p50 ${f(report['fanoutP50Ms'] ?? NaN)} ms p99 ${f(report['fanoutP99Ms'] ?? NaN)} ms (sum of p99s ${f((report['hopP99Ms'] ?? NaN) + (report['fanoutP99Ms'] ?? NaN))} ms)`);
    console.log(`  table card -> durable (ACK follows): no viewers p50 ${f(alone.p50, 2)} p99 ${f(alone.p99, 2)} ms (${alone.n} cards); ${VIEWERS} viewers p50 ${f(watched.p50, 2)} p99 ${f(watched.p99, 2)} ms (${watched.n} cards): p99 ratio ${f(watched.p99 / alone.p99, 2)}`);
    console.log(`  table RSS: no viewers ${mib(alone.rss)} MiB; ${VIEWERS} viewers ${mib(watched.rss)} MiB (the gateways' process: ${f(report['rssMiB'] ?? NaN)} MiB)`);
  } finally {
    await runtime.stop();
    SerialPortMock.binding.reset();
    rmSync(dir, { recursive: true, force: true });
  }
}

/** A valid table log of about `events` events: a few real inputs, then link notes; the table's and the
 *  projections' snapshot at its head (as a table that ran that long would have). */
async function bigLog(dir: string, id: string, events: number): Promise<void> {
  const path = join(dir, '{tableId}.db');
  const store = new SqliteEventStore({ path, synchronous: 'NORMAL', pollIntervalMs: 0 });
  const service = await TableService.open({ tableId: id, rules, rulesId, store, clock: systemClock, snapshotEvery: 1 });
  const meta = tableMeta(id, rules);
  const options = { store, tableId: id, meta, rules, decisionSeconds: 15, live: service };
  const before = new TableProjections(options);
  before.start();
  await service.submit({ type: 'shoe.loaded' }, { source: 'shoe' });
  await service.submit({ type: 'card', card: '5D' }, { source: 'shoe' });
  await service.submit({ type: 'bet', seat: 2, player: 'ann', amount: 1000 }, { source: 'api', by: 'bench' });
  await before.ready();
  const views0 = before.snapshot() as unknown as { seq: number };
  const table = await store.loadSnapshot(id);
  service.close();
  before.stop();
  let version = (await store.head(id)).version;
  const round = service.table.round;
  const t0 = performance.now();
  while (version < events) {
    const n = Math.min(10_000, events - version);
    const batch: NewEvent[] = Array.from({ length: n }, (_, k) => ({
      type: 'link.counters', data: { crcErrors: 0, retransmissions: (version + k) % 7, discardedBytes: 0 }, round, monoTime: version + k, wallTime: new Date().toISOString(), rulesId,
    }));
    version = (await store.append(id, batch, { expectedVersion: version })).lastSeq;
  }
  // The projections as they stand at the head: notes change no table, so the state before them, anchored
  // 1,000 events back (the supervisor lists the last 60), then those events folded.
  const anchor = Math.max(views0.seq, version - 1000);
  const [at] = await store.read(id, { from: anchor, limit: 1 });
  const after = new TableProjections(options, { ...views0, seq: anchor, hash: at!.hash } as unknown as JsonValue);
  after.start();
  await after.ready();
  const machine = (table!.state as { machine: unknown }).machine;
  await store.saveSnapshot(id, version, { rulesId, machine, parts: { views: after.snapshot() } } as unknown as JsonValue);
  after.stop();
  await store.close();
  console.log(`  generated a ${version.toLocaleString('en')}-event log in ${f((performance.now() - t0) / 1000)} s (${mib(statSync(path.replace('{tableId}', id)).size)} MiB)`);
}

async function partB(): Promise<void> {
  console.log(`\nB. ${STORM} viewers connecting at once to a table whose log holds ${LOG_EVENTS.toLocaleString('en')} events`);
  const dir = mkdtempSync(join(tmpdir(), 'bench-storm-'));
  const id = `storm-${Date.now().toString(36)}`;
  await bigLog(dir, id, LOG_EVENTS);
  const t0 = performance.now();
  const runtime = await startTable({
    config: config(id, dir, false), logger: quiet, paceMs: 30, seed: 5,
    web: (deps) => createWebServer({ ...deps, rateLimit: { max: 1_000_000, windowMs: 1000 } }),
  });
  console.log(`  table up in ${f((performance.now() - t0) / 1000, 2)} s (RSS ${mib(process.memoryUsage().rss)} MiB)`);
  try {
    // A shoe change first: the log's shoe is not the emulator's.
    await runtime.service.submit({ type: 'supervisor', action: 'shoeChange', by: 'bench' }, { source: 'system', by: 'bench' });
    let cards = cardLatencies(runtime);
    await roundsEnded(runtime, 3);
    const before = { p99: pct(cards.samples, 99), n: cards.samples.length };
    cards.stop();
    cards = cardLatencies(runtime);
    // The viewers in their own process (bench/viewers-clients.ts, straight to the table's /ws/public).
    const child = spawn(process.execPath, ['--import', 'tsx', 'bench/viewers-clients.ts', id, `${runtime.url!.replace('http', 'ws')}/ws/public`, String(STORM), '0'], { stdio: ['pipe', 'pipe', 'inherit'] });
    const lines = createInterface({ input: child.stdout });
    const ready = await new Promise<Record<string, unknown>>((resolve) => lines.once('line', (l) => resolve(JSON.parse(l) as Record<string, unknown>)));
    await roundsEnded(runtime, 2);
    const during = { p99: pct(cards.samples, 99), n: cards.samples.length };
    cards.stop();
    console.log(`  connections refused (503 under pressure) and retried: ${JSON.stringify(ready['refused'])}`);
    console.log(`  first view, from the moment all ${STORM} connect: p50 ${ready['firstP50Ms']} ms p99 ${ready['firstP99Ms']} ms; all had one after ${ready['connectMs']} ms`);
    console.log(`  table card -> durable p99: before ${f(before.p99, 2)} ms (${before.n} cards), during and after the storm ${f(during.p99, 2)} ms (${during.n} cards); RSS ${mib(process.memoryUsage().rss)} MiB`);
    child.stdin.write(`stop ${JSON.stringify({ rounds: [] })}\n`);
    await new Promise((r) => child.once('exit', r));
  } finally {
    await runtime.stop();
    SerialPortMock.binding.reset();
    rmSync(dir, { recursive: true, force: true });
  }
}

async function partC(): Promise<void> {
  console.log(`\nC. ${REQUESTS.toLocaleString('en')} unauthenticated requests with 16 KiB bodies`);
  const dir = mkdtempSync(join(tmpdir(), 'bench-refused-'));
  const id = `refused-${Date.now().toString(36)}`;
  const store = new SqliteEventStore({ path: join(dir, '{tableId}.db'), pollIntervalMs: 0 });
  const service = await TableService.open({ tableId: id, rules, rulesId, store, clock: systemClock });
  const app = createWebServer({ service, store, config: config(id, dir, false), decisionSeconds: 15, logger: quiet });
  const url = await app.listen({ host: '127.0.0.1', port: 0 });
  const file = join(dir, `${id}.db`);
  const size = () => statSync(file).size + (existsSync(`${file}-wal`) ? statSync(`${file}-wal`).size : 0);
  const head0 = (await store.head(id)).version;
  const size0 = size();
  const body = JSON.stringify({ seat: 1, player: 'x', amount: 100, pad: 'x'.repeat(16 * 1024 - 60) });
  const statuses = new Map<number, number>();
  const t0 = performance.now();
  let sent = 0;
  await Promise.all(Array.from({ length: 32 }, async () => {
    while (sent < REQUESTS) {
      sent++;
      const response = await fetch(`${url}/api/bets`, { method: 'POST', body, headers: { 'content-type': 'application/json' } });
      await response.arrayBuffer();
      statuses.set(response.status, (statuses.get(response.status) ?? 0) + 1);
    }
  }));
  const seconds = (performance.now() - t0) / 1000;
  await app.close(); // writes the pending summaries
  const added = await store.read(id, { from: head0 + 1 });
  const bytes = added.reduce((n, e) => n + JSON.stringify(e).length, 0);
  const counted = added.reduce((n, e) => n + (typeof e.data['count'] === 'number' ? e.data['count'] : 1), 0);
  console.log(`  ${REQUESTS} requests in ${f(seconds)} s (${[...statuses].map(([s, n]) => `${n}× ${s}`).join(', ')}); body bytes sent ${mib(REQUESTS * body.length)} MiB`);
  console.log(`  log grew by ${added.length} records, ${f(bytes / 1024)} KiB of events (${counted} refusals accounted for); database file and WAL grew by ${f((size() - size0) / 1024)} KiB`);
  service.close();
  await store.close();
  rmSync(dir, { recursive: true, force: true });
}

console.log(`bench:viewers — loopback, one machine (figures are noisy on a shared machine)`);
if (PARTS.has('A')) await partA();
if (PARTS.has('B')) await partB();
if (PARTS.has('C')) await partC();
process.exit(0);
