// Settlement feed benchmark (`npm run bench:feed`, docs/benchmarks.md): prints figures, asserts nothing.
// A demo table deals as fast as its pace allows on a SQLite log (synchronous FULL) in a temp folder, three
// ways, alternately: without a feed; with a webhook feed to a healthy receiver (an HTTP server in this
// process that checks each signature and answers 200); with the receiver down (nothing listens: every
// attempt is refused and retried, the backoff capped at 1 s). Per way: rounds/s, card -> durable latency
// (the shoe's ACK follows at once) p50 and p99, and the feed's own figures at the end of the run.
// Options: --rounds N (40 per run) --runs R (2 of each way, alternating) --pace MS (1: a card per ms at most).
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pino } from 'pino';
import { SerialPortMock } from 'serialport';
import { startTable } from '../src/composition/table-runtime.js';
import { parseTableConfig } from '../src/config/table-config.js';
import { strategyInBackground } from '../src/app/par/strategy-in-background.js';
import { loadRuleSet } from '../src/config/load-rule-set.js';
import { verifyFeedSignature } from '../src/adapters/feed/feed-signature.js';
import { cardLatencies, percentile, roundsEnded } from './support/table-pace.js';
import { numberOption } from './support/bench-options.js';

const ROUNDS = numberOption('rounds', 40);
const RUNS = numberOption('runs', 2);
const PACE_MS = numberOption('pace', 1);
const SECRET_ENV = 'BENCH_FEED_SECRET';
const SECRET = 'bench-feed-secret-0123456789';
process.env[SECRET_ENV] = SECRET;

type Way = 'off' | 'healthy' | 'down';
interface Run {
  readonly way: Way;
  readonly roundsPerSecond: number;
  readonly p50: number;
  readonly p99: number;
  readonly cards: number;
  readonly delivered: number;
  readonly retries: number;
  readonly pending: number;
  readonly lagSeconds: number;
  readonly received: number;
  readonly badSignatures: number;
}

/** A receiver that checks each request's signature and answers 200. */
async function receiver(): Promise<{ server: Server; url: string; received: () => number; bad: () => number }> {
  let received = 0;
  let bad = 0;
  const server = createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (c: Buffer) => chunks.push(c));
    request.on('end', () => {
      received += 1;
      if (!verifyFeedSignature(Buffer.concat(chunks), SECRET, request.headers['x-table-signature'] as string | undefined)) bad += 1;
      response.writeHead(200).end();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return { server, url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/feed`, received: () => received, bad: () => bad };
}

/** An address nothing listens on. */
async function deadAddress(): Promise<string> {
  const { server, url } = await receiver();
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return url;
}

async function run(way: Way, n: number): Promise<Run> {
  const dir = mkdtempSync(join(tmpdir(), 'bench-feed-'));
  const healthy = way === 'healthy' ? await receiver() : null;
  const url = healthy?.url ?? (way === 'down' ? await deadAddress() : null);
  const config = parseTableConfig({
    id: `feed-${way}-${n}`, rules: 'six-deck', demo: true, store: { path: join(dir, '{tableId}.db') }, decisionTimerSeconds: 1, bettingSeconds: 0.02, resultsSeconds: 0, roles: {},
    ...(url ? { feed: { webhook: { url, secretEnv: SECRET_ENV, maxBackoffMs: 1000 }, undeliveredAlarmSeconds: 3600 } } : {}),
  }, 'bench');
  const runtime = await startTable({ config, logger: pino({ level: 'silent' }), paceMs: PACE_MS, seed: 7 + n });
  try {
    await roundsEnded(runtime, 2);
    const cards = cardLatencies(runtime);
    const began = performance.now();
    await roundsEnded(runtime, ROUNDS);
    const seconds = (performance.now() - began) / 1000;
    cards.stop();
    const feed = runtime.feed?.status()[0];
    return {
      way, roundsPerSecond: ROUNDS / seconds, p50: percentile(cards.samples, 50), p99: percentile(cards.samples, 99), cards: cards.samples.length,
      delivered: feed?.delivered ?? 0, retries: feed?.retries ?? 0, pending: feed?.pending ?? 0, lagSeconds: feed?.lagSeconds ?? 0,
      received: healthy?.received() ?? 0, badSignatures: healthy?.bad() ?? 0,
    };
  } finally {
    await runtime.stop();
    SerialPortMock.binding.reset();
    if (healthy) await new Promise<void>((resolve) => healthy.server.close(() => resolve()));
    rmSync(dir, { recursive: true, force: true });
  }
}

const median = (values: readonly number[]): number => {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 === 1 ? (sorted[mid] as number) : ((sorted[mid - 1] as number) + (sorted[mid] as number)) / 2;
};
const f = (x: number, d = 2): string => x.toFixed(d);

console.log(`bench:feed — a six-deck demo table, a card per ${PACE_MS} ms at most, SQLite synchronous FULL; ${ROUNDS} rounds per run, ${RUNS} runs of each way, alternating`);
// The demo bot's strategy computed before the first run (its worker does not keep the process alive by itself).
const alive = setInterval(() => undefined, 1000);
const strategy = strategyInBackground(loadRuleSet('six-deck').rules);
await strategy.ready;
strategy.release();
clearInterval(alive);
const runs: Run[] = [];
for (let n = 0; n < RUNS; n++) {
  for (const way of ['off', 'healthy', 'down'] as const) {
    const r = await run(way, n);
    runs.push(r);
    const feed = way === 'off' ? '' : `; feed: ${r.delivered} delivered, ${r.retries} retries, ${r.pending} pending, lag ${f(r.lagSeconds)} s${way === 'healthy' ? `, receiver got ${r.received} (${r.badSignatures} bad signatures)` : ''}`;
    console.log(`  run ${n + 1} ${way.padEnd(7)} ${f(r.roundsPerSecond)} rounds/s; card -> durable p50 ${f(r.p50)} ms, p99 ${f(r.p99)} ms (${r.cards} cards)${feed}`);
  }
}
console.log('\nmedians:');
const off = runs.filter((r) => r.way === 'off');
for (const way of ['off', 'healthy', 'down'] as const) {
  const mine = runs.filter((r) => r.way === way);
  const rate = median(mine.map((r) => r.roundsPerSecond));
  const p99 = median(mine.map((r) => r.p99));
  const ratio = way === 'off' ? '' : ` (×${f(rate / median(off.map((r) => r.roundsPerSecond)))} the rate, ×${f(p99 / median(off.map((r) => r.p99)))} the p99 of no feed)`;
  console.log(`  ${way.padEnd(7)} ${f(rate)} rounds/s, card -> durable p50 ${f(median(mine.map((r) => r.p50)))} ms, p99 ${f(p99)} ms${ratio}`);
}
