/**
 * `shoe verify` benchmark (goal: >= 200,000 events/s and < 150 MB peak RSS on a 1,000,000-event
 * log, with the keyed chain of ADR 0004). Prints figures, asserts nothing.   `npm run bench:verify`
 *
 *  1. Builds a real table log in a temp dir: a six-deck table played by a simple bot (1–3 seats, hit
 *     below 17), every input and the facts the round machine derives, appended as the table service
 *     writes them (input record + facts), with the log key (MACs). Written with synchronous=NORMAL in big
 *     transactions, so building is quick; the log is the same.
 *  2. Runs the real CLI `shoe verify DB` in a fresh process (as an auditor would), under /usr/bin/time for
 *     the peak RSS: events/s over the whole command, including start-up.
 *  3. Same-process baselines in a fresh process: reading the rows only, and the hash chain only, so the
 *     cost of each layer (read, chain + MAC, round machine) shows.
 *
 *  4. The same CLI with --threads 2 (the round machine's re-run beside a worker checking spans of the chain),
 *     then both again from the compiled build (what bin/shoe.js runs; two threads are its default here).
 *
 * Env: BENCH_EVENTS (default 1000000), BENCH_DIR (default the OS temp dir), BENCH_KEEP=1 keeps the log,
 * BENCH_DB=FILE verifies a log kept earlier instead of building one.
 */
import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { SqliteEventStore } from '../src/adapters/store/sqlite-event-store.js';
import { SqliteLogReader } from '../src/adapters/store/sqlite-log-reader.js';
import { withCompiledBuild } from './support/compiled-build.js';
import { mulberry32, shuffledShoe } from '../src/random/prng.js';
import { configuredRecord, factRecord, inputRecord } from '../src/app/audit/log-records.js';
import { loadRuleSet } from '../src/config/load-rule-set.js';
import { ChainVerifier } from '../src/log/event-chain.js';
import { chainKey, macMatches } from '../src/log/chain-mac.js';
import type { NewEvent } from '../src/ports/event-store.js';
import { handTotal } from '../src/rules/hand-total.js';
import { TableEngine } from '../src/round/table-engine.js';
import { handInTurn } from '../src/round/operations/hands.js';
import type { TableInput } from '../src/round/inputs.js';

const ROOT = fileURLToPath(new URL('..', import.meta.url));
const KEY_TEXT = 'bench-log-key-0123456789abcdef0123456789abcdef';
const TABLE = 'bench-verify';

/** Mode 2: a fresh process measuring one layer. */
if (process.argv[2] === '--layer') {
  const [, , , layer, db] = process.argv;
  const reader = SqliteLogReader.open(db as string);
  const started = performance.now();
  let n = 0;
  const chain = new ChainVerifier();
  const key = chainKey(KEY_TEXT, 'bench');
  for (const { event, mac, dataJson } of reader.events()) {
    n++;
    if (layer === 'chain') {
      if (!chain.push(event, dataJson).ok) throw new Error(`chain broken at ${event.seq}`);
      if (!mac || !macMatches(key, event.hash, mac)) throw new Error(`MAC wrong at ${event.seq}`);
    }
  }
  const seconds = (performance.now() - started) / 1000;
  process.stdout.write(JSON.stringify({ n, seconds, maxRssKb: process.resourceUsage().maxRSS }) + '\n');
  process.exit(0);
}

const EVENTS = Number(process.env['BENCH_EVENTS'] ?? 1_000_000);
const kept = process.env['BENCH_DB'];
const dir = kept ? dirname(kept) : mkdtempSync(join(process.env['BENCH_DIR'] ?? tmpdir(), 'bench-verify-'));
const db = kept ?? join(dir, `${TABLE}.db`);

async function build(): Promise<{ events: number; rounds: number; seconds: number }> {
  const started = performance.now();
  const { rules, rulesId } = loadRuleSet('six-deck');
  const store = new SqliteEventStore({ path: db, synchronous: 'NORMAL', pollIntervalMs: 0, macKey: chainKey(KEY_TEXT, 'bench') });
  const engine = new TableEngine(rules);
  const random = mulberry32(2026);
  let mono = 0;
  const at = () => ({ mono: ++mono, wall: new Date(Date.UTC(2026, 0, 1) + mono).toISOString() });
  let pending: NewEvent[] = [configuredRecord(rules, rulesId, TABLE, 0, at())];
  let version = 0;
  let written = 0;
  let line = 0;
  const flush = async () => {
    const r = await store.append(TABLE, pending, { expectedVersion: version });
    version = r.lastSeq;
    written += pending.length;
    pending = [];
  };
  let shoe = shuffledShoe(rules.deck.decks, random);
  let drawn = 0;
  const send = (input: TableInput) => {
    const round = engine.table.round;
    const facts = engine.submit(input, ++line);
    const now = at();
    pending.push(inputRecord(input, { source: 'session', line }, round, now, rulesId));
    for (const f of facts) pending.push(factRecord(f, round, now, rulesId));
  };
  const draw = () => {
    send({ type: 'card', card: shoe[drawn++] as never });
    if (drawn === Math.floor(shoe.length * 0.75)) send({ type: 'cut-card' });
  };
  while (written + pending.length < EVENTS) {
    const phase = engine.phase;
    const s = engine.table;
    if (phase === 'active.awaitingShoe') {
      shoe = shuffledShoe(rules.deck.decks, random);
      drawn = 0;
      send({ type: 'shoe.loaded' });
    } else if (phase === 'active.burning' || phase === 'active.dealing' || phase === 'active.dealerTurn') draw();
    else if (phase === 'active.betting') {
      const seats = 1 + Math.floor(random() * 3);
      for (let seat = 1; seat <= seats; seat++) send({ type: 'bet', seat, player: `p${seat}`, amount: 1000, kind: 'main' });
      send({ type: 'betting.closed' });
    } else if (phase === 'active.offers') {
      const box = s.boxes.find((b) => b.offerPending);
      if (box) send({ type: 'decision', seat: box.seat, action: 'noInsurance' });
    } else if (phase === 'active.playing') {
      const turn = handInTurn(s);
      if (!turn) throw new Error('no hand in turn');
      if (turn.hand.pendingDraw !== null || turn.hand.cards.length < 2) draw();
      else send({ type: 'decision', seat: turn.box.seat, action: handTotal(turn.hand.cards, rules).total < 17 ? 'hit' : 'stand' });
    } else if (phase === 'paused') send({ type: 'supervisor', action: 'resume', by: 'bench' });
    else throw new Error(`bench bot does not know phase ${phase}`);
    if (pending.length >= 5000) await flush();
  }
  if (pending.length > 0) await flush();
  const rounds = engine.table.round;
  await store.close();
  return { events: written, rounds, seconds: (performance.now() - started) / 1000 };
}

const fmt = (n: number) => Math.round(n).toLocaleString('en');
const built = kept ? { events: SqliteLogReader.open(db).head().seq, rounds: Number.NaN, seconds: 0 } : await build();
const size = statSync(db).size;
console.log(`${kept ? 'kept' : 'built'} a six-deck table log: ${fmt(built.events)} events${kept ? '' : `, ${fmt(built.rounds)} rounds`}, keyed (MACs), ${(size / 1024 / 1024).toFixed(0)} MiB, in ${built.seconds.toFixed(1)} s (${dir})`);

function layer(name: 'read' | 'chain'): { n: number; seconds: number; maxRssKb: number } {
  const r = spawnSync(process.execPath, ['--import', 'tsx', fileURLToPath(import.meta.url), '--layer', name, db], { cwd: ROOT, encoding: 'utf8', maxBuffer: 1 << 26 });
  if (r.status !== 0) throw new Error(r.stderr);
  return JSON.parse(r.stdout.trim().split('\n').at(-1) as string) as { n: number; seconds: number; maxRssKb: number };
}

const read = layer('read');
console.log(`baseline, rows only (fresh process):      ${fmt(read.n / read.seconds)} events/s, peak RSS ${(read.maxRssKb / 1024).toFixed(0)} MiB`);
const chain = layer('chain');
console.log(`baseline, hash chain + MACs (same reader): ${fmt(chain.n / chain.seconds)} events/s, peak RSS ${(chain.maxRssKb / 1024).toFixed(0)} MiB`);

interface CliRun { seconds: number; cpuSeconds: number; rssMiB: number; status: number | null; stdout: string }

/** `shoe verify DB --quiet ...` in a fresh process under /usr/bin/time: through tsx (`main` a .ts path) or compiled. */
function verifyCli(main: string, verbFlags: string[], nodeFlags: string[] = []): CliRun {
  const started = performance.now();
  const loader = main.endsWith('.ts') ? ['--import', 'tsx'] : [];
  const cli = spawnSync('/usr/bin/time', ['-f', 'maxrss_kb=%M cpu_s=%U+%S', process.execPath, ...nodeFlags, ...loader, main, 'verify', db, '--quiet', ...verbFlags], { cwd: ROOT, encoding: 'utf8', env: { ...process.env, SHOE_LOG_KEY: KEY_TEXT }, maxBuffer: 1 << 26 });
  const seconds = (performance.now() - started) / 1000;
  const cpu = /cpu_s=([\d.]+)\+([\d.]+)/.exec(cli.stderr);
  return { seconds, cpuSeconds: cpu ? Number(cpu[1]) + Number(cpu[2]) : Number.NaN, rssMiB: Number(/maxrss_kb=(\d+)/.exec(cli.stderr)?.[1] ?? Number.NaN) / 1024, status: cli.status, stdout: cli.stdout.trim() };
}

function report(label: string, run: CliRun): void {
  console.log(`${label.padEnd(44)} exit ${run.status}, ${run.seconds.toFixed(1)} s (CPU ${run.cpuSeconds.toFixed(1)} s), ${fmt(built.events / run.seconds).padStart(7)} events/s, peak RSS ${run.rssMiB.toFixed(0)} MiB`);
}

const first = verifyCli('src/cli/main.ts', ['--threads', '1']);
console.log(`  ${first.stdout}`);
report('shoe verify --threads 1 (tsx):', first);
console.log(`  one thread / chain-only rate: ${((built.events / first.seconds) / (chain.n / chain.seconds)).toFixed(2)}  (the rest is the round machine re-deriving every fact)`);
report('shoe verify --threads 2 (tsx):', verifyCli('src/cli/main.ts', ['--threads', '2']));
// The shipped product: compiled, run with plain node (bin/shoe.js). Two threads are its default from 50,000 events.
await withCompiledBuild((outDir) => {
  const main = join(outDir, 'src/cli/main.js');
  report('shoe verify --threads 1 (compiled):', verifyCli(main, ['--threads', '1']));
  for (let run = 1; run <= 3; run++) report(`shoe verify (compiled, default: 2 threads) #${run}:`, verifyCli(main, []));
});
console.log('goals: >= 200,000 events/s; < 150 MB peak RSS on 1,000,000 events');
if (process.env['BENCH_KEEP'] !== '1' && !kept) rmSync(dir, { recursive: true, force: true });
