// Slow viewers benchmark (`npm run bench:slow-viewers`, docs/benchmarks.md "Slow viewers"): prints figures,
// asserts nothing. Loopback only. A demo table (emulated shoe, bot players, a card per --pace ms) serves
// /ws/public to N clients that never read (bench/slow-viewers-clients.ts, in several processes, each client
// from its own loopback address). Every 10 s: elapsed, the table's display sockets open and shed (its
// /metrics), the kernel's TCP memory (/proc/net/sockstat "TCP: ... mem", pages; the machine's, every TCP
// user's) and how much of it the table's own sockets and the clients' hold (`ss -tm`: receive + send
// queues + forward allocation of the sockets from and to the table's port), and the table's RSS (this
// process). At the end: the peak and final TCP memory against the goal (< 64 MB in all, flat).
// The clients run on the same machine, so the machine's figure also holds what the clients' kernels keep
// unread for them; on a floor that memory is on the displays' machines, not the table's.
// Options: --clients N (2000) --seconds S (300) --client-processes P (4) --pace MS (700, the demo's)
//          --reconnect 0|1 (1: a shed client connects again after 1 s and stalls again; 0: it stays closed)
//          --nice N (10: the clients' OS priority).
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pino } from 'pino';
import { SerialPortMock } from 'serialport';
import { startTable } from '../src/composition/table-runtime.js';
import { parseTableConfig } from '../src/config/table-config.js';
import { createTableWebServer } from '../src/composition/table-web-server.js';
import { loadRuleSet } from '../src/config/load-rule-set.js';
import { strategyInBackground } from '../src/app/par/strategy-in-background.js';
import { startChild, type JsonLineChild } from './support/bench-processes.js';
import { numberOption } from './support/bench-options.js';

const CLIENTS = numberOption('clients', 2000);
const SECONDS = numberOption('seconds', 300);
const PROCESSES = numberOption('client-processes', 4);
const PACE_MS = numberOption('pace', 700);
const RECONNECT = numberOption('reconnect', 1) !== 0;
const NICE = numberOption('nice', 10);
const GOAL_MB = 64;
const SAMPLE_MS = 10_000;

const PAGE_BYTES = Number(spawnSync('getconf', ['PAGESIZE'], { encoding: 'utf8' }).stdout.trim()) || 4096;
const mb = (bytes: number): string => (bytes / 1e6).toFixed(1);

/** The machine's TCP memory (bytes): /proc/net/sockstat's "TCP: ... mem N", N in pages. */
function tcpMemory(): number {
  const m = /^TCP:.* mem (\d+)/m.exec(readFileSync('/proc/net/sockstat', 'latin1'));
  return m ? Number(m[1]) * PAGE_BYTES : NaN;
}

/** What some sockets hold in the kernel (bytes): `ss -tm`'s skmem r (received) + w (queued to send) + f (allocated ahead), summed over the sockets `filter` picks. */
function socketMemory(filter: string): number {
  const run = spawnSync('ss', ['-tmnH', 'state', 'all', filter], { encoding: 'utf8', maxBuffer: 64 * 2 ** 20 });
  let sum = 0;
  for (const m of run.stdout.matchAll(/skmem:\(r(\d+),rb\d+,t\d+,tb\d+,f(\d+),w(\d+)/g)) sum += Number(m[1]) + Number(m[2]) + Number(m[3]);
  return sum;
}

/** A metric's value summed over the series whose labels contain `labels` (none given: every series of it). */
function metric(text: string, name: string, labels = ''): number {
  let sum = 0;
  for (const line of text.split('\n')) {
    if (!line.startsWith(`${name}{`) && !line.startsWith(`${name} `)) continue;
    if (labels && !line.includes(labels)) continue;
    sum += Number(line.slice(line.lastIndexOf(' ') + 1));
  }
  return sum;
}

const before = tcpMemory();
console.log(`bench:slow-viewers — ${CLIENTS} clients on /ws/public that never read, ${SECONDS} s, a card per ${PACE_MS} ms; clients ${RECONNECT ? 'reconnect 1 s after being shed' : 'stay closed once shed'}; loopback, one machine`);
console.log(`  ulimit -n here: ${spawnSync('sh', ['-c', 'ulimit -n'], { encoding: 'utf8' }).stdout.trim()} (each client process holds ${Math.ceil(CLIENTS / PROCESSES)} sockets); TCP memory before the table starts: ${mb(before)} MB`);

const dir = mkdtempSync(join(tmpdir(), 'bench-slow-viewers-'));
// The table's WARN lines: those about displays shed for not reading and those about display requests
// refused under pressure (503) are counted; any other is shown.
const warned = { stalled: 0, pressure: 0 };
const logger = pino({ level: 'warn' }, {
  write: (line: string) => {
    if (line.includes('"msg":"shed ')) warned.stalled += 1;
    else if (line.includes('"msg":"under pressure')) warned.pressure += 1;
    else process.stderr.write(line);
  },
});
// The bot's strategy, computed before the table deals (in a worker that does not keep the process alive alone).
const waiting = setInterval(() => undefined, 1000);
await strategyInBackground(loadRuleSet('six-deck').rules).ready;
clearInterval(waiting);
const runtime = await startTable({
  config: parseTableConfig({ id: 'slow-1', rules: 'six-deck', store: { path: join(dir, '{tableId}.db') }, http: { host: '127.0.0.1', port: 0 }, roles: {} }, 'bench'),
  logger, paceMs: PACE_MS, seed: 7, web: (deps) => createTableWebServer(deps),
});
const url = runtime.url!;
const port = Number(new URL(url).port);
const scrape = async () => (await fetch(`${url}/metrics`)).text();
const children: JsonLineChild[] = [];
try {
  const per = Math.ceil(CLIENTS / PROCESSES);
  for (let offset = 0; offset < CLIENTS; offset += per) {
    const count = Math.min(per, CLIENTS - offset);
    children.push(startChild(['bench/slow-viewers-clients.ts', JSON.stringify({ url: `${url.replace('http', 'ws')}/ws/public`, count, offset, reconnect: RECONNECT })], NICE));
  }
  await Promise.all(children.map((c) => c.next())); // {up}: connecting
  const began = performance.now();
  const cpu0 = process.cpuUsage();
  const samples: Array<{ at: number; tcp: number }> = [];
  let peak = { at: 0, tcp: before };
  for (let at = SAMPLE_MS; at <= SECONDS * 1000; at += SAMPLE_MS) {
    // Sampled every second for the peak; a line every 10 s.
    while (performance.now() - began < at) {
      await new Promise((r) => setTimeout(r, 1000));
      const tcp = tcpMemory();
      if (tcp > peak.tcp) peak = { at: (performance.now() - began) / 1000, tcp };
    }
    const text = await scrape();
    const tcp = tcpMemory();
    samples.push({ at: at / 1000, tcp });
    const open = metric(text, 'table_display_sockets', 'audience="public"');
    // Older tables count only the 503s under pressure here, without a cause: then every series is summed.
    const shed = text.includes('cause="stalled"') ? metric(text, 'table_displays_shed_total', 'cause="stalled"') : metric(text, 'table_displays_shed_total');
    const sent = metric(text, 'table_views_sent_total', 'audience="public"');
    console.log(`  ${String(at / 1000).padStart(4)} s: sockets open ${open}, shed ${shed}, views sent ${sent} so far; TCP memory ${mb(tcp)} MB (the table's sockets ${mb(socketMemory(`( sport = :${port} )`))}, the clients' ${mb(socketMemory(`( dport = :${port} )`))}); table RSS ${mb(process.memoryUsage().rss)} MB`);
  }
  for (const c of children) c.send('status');
  const status = await Promise.all(children.map((c) => c.next()));
  const sum = (key: string) => status.reduce((n, s) => n + (s[key] as number), 0);
  const refused: Record<string, number> = {};
  for (const s of status) for (const [k, n] of Object.entries(s['refused'] as Record<string, number>)) refused[k] = (refused[k] ?? 0) + n;
  console.log(`  clients: ${sum('connects')} upgrades, ${sum('closed')} found their connection closed, ${sum('open')} open at the end; upgrades refused and retried: ${JSON.stringify(refused)}`);
  const cpu = process.cpuUsage(cpu0);
  console.log(`  the table's WARN lines in ${SECONDS} s: ${warned.stalled} about displays shed for not reading, ${warned.pressure} about display requests refused under pressure; the table's process busy ${((cpu.user + cpu.system) / 1e6 / SECONDS).toFixed(2)} core on average (with the bench's own sampling)`);
  const final = samples.at(-1)?.tcp ?? NaN;
  // Flat: the last sample within 10 % (or 4 MB) of the median of the samples after the first minute.
  const settled = samples.filter((s) => s.at > 60).map((s) => s.tcp).sort((a, b) => a - b);
  const median = settled[Math.floor(settled.length / 2)] ?? final;
  const flat = final - median <= Math.max(4e6, 0.1 * median);
  const verdict = peak.tcp < GOAL_MB * 1e6 && flat ? 'pass' : 'short';
  console.log(`  TCP memory: peak ${mb(peak.tcp)} MB (at ${peak.at.toFixed(0)} s), final ${mb(final)} MB, ${mb(before)} MB before the table started; goal < ${GOAL_MB} MB in all and flat (final within 10 % or 4 MB of the median after the first minute, ${mb(median)} MB) — ${verdict}`);
} finally {
  for (const c of children) c.send('stop');
  await Promise.all(children.map((c) => c.exited()));
  await runtime.stop();
  SerialPortMock.binding.reset();
  rmSync(dir, { recursive: true, force: true });
}
process.exit(0);
