// bench:floor — a floor of N tables on a three-node NATS cluster (docs/benchmarks.md, "The floor"):
// N demo tables (real table runtimes: the emulated shoe deals over its mock wire and bots bet) at an
// accelerated pace, all in this process; a local three-node cluster (scripts/nats-cluster.mjs) with the
// streams in 3 copies; the pit console's feed and board (src/adapters/floor/pit-feed.ts); and for each
// table a display gateway (createGatewayServer over NatsViewSource, in this process) with V public viewers
// on WebSockets. Mid-run one node is killed (SIGKILL) and started again after --down seconds. Printed per N:
//   card -> console: a card's input durable on its table's log -> the console's board took the card's event
//   card -> viewer:  the same append -> a viewer received the first view made at or after it
//   events: each table's log vs the floor's copy (per subject, JetStream's own count) vs the console's board
//   (its last seq per table, and its shift figures against the same fold over the table's log)
//   memory and CPU: this process's (tables, console, gateways, viewers) per table, and the nats-servers'.
// Options: --tables 10,50,100  --seconds 60 (dealing after the warm-up)  --down 30 (0: no node lost)  --viewers 20
//   --pace MS (ms per card at each table; default: the floor's 250 cards/s shared by the N tables, support/floor-pace.ts)
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pino from 'pino';
import { connect, type NatsConnection } from 'nats';
import { WebSocket } from 'ws';
import { NatsCluster } from '../scripts/nats-cluster.mjs';
import { freePort } from '../test/adapters/store/nats-server-process.js';
import { numberOption } from './support/bench-options.js';
import { cpuSecondsOf, rssMiBOf } from './support/bench-processes.js';
import { startTable, type TableRuntime } from '../src/composition/table-runtime.js';
import { parseTableConfig } from '../src/config/table-config.js';
import { natsServers } from '../src/adapters/store/nats-servers.js';
import { NatsViewSource } from '../src/adapters/view-fanout/nats-view-source.js';
import { createGatewayServer } from '../src/adapters/web/gateway-server.js';
import { viewSocketPath } from '../src/adapters/web/view-sockets.js';
import { PitFeed } from '../src/adapters/floor/pit-feed.js';
import { PitBoard } from '../src/app/floor/pit-board.js';
import { DealerOnDuty } from '../src/app/floor/dealer-on-duty.js';
import { ShiftFigures } from '../src/app/floor/shift-figures.js';
import { readLogPages } from '../src/app/audit/read-log-pages.js';
import { realClock } from '../src/adapters/clock/real-clock.js';
import type { FastifyInstance } from 'fastify';
import { FloorHops } from './support/floor-hops.js';
import { defaultPaceMs, paceInWords } from './support/floor-pace.js';

const hops = new FloorHops();
hops.install();

const listOption = (name: string, dflt: number[]): number[] => {
  const i = process.argv.indexOf(`--${name}`);
  return i >= 0 ? String(process.argv[i + 1]).split(',').map(Number) : dflt;
};
const SIZES = listOption('tables', [10, 50, 100]);
const SECONDS = numberOption('seconds', 60);
const DOWN_SECONDS = numberOption('down', 30);
const VIEWERS = numberOption('viewers', 20);
const PACE_MS = numberOption('pace', 40);
/** Without --pace, each N deals at the pace that holds the floor's card rate (support/floor-pace.ts). */
const PACE_GIVEN = process.argv.includes('--pace');
const STREAM = 'TABLE_EVENTS';
const quiet = pino({ level: 'silent' });
const clock = realClock();
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
const pct = (xs: number[], p: number): number => {
  if (xs.length === 0) return NaN;
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.min(s.length - 1, Math.floor((p / 100) * s.length))]!;
};
const f = (x: number, d = 0) => (Number.isFinite(x) ? x.toFixed(d) : '–');

/** The nodes' processes (scripts/nats-cluster.mjs keeps them; its typings do not say so). */
const nodes = (cluster: NatsCluster): Array<{ pid?: number } | null> => (cluster as unknown as { children: Array<{ pid?: number } | null> }).children;

async function ownCluster(): Promise<{ cluster: NatsCluster; dir: string }> {
  const dir = mkdtempSync(join(tmpdir(), 'bench-floor-nats-'));
  const ports = [];
  for (let i = 0; i < 3; i++) ports.push({ client: await freePort(), route: await freePort(), monitor: await freePort() });
  const cluster = new NatsCluster({ dir, ports, name: `benchfloor${process.pid}` });
  await cluster.start();
  return { cluster, dir };
}

interface Viewers { readonly sockets: WebSocket[]; readonly samples: number[] }

/** V viewers of a gateway: each takes, for every card appended on its table, the first view made at or after it. */
function watch(url: string, count: number, appends: number[], samples: Array<[number, number]>): WebSocket[] {
  const sockets: WebSocket[] = [];
  for (let v = 0; v < count; v++) {
    let next = -1; // the index in `appends` of the first card this viewer has not seen a view for
    const ws = new WebSocket(url);
    ws.on('message', (data: Buffer) => {
      const now = Date.now();
      const m = /"madeAt":"([^"]+)"/.exec(data.toString('latin1', 0, 200));
      if (!m) return;
      const made = Date.parse(m[1]!);
      if (next < 0) next = appends.length; // from the cards after its first view on
      while (next < appends.length && appends[next]! <= made) { const a = appends[next++]!; samples.push([a, now - a]); }
    });
    ws.on('error', () => undefined);
    sockets.push(ws);
  }
  return sockets;
}

async function floorOf(n: number): Promise<void> {
  const paceMs = PACE_GIVEN ? PACE_MS : defaultPaceMs(n);
  console.log(`\nN = ${n} tables: ${paceInWords(n, paceMs)}; ${VIEWERS} viewers per table, ${SECONDS} s of dealing, one node down ${DOWN_SECONDS} s mid-run`);
  const { cluster, dir: natsDir } = await ownCluster();
  const dir = mkdtempSync(join(tmpdir(), 'bench-floor-'));
  const url = cluster.url;
  const runtimes = new Map<string, TableRuntime>();
  const appendsByTable = new Map<string, number[]>();
  const cardAt = new Map<string, number>();

  // The console first (as a floor runs it: up before the tables), its feed and board as `shoe pit` runs them:
  // it reads the floor as the tables start, never a backlog of the whole start-up.
  const consoleConnection = await connect({ servers: natsServers(url), maxReconnectAttempts: -1, reconnectTimeWait: 500 });
  const board = new PitBoard({ from: '2000-01-01T00:00:00Z', to: '2100-01-01T00:00:00Z' }, (t) => `Dealer ${Number(t.slice(1)) % 7}`);
  const feed = new PitFeed({ connection: consoleConnection, clock, board, streamName: STREAM, subjectPrefix: 'tables', replicas: 3 });
  const toConsole: Array<[number, number]> = [];
  /** A card's hops to the console: append -> the replica sent it, -> JetStream's ack, -> the console took it. */
  const hopSamples: Array<{ at: number; taken: number; key: string }> = [];
  let measuring = false;
  /** Cards appended before the measurement began are the floor's start-up, not the console's latency. */
  let measureFrom = Infinity;
  feed.seen$.subscribe((e) => {
    if (e.type !== 'card.dealt') return;
    const key = `${e.tableId}:${e.seq}`;
    const at = cardAt.get(key);
    if (at !== undefined) {
      const now = Date.now();
      if (measuring && at >= measureFrom) toConsole.push([at, now - at]);
      if (measuring && at >= measureFrom) hopSamples.push({ at, taken: now, key });
      cardAt.delete(key);
    }
  });
  await feed.start();

  // The tables, one after another; each deals from its start. A start's time is the table's own work (its log
  // created and checked, its first records written) plus, in this one process, the tables already dealing.
  const started = Date.now();
  const startMs: number[] = [];
  const lastCard = new Map<string, number>();
  for (let i = 0; i < n; i++) {
    const id = `f${String(i).padStart(3, '0')}`;
    const config = parseTableConfig({
      id, rules: 'six-deck', store: { path: join(dir, '{tableId}.db') }, http: { host: '127.0.0.1', port: 0 },
      bettingSeconds: 0.3, resultsSeconds: 0, dealer: `Dealer ${i % 7}`, nats: { url, replicas: 3 }, roles: {},
    }, 'bench');
    const began = performance.now();
    const runtime = await startTable({ config, logger: quiet, paceMs, seed: 11 + i });
    startMs.push(performance.now() - began);
    runtimes.set(id, runtime);
    const appends: number[] = [];
    appendsByTable.set(id, appends);
    runtime.service.events$.subscribe((e) => {
      if (e.type !== 'card.dealt') return;
      const now = Date.now();
      appends.push(now);
      lastCard.set(id, now);
      cardAt.set(`${id}:${e.seq}`, now);
    });
  }
  const allStarted = Date.now();
  console.log(`  ${n} tables started in ${f((allStarted - started) / 1000, 1)} s: a table's start p50 ${f(pct(startMs, 50))} ms, p99 ${f(pct(startMs, 99))} ms, max ${f(Math.max(...startMs))} ms (wall, the tables started before it dealing meanwhile)`);

  // The gateways, one per table, and their viewers.
  const gatewayConnection = await connect({ servers: natsServers(url), maxReconnectAttempts: -1, reconnectTimeWait: 500 });
  const gateways: Array<{ app: FastifyInstance; views: NatsViewSource }> = [];
  const sockets: WebSocket[] = [];
  const viewerSamples: Array<[number, number]> = [];
  for (const id of runtimes.keys()) {
    const views = new NatsViewSource({ connection: gatewayConnection, tableId: id, logger: quiet, minIntervalMs: 0, clock });
    await views.start();
    const app = createGatewayServer({ views, credentials: new Map(), logger: quiet, clock, rateLimit: { max: 100_000, windowMs: 1000 } });
    const address = await app.listen({ host: '127.0.0.1', port: 0 });
    gateways.push({ app, views });
    sockets.push(...watch(`${address.replace('http', 'ws')}${viewSocketPath('public')}`, VIEWERS, appendsByTable.get(id)!, viewerSamples));
  }
  await sleep(3000); // warm-up: every viewer has its first view
  // The measurement begins once every table deals (a card since the last table started) and the console has
  // every table's events up to where its log was a moment ago: what it read before is the floor's start-up.
  const waitFrom = Date.now();
  for (;;) {
    const positions = new Map([...runtimes].map(([id, r]) => [id, r.service.position]));
    await sleep(1000);
    const seqs = new Map(board.rows(Date.now(), () => false).map((r) => [r.tableId, r.seq]));
    const dealing = [...runtimes.keys()].filter((id) => (lastCard.get(id) ?? 0) >= allStarted).length;
    const behind = [...positions].reduce((sum, [id, p]) => sum + Math.max(0, p - (seqs.get(id) ?? 0)), 0);
    if ((dealing === n && behind === 0) || Date.now() - waitFrom > 180_000) {
      console.log(`  measuring from ${f((Date.now() - started) / 1000, 1)} s: ${dealing} of ${n} tables dealing, the console ${behind === 0 ? 'caught up' : `still ${behind} events behind (gave up waiting)`}, ${f((Date.now() - allStarted) / 1000, 1)} s after the last table started`);
      break;
    }
  }
  viewerSamples.length = 0;
  measuring = true;
  measureFrom = Date.now();
  hops.measuring = true;
  hops.viewToGateway.length = 0;
  hops.startLoop();

  const cpu0 = process.cpuUsage();
  const natsCpu0 = nodes(cluster).map((c) => (c?.pid ? cpuSecondsOf(c.pid) : NaN));
  const t0 = Date.now();
  let rssMax = process.memoryUsage().rss;
  const rssTimer = setInterval(() => (rssMax = Math.max(rssMax, process.memoryUsage().rss)), 1000);
  // Mid-run: a node killed, and started again after DOWN_SECONDS (or the run's end, whichever comes first).
  const before = Math.max(0, (SECONDS - DOWN_SECONDS) / 2);
  await sleep(before * 1000);
  const killedAt = DOWN_SECONDS > 0 ? Date.now() : Infinity;
  let backAt = Infinity;
  if (DOWN_SECONDS > 0) {
    await cluster.stopNode(1, 'SIGKILL');
    console.log(`  node n2 killed at ${f((killedAt - t0) / 1000, 0)} s`);
    await sleep(Math.min(DOWN_SECONDS, SECONDS - before) * 1000);
    await cluster.startNode(1);
    backAt = Date.now();
    console.log(`  node n2 back at ${f((Date.now() - t0) / 1000, 0)} s`);
  }
  await sleep(Math.max(0, SECONDS * 1000 - (Date.now() - t0)));
  const seconds = (Date.now() - t0) / 1000;
  const cpu = process.cpuUsage(cpu0);
  const natsCpu = nodes(cluster).map((c, i) => (c?.pid ? cpuSecondsOf(c.pid) - (i === 1 ? 0 : natsCpu0[i]!) : NaN));
  clearInterval(rssTimer);
  const toViewer = viewerSamples;
  hops.measuring = false;
  const loop = hops.loopDelay();

  // The floor and the console catch up with every table's log as it is at the run's end (the tables deal
  // on meanwhile), then the tables stop: what they wrote since is not yet on the floor (their replicas
  // send it at their next start), so each table's floor copy is held to [its position at the end, its log].
  const jsm = await consoleConnection.jetstreamManager();
  const positions = new Map([...runtimes].map(([id, r]) => [id, r.service.position]));
  const floorCounts = async () => ((await jsm.streams.info(STREAM, { subjects_filter: '>' })).state.subjects ?? {}) as Record<string, number>;
  const caughtUp = Date.now();
  for (;;) {
    const counts = await floorCounts();
    const rowsNow = new Map(board.rows(Date.now(), () => false).map((r) => [r.tableId, r.seq]));
    if ([...positions].every(([id, p]) => (counts[`tables.${id}.events`] ?? 0) >= p && (rowsNow.get(id) ?? 0) >= p) || Date.now() - caughtUp > 60_000) break;
    await sleep(500);
  }
  console.log(`  floor and console caught up with the logs ${f((Date.now() - caughtUp) / 1000, 1)} s after the run`);
  for (const runtime of runtimes.values()) await runtime.stop();
  await sleep(3000);
  const onFloor = await floorCounts();
  let closingNotes = 0;
  let logEvents = 0;
  let floorEvents = 0;
  const mismatches: string[] = [];
  /** Events of the run a table's floor copy had not taken a minute after it (behind, not lost: the replica goes on from JetStream's last). */
  const behind: number[] = [];
  let figuresDiffer = 0;
  let compared = 0;
  const rows = new Map(board.rows(Date.now(), () => false).map((r) => [r.tableId, r]));
  const { SqliteEventStore } = await import('../src/adapters/store/sqlite-event-store.js');
  const store = new SqliteEventStore({ path: join(dir, '{tableId}.db') });
  for (const id of runtimes.keys()) {
    const fold = new ShiftFigures({ from: '2000-01-01T00:00:00Z', to: '2100-01-01T00:00:00Z' }, new DealerOnDuty());
    let inLog = 0;
    for await (const page of readLogPages(store, id)) for (const e of page) { fold.push(e); inLog++; }
    const floor = onFloor[`tables.${id}.events`] ?? 0;
    const row = rows.get(id);
    logEvents += inLog;
    floorEvents += floor;
    // JetStream takes each table's events in order at their expected position (message id <table>:<seq>),
    // so the subject's count is its last seq: fewer than the log's is a loss, more a double.
    const console$ = row?.seq ?? 0;
    closingNotes += inLog - floor;
    if (floor !== console$ || floor > inLog) mismatches.push(`${id}: log ${inLog}, floor ${floor}, console ${console$}`);
    if (floor < positions.get(id)!) behind.push(positions.get(id)! - floor);
    if (floor === inLog) compared++;
    if (JSON.stringify(fold.tables.get(id)) !== JSON.stringify(row?.shift) && floor === inLog) figuresDiffer++;
  }
  await store.close();
  const rounds = [...rows.values()].reduce((s, r) => s + r.shift.rounds, 0);

  const atEnd = [...positions.values()].reduce((a, b) => a + b, 0);
  console.log(`  dealt ${f(seconds, 0)} s: ${rounds} rounds; events on the tables' logs at the run's end ${atEnd}, when they stopped ${logEvents}; on the floor ${floorEvents}, in the console ${[...rows.values()].reduce((s, r) => s + r.seq, 0)}`);
  console.log(`  lost or doubled: ${mismatches.length === 0 ? 'none (every table: the floor = the console = the log\'s first events, in order)' : mismatches.slice(0, 5).join('; ')}; console's shift figures differ from the log's fold at ${figuresDiffer} of the ${compared} tables whose whole log is on the floor`);
  if (behind.length > 0) console.log(`  the floor's copy still behind the run's end a minute later at ${behind.length} of ${n} tables, by ${behind.reduce((a, b) => a + b, 0)} events in all`);
  // Cards appended from 2 s before the kill (their views in flight when it came) until 10 s after the node is back are the outage's; the rest the steady floor's.
  const outage = (a: number) => a >= killedAt - 2000 && a < backAt + 10_000;
  const line = (name: string, xs: Array<[number, number]>) => {
    const all = xs.map(([, l]) => l);
    const steady = xs.filter(([a]) => !outage(a)).map(([, l]) => l);
    const during = xs.filter(([a]) => outage(a)).map(([, l]) => l);
    console.log(`  ${name} all: p50 ${f(pct(all, 50))} ms, p99 ${f(pct(all, 99))} ms (${all.length}); steady: p50 ${f(pct(steady, 50))}, p99 ${f(pct(steady, 99))} ms; the outage's: p50 ${f(pct(during, 50))}, p99 ${f(pct(during, 99))}, max ${f(during.reduce((a, b) => Math.max(a, b), -Infinity))} ms`);
  };
  line('card -> console', toConsole);
  line('card -> viewer ', toViewer);
  const hop = (name: string, xs: number[]) => `${name} p50 ${f(pct(xs, 50))}, p99 ${f(pct(xs, 99))} ms`;
  for (const [name, inOutage] of [['steady', false], ['the outage\'s', true]] as const) {
    const xs = hopSamples.filter((s) => outage(s.at) === inOutage).flatMap(({ at, taken, key }) => {
      const h = hops.cards.get(key);
      return h?.sent !== undefined && h.acked !== undefined ? [{ sent: h.sent - at, acked: h.acked - h.sent, taken: taken - h.acked }] : [];
    });
    console.log(`  hops to the console, ${name} (${xs.length}): ${hop('append -> replica sent', xs.map((s) => s.sent))}; ${hop('sent -> JetStream ack', xs.map((s) => s.acked))}; ${hop('ack -> console took it', xs.map((s) => s.taken))}`);
  }
  const gaps = [...hops.gatewayGaps.values()].map((g) => g.longest).sort((a, b) => b - a);
  console.log(`  the tables' public view publishes: ${hop('acknowledged in', hops.viewPublishMs)}, max ${f(Math.max(...hops.viewPublishMs))} ms, ${hops.viewPublishFailures} failed; the gateways' longest wait between two views: ${gaps.slice(0, 5).map((g) => f(g)).join(', ')} ms`);
  // Per 5 s of the run: the p99 of the cards appended then, to the console and to a viewer.
  const slot = (a: number) => Math.floor((a - t0) / 5000);
  const bySlot = (xs: Array<[number, number]>) => { const m = new Map<number, number[]>(); for (const [a, l] of xs) { const k = slot(a); m.set(k, [...(m.get(k) ?? []), l]); } return m; };
  const cs = bySlot(toConsole);
  const vs = bySlot(toViewer);
  console.log(`  p99 by 5 s of the run (console/viewer, ms): ${[...new Set([...cs.keys(), ...vs.keys()])].sort((a, b) => a - b).map((k) => `${k * 5}s ${f(pct(cs.get(k) ?? [], 99))}/${f(pct(vs.get(k) ?? [], 99))}`).join(', ')}`);
  console.log(`  hops to a viewer: ${hop('view made -> gateway received', hops.viewToGateway)} (${hops.viewToGateway.length}); this process's event loop delay p50 ${f(loop.p50, 1)}, p99 ${f(loop.p99, 1)}, max ${f(loop.max)} ms`);
  console.log(`  viewers open at the end: ${sockets.filter((s) => s.readyState === WebSocket.OPEN).length} of ${sockets.length}; events the tables wrote after the run's end, while the floor caught up, not yet on the floor when they stopped (their replicas send them at the next start): ${closingNotes}`);
  const cores = (cpu.user + cpu.system) / 1e6 / seconds;
  console.log(`  this process (tables, console, gateways, viewers): ${f(cores, 2)} cores, ${f((cores / n) * 1000, 1)} millicores per table; RSS max ${f(rssMax / 2 ** 20)} MiB, ${f(rssMax / 2 ** 20 / n, 1)} MiB per table`);
  console.log(`  nats-servers: ${natsCpu.map((c) => f(c / seconds, 2)).join(', ')} cores (n2 from its restart); RSS ${nodes(cluster).map((c) => (c?.pid ? f(rssMiBOf(c.pid)) : '–')).join(', ')} MiB`);

  for (const s of sockets) s.terminate();
  for (const g of gateways) { await g.app.close(); await g.views.stop(); }
  await feed.stop();
  await gatewayConnection.close();
  await consoleConnection.close();
  await cluster.stop();
  rmSync(dir, { recursive: true, force: true });
  rmSync(natsDir, { recursive: true, force: true });
}

console.log(`bench:floor on ${(await import('node:os')).cpus().length} cores (shared with other work: figures are this run's, not the machine's best)`);
for (const n of SIZES) await floorOf(n);
process.exit(0);
