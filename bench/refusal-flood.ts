// Refused traffic and the log (`npm run bench:refusals`, docs/benchmarks.md "Refused traffic and the
// log"): prints figures, asserts nothing. Loopback only.
//   A table (SQLite log, synchronous FULL, as `shoe start` runs it) with its web server on a real port,
//   default settings (100 requests per second per address, the refusal log's 10 s window). R refused
//   requests, a third each: no credential, an unknown credential, a malformed bet with a known
//   credential — sent first from one address, then (to a new table) from 200 (the client binds
//   127.0.0.1 … 127.0.0.200 with `localAddress`). For each: the answers, the rows and bytes the log
//   gained (the stored events' JSON, and the database file and its WAL on disk), against the goal
//   (≤ 100 KB), and what /metrics counted.
// Options: --requests R (10000) --concurrency C (32) --addresses A (200).
import { existsSync, mkdtempSync, rmSync, statSync } from 'node:fs';
import { Agent, request } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pino } from 'pino';
import { createTableWebServer } from '../src/composition/table-web-server.js';
import { SqliteEventStore } from '../src/adapters/store/sqlite-event-store.js';
import { TableService } from '../src/app/table/table-service.js';
import { loadRuleSet } from '../src/config/load-rule-set.js';
import { parseTableConfig } from '../src/config/table-config.js';
import { realClock } from '../src/adapters/clock/real-clock.js';
import { numberOption } from './support/bench-options.js';

const REQUESTS = numberOption('requests', 10_000);
const CONCURRENCY = numberOption('concurrency', 32);
const ADDRESSES = numberOption('addresses', 200);
const GOAL_BYTES = 100 * 1024;
/** The refusal log's defaults (src/adapters/web/refusal-log.ts): 20 records one by one and one summary per 10 s. */
const WINDOW_ROWS = 21;
const WINDOW_SECONDS = 10;
const GAME_SERVER_TOKEN = 'bench-game-server-token';
const { rules, rulesId } = loadRuleSet('six-deck');
const kib = (bytes: number): string => `${(bytes / 1024).toFixed(1)} KiB`;

/** The i-th request: a third with no credential, a third with an unknown one, a third a malformed bet from a known one. */
function refused(i: number): { headers: Record<string, string>; body: string } {
  const bet = (seat: unknown) => JSON.stringify({ seat, player: 'ana', amount: 1000 });
  const json = { 'content-type': 'application/json' };
  switch (i % 3) {
    case 0: return { headers: json, body: bet(1) };
    case 1: return { headers: { ...json, authorization: 'Bearer not-a-known-token' }, body: bet(1) };
    default: return { headers: { ...json, authorization: `Bearer ${GAME_SERVER_TOKEN}` }, body: bet('one') };
  }
}

function post(port: number, agent: Agent, localAddress: string, i: number): Promise<number> {
  const { headers, body } = refused(i);
  return new Promise((resolve, reject) => {
    const req = request({ host: '127.0.0.1', port, path: '/api/bets', method: 'POST', agent, localAddress, headers: { ...headers, 'content-length': Buffer.byteLength(body) } }, (res) => {
      res.resume();
      res.on('end', () => resolve(res.statusCode ?? 0));
    });
    req.on('error', reject);
    req.end(body);
  });
}

async function run(addresses: number): Promise<void> {
  const dir = mkdtempSync(join(tmpdir(), 'bench-refusals-'));
  const id = `refusals-${addresses}`;
  const store = new SqliteEventStore({ path: join(dir, '{tableId}.db'), pollIntervalMs: 0 });
  const service = await TableService.open({ tableId: id, rules, rulesId, store, clock: realClock() });
  const config = parseTableConfig({ id, rules: 'six-deck', roles: { 'game-server': [{ name: 'online-1', token: GAME_SERVER_TOKEN }] } }, 'bench');
  const app = createTableWebServer({ service, store, config, decisionSeconds: 15, logger: pino({ level: 'silent' }) });
  await app.listen({ host: '127.0.0.1', port: 0 });
  const { port } = app.server.address() as { port: number };
  const file = join(dir, `${id}.db`);
  const onDisk = () => statSync(file).size + (existsSync(`${file}-wal`) ? statSync(`${file}-wal`).size : 0);
  const head0 = (await store.head(id)).version;
  const disk0 = onDisk();
  const agents = Array.from({ length: addresses }, () => new Agent({ keepAlive: true, maxSockets: 4 }));
  const statuses = new Map<number, number>();
  const t0 = performance.now();
  let next = 0;
  await Promise.all(Array.from({ length: CONCURRENCY }, async () => {
    while (next < REQUESTS) {
      const i = next++;
      const slot = i % addresses;
      const status = await post(port, agents[slot]!, `127.0.0.${slot + 1}`, i);
      statuses.set(status, (statuses.get(status) ?? 0) + 1);
    }
  }));
  const seconds = (performance.now() - t0) / 1000;
  // Scraped from an address of its own: one of the flood's would be over its rate limit (429, itself a refusal).
  const metrics = (await app.inject({ url: '/metrics', remoteAddress: '10.255.0.1' })).body;
  await app.close(); // writes the window's pending summary
  for (const agent of agents) agent.destroy();
  const added = await store.read(id, { from: head0 + 1 });
  const bytes = added.reduce((n, e) => n + JSON.stringify(e).length, 0);
  const accounted = added.reduce((n, e) => n + (typeof e.data['count'] === 'number' ? e.data['count'] : 1), 0);
  const summaries = added.filter((e) => typeof e.data['count'] === 'number').length;
  const counted = [...metrics.matchAll(/^table_refused_requests_total\{credential="(\w+)",reason="(\w+)"[^}]*\} (\d+)$/gm)].map((m) => `${m[1]}/${m[2]} ${m[3]}`);
  console.log(`\nfrom ${addresses} address${addresses === 1 ? '' : 'es'}: ${REQUESTS.toLocaleString('en')} requests in ${seconds.toFixed(1)} s (${[...statuses].sort(([a], [b]) => a - b).map(([s, n]) => `${n.toLocaleString('en')} × ${s}`).join(', ')})`);
  console.log(`  log: +${added.length} rows (${summaries} ${summaries === 1 ? 'summary' : 'summaries'}; ${accounted.toLocaleString('en')} refusals accounted for), ${kib(bytes)} of stored events — goal ≤ ${kib(GOAL_BYTES)}: ${bytes <= GOAL_BYTES ? 'met' : 'NOT met'}`);
  console.log(`  bound: ≤ ${WINDOW_ROWS} rows per ${WINDOW_SECONDS} s window; the run spanned ${Math.ceil(seconds / WINDOW_SECONDS)} window(s)`);
  console.log(`  database file and WAL: +${kib(onDisk() - disk0)} on disk`);
  console.log(`  /metrics table_refused_requests_total: ${counted.join(', ')}`);
  service.close();
  await store.close();
  rmSync(dir, { recursive: true, force: true });
}

console.log(`bench:refusals — ${REQUESTS.toLocaleString('en')} refused requests (no credential, unknown credential, malformed body with a known one), ${CONCURRENCY} at a time; loopback, one machine`);
await run(1);
await run(ADDRESSES);
process.exit(0);
