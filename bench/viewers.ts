// Viewers benchmark (`npm run bench:viewers`, docs/benchmarks.md): prints figures, asserts nothing. Loopback only.
//   A. N public viewers through G display gateways (`shoe displays` processes) while a demo table deals:
//      every viewer sees every round's final view; delivery after durability (the table made the view,
//      its facts durable -> a viewer read it; `madeAt` travels with the view); the table's card-to-durable
//      latency (the ACK follows at once) with no viewers and with N; the table's RSS with no viewers and
//      with N; where the CPU went (table, gateways, viewers, nats-server). The viewers run in several
//      processes of plain WebSocket clients (bench/viewers-clients.ts); gateways and viewers run at a
//      lower OS priority (--nice) so the table comes first, as on separate machines.
//   B. V viewers connecting at once to a table whose log holds E events: first-view latency; the
//      table's card pace during the storm.
//   C. R unauthenticated requests with 16 KiB bodies: how much the log grows.
// Options: --viewers N (5000, or $BENCH_VIEWERS) --gateways G (4) --client-processes P (4) --nice N (19)
//          --view-interval MS (100: the gateways' least time between two views) --pace MS (30: a card per 30 ms) --rounds R (20) --storm V (500) --log-events E (1000000)
//          --requests R (10000) --parts A,B,C (all). Keep runs short while developing (e.g. --viewers 200
//          --log-events 50000 --requests 1000). Needs nats-server at $NATS_URL (default 127.0.0.1:4222) for A.
import { mkdtempSync, rmSync, statSync, existsSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';
import { join } from 'node:path';
import { pino } from 'pino';
import { SerialPortMock } from 'serialport';
import { NEVER } from 'rxjs';
import { startTable, type TableRuntime } from '../src/composition/table-runtime.js';
import { parseTableConfig, type TableConfig } from '../src/config/table-config.js';
import { createTableWebServer } from '../src/composition/table-web-server.js';
import { SqliteEventStore } from '../src/adapters/store/sqlite-event-store.js';
import { TableService } from '../src/app/table/table-service.js';
import { TableProjections } from '../src/app/displays/table-projections.js';
import { tableMeta } from '../src/app/displays/table-meta.js';
import { loadRuleSet } from '../src/config/load-rule-set.js';
import { realClock } from '../src/adapters/clock/real-clock.js';
import { strategyInBackground } from '../src/app/par/strategy-in-background.js';
import type { JsonValue, NewEvent } from '../src/ports/event-store.js';
import { cpuOf, pidByName } from './support/bench-processes.js';
import { startGateways } from './support/gateway-processes.js';
import { histogramPercentile, startViewerPool } from './support/viewer-pool.js';
import { numberOption } from './support/bench-options.js';
import { cardLatencies } from './support/table-pace.js';

const VIEWERS = numberOption('viewers', Number(process.env['BENCH_VIEWERS'] ?? 5000));
const GATEWAYS = numberOption('gateways', 4);
const CLIENT_PROCESSES = numberOption('client-processes', 4);
const NICE = numberOption('nice', 19);
const PACE_MS = numberOption('pace', 30);
const VIEW_INTERVAL_MS = numberOption('view-interval', 100);
const ROUNDS = numberOption('rounds', 20);
const STORM = numberOption('storm', 500);
const LOG_EVENTS = numberOption('log-events', 1_000_000);
const REQUESTS = numberOption('requests', 10_000);
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
const sum = (values: readonly number[]): number => values.reduce((a, b) => a + b, 0);
const f = (n: number, d = 1): string => (Number.isFinite(n) ? n.toFixed(d) : String(n));
const mib = (bytes: number): string => (bytes / 2 ** 20).toFixed(1);

function config(id: string, dir: string, nats: boolean): TableConfig {
  return parseTableConfig({
    id, rules: 'six-deck', store: { path: join(dir, '{tableId}.db') }, http: { host: '127.0.0.1', port: 0 },
    bettingSeconds: 0.3, resultsSeconds: 0, ...(nats ? { nats: { url: NATS_URL } } : {}), roles: {},
  }, 'bench');
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

/** The table process's RSS, sampled while a phase runs: its largest value and the last. */
function rssSampler(): { stop(): { max: number; last: number } } {
  let max = process.memoryUsage().rss;
  const timer = setInterval(() => {
    max = Math.max(max, process.memoryUsage().rss);
  }, 250);
  return {
    stop() {
      clearInterval(timer);
      const last = process.memoryUsage().rss;
      return { max: Math.max(max, last), last };
    },
  };
}

/** The table process's memory after a full collection (what it holds, not what it has not yet freed). */
setFlagsFromString('--expose-gc');
const collect = runInNewContext('gc') as () => void;
function heldMemory(): { heap: number; rss: number } {
  collect();
  const m = process.memoryUsage();
  return { heap: m.heapUsed + m.external, rss: m.rss };
}

type Component = 'table' | 'gateways' | 'viewers' | 'nats';
interface CpuSnapshot {
  readonly at: number;
  readonly used: Record<Component, { user: number; system: number }>;
}

/** CPU seconds used so far by each part of the bench (the table: this process). */
function cpuSnapshot(pids: Record<Exclude<Component, 'table'>, readonly number[]>): CpuSnapshot {
  const own = process.cpuUsage();
  const add = (list: readonly number[]) => list.map(cpuOf).reduce((a, b) => ({ user: a.user + b.user, system: a.system + b.system }), { user: 0, system: 0 });
  return {
    at: performance.now(),
    used: { table: { user: own.user / 1e6, system: own.system / 1e6 }, gateways: add(pids.gateways), viewers: add(pids.viewers), nats: add(pids.nats) },
  };
}

/** "table 0.12 (kernel 30 %), …": cores busy between two snapshots. */
function cpuShares(a: CpuSnapshot, b: CpuSnapshot, parts: readonly Component[]): string {
  const seconds = (b.at - a.at) / 1000;
  return parts.map((k) => {
    const user = b.used[k].user - a.used[k].user;
    const system = b.used[k].system - a.used[k].system;
    return `${k} ${f((user + system) / seconds, 2)} (kernel ${f((100 * system) / (user + system), 0)} %)`;
  }).join(', ');
}

async function partA(): Promise<void> {
  console.log(`\nA. ${VIEWERS} public viewers through ${GATEWAYS} \`shoe displays\` gateways (NATS ${NATS_URL}) while a demo table deals (a card per ${PACE_MS} ms; ${ROUNDS} rounds per phase)`);
  console.log(`  gateways: \`shoe displays --view-interval ${VIEW_INTERVAL_MS}\` (least ms between two views to a display; the newest always goes out)`);
  console.log(`  processes: the table (this one, nice 0); ${GATEWAYS} gateways and ${CLIENT_PROCESSES} viewer processes at nice ${NICE} (a deployment's gateways and viewers do not share the table's CPU; here they do, so they yield to it); nats-server as it runs`);
  const dir = mkdtempSync(join(tmpdir(), 'bench-viewers-'));
  const id = `bench-${Date.now().toString(36)}`;
  await strategyInBackground(rules).ready; // the demo bot's strategy, computed before the table deals (not during a phase)
  const runtime = await startTable({ config: config(id, dir, true), logger: quiet, paceMs: PACE_MS, seed: 3 });
  const gateways = await startGateways(GATEWAYS, NATS_URL, id, NICE, VIEW_INTERVAL_MS);
  const pool = await startViewerPool(gateways.urls, '/ws/public', VIEWERS, CLIENT_PROCESSES, NICE);
  const natsPid = pidByName('nats-server');
  const cpu = () => cpuSnapshot({ gateways: gateways.pids, viewers: pool.pids, nats: natsPid === null ? [] : [natsPid] });
  try {
    await roundsEnded(runtime, 2); // warm up: the gateways have their first view
    // Reading the gateways' /metrics uses fetch in this process: once before the first memory figure, so
    // that fetch's own buffers are not counted as growth.
    await gateways.figures();
    const held0 = heldMemory();
    let cards = cardLatencies(runtime);
    let rss = rssSampler();
    const cpu0 = cpu();
    await roundsEnded(runtime, ROUNDS);
    const cpu1 = cpu();
    const alone = { p50: pct(cards.samples, 50), p99: pct(cards.samples, 99), n: cards.samples.length, rss: rss.stop(), held: heldMemory() };
    cards.stop();
    await gateways.figures(); // resets the gateways' event-loop figures
    const connect = await pool.connect();
    const firsts = connect.firstViewsMs;
    console.log(`  every viewer had its first view ${f(Math.max(...firsts), 0)} ms after the viewers began to connect (p50 ${f(pct(firsts, 50), 0)} ms); upgrades refused and retried: ${JSON.stringify(connect.refused)}`);
    cards = cardLatencies(runtime);
    rss = rssSampler();
    const sent2 = sum((await gateways.figures()).map((g) => g.sent));
    const cpu2 = cpu();
    const rounds = await roundsEnded(runtime, ROUNDS);
    const cpu3 = cpu();
    const figures = await gateways.figures(); // event-loop figures since the viewers connected
    const sent3 = sum(figures.map((g) => g.sent));
    const watched = { p50: pct(cards.samples, 50), p99: pct(cards.samples, 99), n: cards.samples.length, rss: rss.stop(), held: heldMemory() };
    cards.stop();
    const gatewaysRss = gateways.rssMiB();
    const report = await pool.stop(rounds); // waits (10 s at most) for the last round's final views
    const deliveryP99 = histogramPercentile(report.total, 99);
    const ratio = watched.p99 / alone.p99;
    // Growth while N viewers watched, beside the growth over as many rounds with none (the log and the
    // table's own state grow a little with every round, viewers or not).
    const heldGrowth = (watched.held.heap - alone.held.heap) / 2 ** 20;
    const heldDrift = (alone.held.heap - held0.heap) / 2 ** 20;
    const verdict = (ok: boolean) => (ok ? 'pass' : 'short');
    console.log(`  views read by the viewers: ${report.messages} (${f(report.messages / VIEWERS, 1)} per viewer over ${rounds.length} rounds, ${f(report.viewBytes / report.messages / 1024, 1)} KiB each); without madeAt: ${report.withoutMadeAt}`);
    console.log(`  gateways: views sent ${sum(figures.map((g) => g.sent))}, skipped for slow sockets ${sum(figures.map((g) => g.dropped))}, views from NATS replaced by a newer one before the fan-out ${sum(figures.map((g) => g.conflated))}; event-loop delay p99 ${figures.map((g) => f(g.loopLagP99Ms, 0)).join(' / ')} ms; RSS ${f(gatewaysRss)} MiB in all`);
    console.log(`  viewer processes: event-loop delay p99 (worst) ${f(report.loopDelayP99Ms, 0)} ms; RSS ${f(report.rssMiB)} MiB in all`);
    console.log(`  CPU, cores busy (of 2): no viewers: ${cpuShares(cpu0, cpu1, ['table', 'gateways', 'nats'])}`);
    console.log(`    ${VIEWERS} viewers (${f((cpu3.at - cpu2.at) / 1000, 1)} s): ${cpuShares(cpu2, cpu3, ['table', 'gateways', 'viewers', 'nats'])}`);
    const perView = (k: 'gateways' | 'viewers') => f((1e6 * (cpu3.used[k].user + cpu3.used[k].system - cpu2.used[k].user - cpu2.used[k].system)) / (sent3 - sent2), 1);
    console.log(`    ${sent3 - sent2} views sent to viewers meanwhile (${f((sent3 - sent2) / ((cpu3.at - cpu2.at) / 1000), 0)}/s): CPU per view and viewer ${perView('gateways')} µs in the gateways, ${perView('viewers')} µs in the viewers' processes`);
    console.log(`  delivery, the view made (its facts durable) -> read by a viewer: p50 ${histogramPercentile(report.total, 50)} ms, p99 ${deliveryP99} ms, max ${histogramPercentile(report.total, 100)} ms`);
    console.log(`    of which table -> gateway sent it p50 ${histogramPercentile(report.hop, 50)} p99 ${histogramPercentile(report.hop, 99)} ms; gateway sent -> viewer read p50 ${histogramPercentile(report.lastMile, 50)} p99 ${histogramPercentile(report.lastMile, 99)} ms`);
    console.log(`  table card -> durable (ACK follows): no viewers p50 ${f(alone.p50, 2)} p99 ${f(alone.p99, 2)} ms (${alone.n} cards); ${VIEWERS} viewers p50 ${f(watched.p50, 2)} p99 ${f(watched.p99, 2)} ms (${watched.n} cards)`);
    console.log(`  table memory: RSS largest while dealing: no viewers ${mib(alone.rss.max)} MiB, ${VIEWERS} viewers ${mib(watched.rss.max)} MiB; after a full GC, heap+external: ${mib(held0.heap)} MiB before, ${mib(alone.held.heap)} after the rounds with no viewers, ${mib(watched.held.heap)} after the rounds with ${VIEWERS}`);
    console.log(`  goals (${VIEWERS} viewers, ${GATEWAYS} gateways, nice ${NICE}):`);
    console.log(`    every viewer sees every round's final view: ${report.viewersMissingAFinal} of ${VIEWERS} viewers missed ${report.finalsMissed} of ${rounds.length} rounds' finals — ${verdict(report.finalsMissed === 0 && report.viewers === VIEWERS)}`);
    console.log(`    delivery p99 <= 250 ms after durability: ${deliveryP99} ms — ${verdict(deliveryP99 <= 250)}`);
    console.log(`    card -> ACK p99 within 1.5x of no viewers: x${f(ratio, 2)} — ${verdict(ratio <= 1.5)}`);
    const rssGrowth = (watched.rss.max - alone.rss.max) / 2 ** 20;
    const signed = (n: number) => `${n >= 0 ? '+' : ''}${f(n)}`;
    console.log(`    table memory independent of the viewers: held ${signed(heldGrowth)} MiB over ${ROUNDS} rounds with ${VIEWERS} viewers vs ${signed(heldDrift)} MiB over ${ROUNDS} with none; largest RSS ${signed(rssGrowth)} MiB (flat: held growth within 1 MiB of the no-viewer rounds'; RSS within 10 %, as it moves by a few MiB between phases with 10 viewers too) — ${verdict(heldGrowth <= heldDrift + 1 && rssGrowth <= 0.1 * (alone.rss.max / 2 ** 20))}`);
  } finally {
    await gateways.stop();
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
  const service = await TableService.open({ tableId: id, rules, rulesId, store, clock: realClock(), snapshotEvery: 1 });
  const meta = tableMeta(id, rules);
  const options = { store, tableId: id, meta, rules, decisionSeconds: 15, live: service, clock: service.clock };
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
  // The table is closed and the notes were written behind it: the projections catch up to the log's head.
  const head = { table: service.table, phase: service.phase, rules, halted: null, position: version, events$: NEVER };
  const after = new TableProjections({ ...options, live: head }, { ...views0, seq: anchor, hash: at!.hash } as unknown as JsonValue);
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
  await strategyInBackground(rules).ready;
  const t0 = performance.now();
  const runtime = await startTable({
    config: config(id, dir, false), logger: quiet, paceMs: 30, seed: 5,
    web: (deps) => createTableWebServer({ ...deps, rateLimit: { max: 1_000_000, windowMs: 1000 } }),
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
    const pool = await startViewerPool([`${runtime.url!.replace('http', 'ws')}/ws/public`], '/ws/public', STORM, 1, 0);
    const ready = await pool.connect();
    await roundsEnded(runtime, 2);
    const during = { p99: pct(cards.samples, 99), n: cards.samples.length };
    cards.stop();
    console.log(`  connections refused (503 under pressure) and retried: ${JSON.stringify(ready.refused)}`);
    console.log(`  first view, from the moment all ${STORM} connect: p50 ${f(pct(ready.firstViewsMs, 50), 0)} ms p99 ${f(pct(ready.firstViewsMs, 99), 0)} ms; all had one after ${f(Math.max(...ready.firstViewsMs), 0)} ms`);
    console.log(`  table card -> durable p99: before ${f(before.p99, 2)} ms (${before.n} cards), during and after the storm ${f(during.p99, 2)} ms (${during.n} cards); RSS ${mib(process.memoryUsage().rss)} MiB`);
    await pool.stop([]);
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
  const service = await TableService.open({ tableId: id, rules, rulesId, store, clock: realClock() });
  const app = createTableWebServer({ service, store, config: config(id, dir, false), decisionSeconds: 15, logger: quiet });
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
