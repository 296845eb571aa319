/**
 * Idempotency keys (docs/web-api.md, "Retries and idempotency keys"; docs/benchmarks.md). Prints figures,
 * asserts nothing. `npm run bench:idempotency`
 *
 *  1. A command over HTTP (fastify inject) on a SQLite log (synchronous FULL, a temp dir): latency without a
 *     key, with a new key each time, and a retry answered from the log — interleaved, so read the ratios.
 *     The command is a decision while none is awaited: an input and its refusal appended every time.
 *  2. The keys' snapshot part with a typical two shoes' keys, the default cap (idempotency.maxKeys) and more:
 *     its size, the time to save it with a snapshot of the table (every 250 inputs, before the input's facts
 *     are published) and to restore it at open.
 *
 * Options (env): BENCH_COMMANDS (default 1500 of each kind), BENCH_KEYS (default 2000,<the default cap>,50000).
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { randomUUID } from 'node:crypto';
import { pino } from 'pino';
import { createTableWebServer } from '../src/composition/table-web-server.js';
import { SqliteEventStore } from '../src/adapters/store/sqlite-event-store.js';
import { realClock } from '../src/adapters/clock/real-clock.js';
import { TableService } from '../src/app/table/table-service.js';
import { IdempotencyKeys, KEYS_SNAPSHOT_PART } from '../src/app/table/idempotency-keys.js';
import { DEFAULT_KEY_RETENTION } from '../src/config/idempotency-config.js';
import { loadRuleSet } from '../src/config/load-rule-set.js';
import { parseTableConfig } from '../src/config/table-config.js';
import { canonicalJson } from '../src/log/canonical-json.js';
import type { JsonValue } from '../src/ports/event-store.js';

const COMMANDS = Number(process.env['BENCH_COMMANDS'] ?? 1500);
const KEYS = (process.env['BENCH_KEYS'] ?? `2000,${DEFAULT_KEY_RETENTION.maxKeys},50000`).split(',').map(Number);
const TOKEN = 'bench-game-server-token';

const quantile = (sorted: readonly number[], q: number) => sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))] ?? NaN;
const ms = (x: number) => `${x.toFixed(3)} ms`;

async function commandLatencies(): Promise<void> {
  const dir = mkdtempSync(join(tmpdir(), 'bench-idempotency-'));
  const { rules, rulesId } = loadRuleSet('six-deck');
  const store = new SqliteEventStore({ path: join(dir, '{tableId}.db'), synchronous: 'FULL', pollIntervalMs: 0 });
  const service = await TableService.open({ tableId: 'bench-1', rules, rulesId, store, clock: realClock() });
  const config = parseTableConfig({ id: 'bench-1', rules: 'six-deck', roles: { 'game-server': [{ name: 'bench-gs', token: TOKEN }] } }, 'bench');
  const app = createTableWebServer({ service, store, config, decisionSeconds: 15, logger: pino({ level: 'silent' }), rateLimit: { max: 1_000_000, windowMs: 1000 } });
  await app.ready();
  const send = async (key?: string) => {
    const began = performance.now();
    const headers: Record<string, string> = { 'content-type': 'application/json', authorization: `Bearer ${TOKEN}`, ...(key ? { 'idempotency-key': key } : {}) };
    const response = await app.inject({ method: 'POST', url: '/api/decisions', headers, payload: '{"seat":1,"action":"hit"}' });
    if (response.statusCode !== 409) throw new Error(`unexpected answer ${response.statusCode}: ${response.body}`);
    return performance.now() - began;
  };
  const retried = randomUUID();
  await send(retried);
  for (let i = 0; i < 50; i++) await send(); // warm-up
  const times = { none: [] as number[], newKey: [] as number[], retry: [] as number[] };
  for (let i = 0; i < COMMANDS; i++) {
    times.none.push(await send());
    times.newKey.push(await send(randomUUID()));
    times.retry.push(await send(retried));
  }
  const base = quantile([...times.none].sort((a, b) => a - b), 0.5);
  console.log(`HTTP command on SQLite FULL, ${COMMANDS} of each, interleaved:`);
  for (const [what, list] of Object.entries(times)) {
    const sorted = [...list].sort((a, b) => a - b);
    console.log(`  ${what.padEnd(7)} p50 ${ms(quantile(sorted, 0.5))}  p99 ${ms(quantile(sorted, 0.99))}  (p50 ${(quantile(sorted, 0.5) / base).toFixed(2)}× without a key)`);
  }
  await app.close();
  service.close();
  await store.close();
  rmSync(dir, { recursive: true, force: true });
}

/** The keys' part at `count` keys, saved and loaded as the table does it: with a snapshot, on SQLite. */
async function snapshotPart(count: number): Promise<void> {
  const keys = IdempotencyKeys.restore(undefined, { keepShoes: 2, maxKeys: count }, 1);
  for (let i = 0; i < count; i++) {
    keys.push({ seq: 2 * i + 1, type: 'input', data: { input: { type: 'bet', seat: 1, player: 'ana', amount: 1000 }, source: 'api', by: 'online-platform', idempotencyKey: randomUUID(), requestDigest: 'f'.repeat(64) } });
    keys.push({ seq: 2 * i + 2, type: 'bet.placed', data: {} });
  }
  const dir = mkdtempSync(join(tmpdir(), 'bench-idempotency-part-'));
  const store = new SqliteEventStore({ path: join(dir, '{tableId}.db'), synchronous: 'FULL', pollIntervalMs: 0 });
  await store.append('bench-1', [{ type: 'note', data: {}, round: 0, monoTime: 1, wallTime: new Date(0).toISOString(), rulesId: 'bench' }], { expectedVersion: 0 });
  const taking: number[] = [];
  const restoring: number[] = [];
  let bytes = 0;
  for (let run = 0; run < 5; run++) {
    // As TableService.maybeSnapshot: the part taken, copied as JSON, saved (validated, canonical JSON, written).
    let began = performance.now();
    const state = JSON.parse(JSON.stringify({ parts: { [KEYS_SNAPSHOT_PART]: keys.snapshot() } })) as JsonValue;
    await store.saveSnapshot('bench-1', 1, state);
    taking.push(performance.now() - began);
    bytes = Buffer.byteLength(canonicalJson(state));
    // As TableService.open: the snapshot read and the keys restored from it.
    began = performance.now();
    const saved = (await store.loadSnapshot('bench-1'))!;
    IdempotencyKeys.restore((saved.state as { parts: Record<string, JsonValue> }).parts[KEYS_SNAPSHOT_PART], { keepShoes: 2, maxKeys: count }, 1);
    restoring.push(performance.now() - began);
  }
  const median = (list: number[]) => quantile([...list].sort((a, b) => a - b), 0.5);
  console.log(`  ${String(count).padStart(6)} keys: ${(bytes / 2 ** 20).toFixed(2)} MiB; saved with a snapshot in ${ms(median(taking))}, restored at open in ${ms(median(restoring))} (median of 5)`);
  await store.close();
  rmSync(dir, { recursive: true, force: true });
}

await commandLatencies();
console.log('the keys\' snapshot part (key 36 characters, SQLite FULL):');
for (const count of KEYS) await snapshotPart(count);
