// bench:floor — a floor of N tables on a three-node NATS cluster (docs/benchmarks.md, "bench:floor"):
// N demo tables (real table runtimes: the emulated shoe deals over its mock wire and bots bet) at an
// accelerated pace (support/floor-pace.ts), in K processes of their own (support/floor-tables-child.ts); a
// local three-node cluster (scripts/nats-cluster.mjs) with the streams in 3 copies; the pit console's feed
// and board (src/adapters/floor/pit-feed.ts) in this process, started before the tables; for each table a
// display gateway (createGatewayServer over NatsViewSource) in a process of the gateways
// (support/floor-gateways-child.ts), and V public viewers on WebSockets in a process of the viewers
// (support/floor-viewers-child.ts). Mid-run one node is killed (SIGKILL) and started again after --down
// seconds. Every hop is stamped with Date.now(): one machine, one wall clock for every process. Printed per N:
//   card -> console: a card's input durable on its table's log -> the console's board took the card's event
//   card -> viewer:  the same append -> a viewer received the first view made at or after it
//   events: each table's log vs the floor's copy (per subject, JetStream's own count) vs the console's board
//   (its last seq per table, and its shift figures against the same fold over the table's log)
//   memory and CPU: each process's (tables, gateways, viewers, console) per table, and the nats-servers'.
// Options: --tables 10,50,100  --seconds 60 (dealing after the warm-up)  --down 30 (0: no node lost)  --viewers 20
//   --pace MS (ms per card at each table; default: the floor's 250 cards/s shared by the N tables, support/floor-pace.ts)
//   --table-processes K (default: one per 50 tables)
//   --kill n2|tables-leader|views-leader (default n2: the node killed; a stream's leader: that stream elects)
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { monitorEventLoopDelay } from 'node:perf_hooks';
import { connect } from 'nats';
import { NatsCluster } from '../scripts/nats-cluster.mjs';
import { freePort } from '../test/adapters/store/nats-server-process.js';
import { numberOption } from './support/bench-options.js';
import { cpuSecondsOf, rssMiBOf, startChild, type JsonLineChild } from './support/bench-processes.js';
import { natsServers } from '../src/adapters/store/nats-servers.js';
import { PitFeed } from '../src/adapters/floor/pit-feed.js';
import { VIEW_STREAM } from '../src/adapters/view-fanout/view-stream.js';
import { PitBoard } from '../src/app/floor/pit-board.js';
import { DealerOnDuty } from '../src/app/floor/dealer-on-duty.js';
import { ShiftFigures } from '../src/app/floor/shift-figures.js';
import { readLogPages } from '../src/app/audit/read-log-pages.js';
import { realClock } from '../src/adapters/clock/real-clock.js';
import { defaultPaceMs, paceInWords } from './support/floor-pace.js';

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
const TABLE_PROCESSES = numberOption('table-processes', 0);
const KILL = ((): 'n2' | 'tables-leader' | 'views-leader' => {
  const at = process.argv.indexOf('--kill');
  const v = at < 0 ? 'n2' : process.argv[at + 1];
  if (v !== 'n2' && v !== 'tables-leader' && v !== 'views-leader') throw new Error(`--kill takes n2, tables-leader or views-leader, not ${v}`);
  return v;
})();
const STREAM = 'TABLE_EVENTS';
const clock = realClock();
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
const pct = (xs: number[], p: number): number => {
  if (xs.length === 0) return NaN;
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.min(s.length - 1, Math.floor((p / 100) * s.length))]!;
};
const f = (x: number, d = 0) => (Number.isFinite(x) ? x.toFixed(d) : '–');
type Loop = { p50: number; p99: number; max: number };
const loopWords = (l: Loop) => `p50 ${f(l.p50, 1)}, p99 ${f(l.p99, 1)}, max ${f(l.max)} ms`;

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

/** Sends `command` to every child and waits for each one's answer. */
const ask = async (children: readonly JsonLineChild[], command: string) => {
  for (const c of children) c.send(command);
  return Promise.all(children.map((c) => c.next()));
};

async function floorOf(n: number): Promise<void> {
  const paceMs = PACE_GIVEN ? PACE_MS : defaultPaceMs(n);
  const k = TABLE_PROCESSES > 0 ? TABLE_PROCESSES : Math.max(1, Math.ceil(n / 50));
  console.log(`\nN = ${n} tables in ${k} process${k > 1 ? 'es' : ''}: ${paceInWords(n, paceMs)}; ${VIEWERS} viewers per table, ${SECONDS} s of dealing, one node down ${DOWN_SECONDS} s mid-run`);
  const { cluster, dir: natsDir } = await ownCluster();
  const dir = mkdtempSync(join(tmpdir(), 'bench-floor-'));
  const url = cluster.url;
  const ids = Array.from({ length: n }, (_, i) => `f${String(i).padStart(3, '0')}`);

  // The console first (as a floor runs it: up before the tables), its feed and board as `shoe pit` runs them:
  // it reads the floor as the tables start, never a backlog of the whole start-up.
  const consoleConnection = await connect({ servers: natsServers(url), maxReconnectAttempts: -1, reconnectTimeWait: 500 });
  const board = new PitBoard({ from: '2000-01-01T00:00:00Z', to: '2100-01-01T00:00:00Z' }, (t) => `Dealer ${Number(t.slice(1)) % 7}`);
  const feed = new PitFeed({ connection: consoleConnection, clock, board, streamName: STREAM, subjectPrefix: 'tables', replicas: 3 });
  /** When the console took each card (table:seq -> Date.now()). */
  const taken = new Map<string, number>();
  feed.seen$.subscribe((e) => { if (e.type === 'card.dealt') taken.set(`${e.tableId}:${e.seq}`, Date.now()); });
  await feed.start();
  const consoleLoop = monitorEventLoopDelay({ resolution: 10 });

  // The tables, in K processes, a few at a time in each; each deals from its start.
  const started = Date.now();
  const tables = Array.from({ length: k }, (_, p) => startChild(['bench/support/floor-tables-child.ts', JSON.stringify({ url, dir, ids: ids.filter((_, i) => i % k === p), paceMs, parallel: 4 })], 0));
  const startMs = (await Promise.all(tables.map((c) => c.next()))).flatMap((r) => r['startMs'] as number[]);
  const allStarted = Date.now();
  console.log(`  ${n} tables started in ${f((allStarted - started) / 1000, 1)} s, 4 at a time in each process: a table's start p50 ${f(pct(startMs, 50))} ms, p99 ${f(pct(startMs, 99))} ms, max ${f(Math.max(...startMs))} ms (wall, the tables started before it dealing meanwhile)`);
  const positionsNow = async () => {
    const answers = await ask(tables, 'positions');
    return {
      positions: new Map(answers.flatMap((r) => Object.entries(r['positions'] as Record<string, number>))),
      lastCard: new Map(answers.flatMap((r) => Object.entries(r['lastCard'] as Record<string, number>))),
    };
  };

  // The gateways, one per table, in a process of theirs; the viewers in processes of theirs (1,000 each).
  const gateways = startChild(['bench/support/floor-gateways-child.ts', JSON.stringify({ url, ids, parallel: 8 })], 0);
  const urls = (await gateways.next())['urls'] as Record<string, string>;
  const viewerProcesses = Math.max(1, Math.ceil((n * VIEWERS) / 1000));
  const viewers = Array.from({ length: viewerProcesses }, (_, p) => startChild(['bench/support/floor-viewers-child.ts', JSON.stringify({ urls: Object.fromEntries(Object.entries(urls).filter((_, i) => i % viewerProcesses === p)), viewers: VIEWERS })], 0));
  await Promise.all(viewers.map((c) => c.next()));
  console.log(`  ${n} gateways and ${n * VIEWERS} viewers (${viewerProcesses} process${viewerProcesses > 1 ? 'es' : ''}) up ${f((Date.now() - allStarted) / 1000, 1)} s after the last table started`);
  await sleep(3000); // warm-up: every viewer has its first view
  // The measurement begins once every table deals (a card since the last table started) and the console has
  // every table's events up to where its log was a moment ago: what it read before is the floor's start-up.
  const waitFrom = Date.now();
  for (;;) {
    const { positions, lastCard } = await positionsNow();
    await sleep(1000);
    const seqs = new Map(board.rows(Date.now(), () => false).map((r) => [r.tableId, r.seq]));
    const dealing = ids.filter((id) => (lastCard.get(id) ?? 0) >= allStarted).length;
    const behind = [...positions].reduce((sum, [id, p]) => sum + Math.max(0, p - (seqs.get(id) ?? 0)), 0);
    if ((dealing === n && behind === 0) || Date.now() - waitFrom > 180_000) {
      console.log(`  measuring from ${f((Date.now() - started) / 1000, 1)} s: ${dealing} of ${n} tables dealing, the console ${behind === 0 ? 'caught up' : `still ${behind} events behind (gave up waiting)`}`);
      break;
    }
  }
  const measureFrom = Date.now();
  for (const c of [...tables, gateways, ...viewers]) c.send('measure');
  consoleLoop.enable();

  const pids = { tables: tables.map((c) => c.pid), gateways: [gateways.pid], viewers: viewers.map((c) => c.pid), console: [process.pid] };
  const cpuOf = (ps: number[]) => ps.reduce((s, pid) => s + cpuSecondsOf(pid), 0);
  const cpu0 = Object.fromEntries(Object.entries(pids).map(([k2, ps]) => [k2, cpuOf(ps)]));
  const natsCpu0 = nodes(cluster).map((c) => (c?.pid ? cpuSecondsOf(c.pid) : NaN));
  const t0 = Date.now();
  const rssMax: Record<string, number> = {};
  const rssTimer = setInterval(() => { for (const [k2, ps] of Object.entries(pids)) rssMax[k2] = Math.max(rssMax[k2] ?? 0, ps.reduce((s, pid) => s + rssMiBOf(pid), 0)); }, 1000);
  // Mid-run: a node killed, and started again after DOWN_SECONDS (or the run's end, whichever comes first).
  const before = Math.max(0, (SECONDS - DOWN_SECONDS) / 2);
  await sleep(before * 1000);
  const killedAt = DOWN_SECONDS > 0 ? Date.now() : Infinity;
  let backAt = Infinity;
  let victim = 1;
  if (DOWN_SECONDS > 0) {
    // Which streams the node killed leads: their elections are what a reader of JetStream alone waits for.
    const jsm = await consoleConnection.jetstreamManager();
    const leaders = await Promise.all([STREAM, VIEW_STREAM].map((s) => jsm.streams.info(s).then((i) => i.cluster?.leader ?? '?', () => '?')));
    console.log(`  before the kill: the tables' stream led by ${leaders[0]}, the views' stream by ${leaders[1]}; the console connected to ${consoleConnection.info?.server_name ?? '?'}`);
    const leader = KILL === 'tables-leader' ? leaders[0] : KILL === 'views-leader' ? leaders[1] : 'n2';
    victim = /^n[123]$/.test(leader ?? '') ? Number(leader!.slice(1)) - 1 : 1;
    await cluster.stopNode(victim, 'SIGKILL');
    console.log(`  node n${victim + 1} killed at ${f((killedAt - t0) / 1000, 0)} s`);
    await sleep(Math.min(DOWN_SECONDS, SECONDS - before) * 1000);
    await cluster.startNode(victim);
    backAt = Date.now();
    console.log(`  node n${victim + 1} back at ${f((Date.now() - t0) / 1000, 0)} s`);
  }
  await sleep(Math.max(0, SECONDS * 1000 - (Date.now() - t0)));
  const runEnd = Date.now();
  const m = feed.merge;
  console.log(`  the console's events: ${m.applied.live} from the live path, ${m.applied.durable} from JetStream, ${m.doubles} brought twice and applied once`);
  const seconds = (runEnd - t0) / 1000;
  const cpu = Object.fromEntries(Object.entries(pids).map(([k2, ps]) => [k2, cpuOf(ps) - cpu0[k2]!]));
  const natsCpu = nodes(cluster).map((c, i) => (c?.pid ? cpuSecondsOf(c.pid) - (i === 1 ? 0 : natsCpu0[i]!) : NaN));
  clearInterval(rssTimer);
  consoleLoop.disable();

  // The floor and the console catch up with every table's log as it is at the run's end (the tables deal
  // on meanwhile), then the tables stop: what they wrote since is not yet on the floor (their replicas
  // send it at their next start), so each table's floor copy is held to [its position at the end, its log].
  const jsm = await consoleConnection.jetstreamManager();
  const { positions } = await positionsNow();
  const floorCounts = async () => ((await jsm.streams.info(STREAM, { subjects_filter: '>' })).state.subjects ?? {}) as Record<string, number>;
  const caughtUp = Date.now();
  for (;;) {
    const counts = await floorCounts();
    const rowsNow = new Map(board.rows(Date.now(), () => false).map((r) => [r.tableId, r.seq]));
    if ([...positions].every(([id, p]) => (counts[`tables.${id}.events`] ?? 0) >= p && (rowsNow.get(id) ?? 0) >= p) || Date.now() - caughtUp > 60_000) break;
    await sleep(500);
  }
  console.log(`  floor and console caught up with the logs ${f((Date.now() - caughtUp) / 1000, 1)} s after the run`);
  // The run's cards (appended from the measurement's start to the run's end) and their hops, from the tables' processes.
  const tableReports = await ask(tables, `report ${measureFrom}`);
  const cards = tableReports.flatMap((r) => r['cards'] as Array<[string, number, number | null, number | null]>).filter(([, at]) => at <= runEnd);
  const [gatewayReport] = await ask([gateways], 'report');
  const appendsByTable: Record<string, number[]> = {};
  for (const [key, at] of [...cards].sort((x, y) => x[1] - y[1])) (appendsByTable[key.slice(0, key.indexOf(':'))] ??= []).push(at);
  const viewerReports = await ask(viewers, `report ${JSON.stringify(appendsByTable)}`);
  const toViewer: Array<[number, number]> = [];
  for (const r of viewerReports) { const xs = r['samples'] as number[]; for (let i = 0; i < xs.length; i += 2) toViewer.push([xs[i]!, xs[i + 1]!]); }
  const toConsole: Array<[number, number]> = cards.flatMap(([key, at]) => (taken.has(key) ? [[at, taken.get(key)! - at] as [number, number]] : []));
  const notTaken = cards.length - toConsole.length;

  // A table killed -9 turns "stale" on the console (the goal: within 5 s): the first tables' process is
  // SIGKILLed and the console's board, through the feed's liveness as `shoe pit` runs it, is watched until
  // each of its tables shows stale. The other processes stop as before.
  const killedIds = ids.filter((_, i) => i % k === 0);
  const tableKilledAt = Date.now();
  process.kill(tables[0]!.pid, 'SIGKILL');
  const staleAfter = new Map<string, number>();
  while (staleAfter.size < killedIds.length && Date.now() - tableKilledAt < 15_000) {
    for (const id of killedIds) if (!staleAfter.has(id) && feed.isStale(id)) staleAfter.set(id, Date.now() - tableKilledAt);
    await sleep(50);
  }
  const staleMs = [...staleAfter.values()];
  console.log(`  a tables' process killed -9 (${killedIds.length} tables): "stale" on the console at ${staleMs.length} of them, after p50 ${f(pct(staleMs, 50))} ms, max ${f(staleMs.reduce((a, b) => Math.max(a, b), -Infinity))} ms (the console's liveness: 3 s without a heartbeat, looked at every 0.5 s)`);
  await ask(tables.slice(1), 'stop');
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
  for (const id of ids) {
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
    // The console may be ahead of the floor (the live path, ADR 0016), never behind it nor past the log.
    if (console$ < floor || floor > inLog || console$ > inLog) mismatches.push(`${id}: log ${inLog}, floor ${floor}, console ${console$}`);
    if (floor < positions.get(id)!) behind.push(positions.get(id)! - floor);
    if (floor === inLog) compared++;
    if (JSON.stringify(fold.tables.get(id)) !== JSON.stringify(row?.shift) && floor === inLog) figuresDiffer++;
  }
  await store.close();
  const rounds = [...rows.values()].reduce((s, r) => s + r.shift.rounds, 0);

  const atEnd = [...positions.values()].reduce((a, b) => a + b, 0);
  console.log(`  dealt ${f(seconds, 0)} s: ${rounds} rounds, ${cards.length} cards (${f(cards.length / seconds)}/s); events on the tables' logs at the run's end ${atEnd}, when they stopped ${logEvents}; on the floor ${floorEvents}, in the console ${[...rows.values()].reduce((s, r) => s + r.seq, 0)}`);
  console.log(`  lost or doubled: ${mismatches.length === 0 ? 'none (every table: the floor and the console each the log\'s first events, in order, the console at least the floor)' : mismatches.slice(0, 5).join('; ')}; console's shift figures differ from the log's fold at ${figuresDiffer} of the ${compared} tables whose whole log is on the floor`);
  if (behind.length > 0) console.log(`  the floor's copy still behind the run's end a minute later at ${behind.length} of ${n} tables, by ${behind.reduce((a, b) => a + b, 0)} events in all`);
  if (notTaken > 0) console.log(`  ${notTaken} of the run's cards never reached the console`);
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
    const xs = cards.filter(([key, at]) => outage(at) === inOutage && taken.has(key)).flatMap(([key, at, sent, acked]) =>
      (sent !== null && acked !== null ? [{ sent: sent - at, acked: acked - sent, taken: taken.get(key)! - acked }] : []));
    console.log(`  hops to the console, ${name} (${xs.length}): ${hop('append -> replica sent', xs.map((s) => s.sent))}; ${hop('sent -> JetStream ack', xs.map((s) => s.acked))}; ${hop('ack -> console took it', xs.map((s) => s.taken))}`);
  }
  const viewPublishMs = tableReports.flatMap((r) => r['viewPublishMs'] as number[]);
  const gaps = (gatewayReport!['gaps'] as number[]).sort((x, y) => y - x);
  console.log(`  the tables' public view publishes: ${hop('acknowledged in', viewPublishMs)}, max ${f(Math.max(...viewPublishMs))} ms, ${tableReports.reduce((s, r) => s + (r['viewPublishFailures'] as number), 0)} failed; the gateways' longest wait between two views: ${gaps.slice(0, 5).map((g) => f(g)).join(', ')} ms`);
  // Per 5 s of the run: the p99 of the cards appended then, to the console and to a viewer.
  const slot = (a: number) => Math.floor((a - t0) / 5000);
  const bySlot = (xs: Array<[number, number]>) => { const m = new Map<number, number[]>(); for (const [a, l] of xs) { const s2 = slot(a); if (!m.has(s2)) m.set(s2, []); m.get(s2)!.push(l); } return m; };
  const cs = bySlot(toConsole);
  const vs = bySlot(toViewer);
  console.log(`  p99 by 5 s of the run (console/viewer, ms): ${[...new Set([...cs.keys(), ...vs.keys()])].sort((a, b) => a - b).map((s2) => `${s2 * 5}s ${f(pct(cs.get(s2) ?? [], 99))}/${f(pct(vs.get(s2) ?? [], 99))}`).join(', ')}`);
  const viewToGateway = gatewayReport!['viewToGateway'] as number[];
  console.log(`  hops to a viewer: ${hop('view made -> gateway received', viewToGateway)} (${viewToGateway.length})`);
  const worst = (rs: Array<Record<string, unknown>>): Loop => rs.map((r) => r['loop'] as Loop).reduce((x, y) => (y.p99 > x.p99 ? y : x));
  console.log(`  event loop delay: the tables' processes (worst) ${loopWords(worst(tableReports))}; the gateways' ${loopWords(gatewayReport!['loop'] as Loop)}; the viewers' (worst) ${loopWords(worst(viewerReports))}; the console's ${loopWords({ p50: consoleLoop.percentile(50) / 1e6, p99: consoleLoop.percentile(99) / 1e6, max: consoleLoop.max / 1e6 })}`);
  console.log(`  viewers open at the end: ${viewerReports.reduce((s, r) => s + (r['open'] as number), 0)} of ${n * VIEWERS}; events the tables wrote after the run's end, while the floor caught up, not yet on the floor when they stopped (their replicas send them at the next start): ${closingNotes}`);
  const cores = (x: number) => x / seconds;
  const all = Object.values(cpu).reduce((a, b) => a + b, 0);
  console.log(`  CPU: ${f(cores(all), 2)} cores, ${f((cores(all) / n) * 1000, 1)} millicores per table: tables ${f(cores(cpu['tables']!), 2)}, gateways ${f(cores(cpu['gateways']!), 2)}, viewers ${f(cores(cpu['viewers']!), 2)}, console (this process) ${f(cores(cpu['console']!), 2)}; RSS max ${Object.entries(rssMax).map(([k2, m]) => `${k2} ${f(m)}`).join(', ')} MiB (${f(Object.values(rssMax).reduce((a, b) => a + b, 0) / n, 1)} MiB per table)`);
  console.log(`  nats-servers: ${natsCpu.map((c) => f(c / seconds, 2)).join(', ')} cores (n${victim + 1} from its restart); RSS ${nodes(cluster).map((c) => (c?.pid ? f(rssMiBOf(c.pid)) : '–')).join(', ')} MiB`);

  for (const c of viewers) c.send('stop');
  await ask([gateways], 'stop');
  await Promise.all([...tables, gateways, ...viewers].map((c) => c.exited()));
  await feed.stop();
  await consoleConnection.close();
  await cluster.stop();
  rmSync(dir, { recursive: true, force: true });
  rmSync(natsDir, { recursive: true, force: true });
}

console.log(`bench:floor on ${(await import('node:os')).cpus().length} cores (shared with other work: figures are this run's, not the machine's best)`);
for (const n of SIZES) await floorOf(n);
process.exit(0);
