// bench:first-view (docs/benchmarks.md): how soon a table started on a long log it did not write serves
// the public view, and how soon 300 viewers from 30 loopback addresses each get a first view. Prints
// figures, asserts nothing. For each size: a session is generated (the bot's random sessions chained by
// shoe changes), played into a log by `shoe run`, and the table is started on a copy of it (`shoe start`,
// demo shoe) — once as `run` left it (the display projections saved with its snapshot) and once with the
// saved views removed (as after an upgrade that changes their format: a fold of the whole log).
//   BENCH_FIRST_VIEW_EVENTS=223000,2230000 (default 223000)   BENCH_VIEWERS=300   BENCH_ADDRESSES=30
//   BENCH_FIRST_VIEW_FOLD=0 skips the start with the saved views removed (long on a large log)
//   BENCH_FIRST_VIEW_DB=PATH starts on that log (table demo-1, its .anchors beside it) instead of generating
//   one — a 2,230,000-event log takes `shoe run` several minutes to write
import { spawn, spawnSync } from 'node:child_process';
import { copyFileSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { request } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import { loadRuleSet } from '../src/config/load-rule-set.js';
import { playRandomSession } from '../test/support/random-session.js';
import { ROOT } from '../test/support/run-cli.js';
import { withCompiledBuild } from './support/compiled-build.js';

const sizes = (process.env['BENCH_FIRST_VIEW_EVENTS'] ?? '223000').split(',').map(Number);
const viewers = Number(process.env['BENCH_VIEWERS'] ?? 300);
const addresses = Number(process.env['BENCH_ADDRESSES'] ?? 30);
const dir = mkdtempSync(join(tmpdir(), 'bench-first-view-'));
const EVENTS_PER_LINE = 2.66; // measured: a bot session's input averages ~2.7 stored events
type Command = (...args: string[]) => [string, string[]];
const tsx: Command = (...args) => [process.execPath, ['--import', 'tsx', join(ROOT, 'src/cli/main.ts'), ...args]];
/** The table starts from the compiled build (the product as shipped); BENCH_COMPILED=0 starts it through tsx. */
let cli: Command = tsx;

function session(lines: number): string {
  const { rules } = loadRuleSet('six-deck');
  const out: string[] = [];
  for (let seed = 1; out.length < lines; seed++) {
    for (const i of playRandomSession(rules, seed, 300).inputs) out.push(JSON.stringify(i));
    out.push(JSON.stringify({ type: 'supervisor', action: 'shoeChange', by: 'bench', reason: 'next segment' }));
  }
  const file = join(dir, `session-${lines}.jsonl`);
  writeFileSync(file, out.slice(0, lines).join('\n') + '\n');
  return file;
}

function getOnce(port: number, localAddress: string): Promise<{ status: number; body: string }> {
  return new Promise((resolve, reject) => {
    const req = request({ host: '127.0.0.1', port, path: '/api/views/public', localAddress }, (res) => {
      let body = '';
      res.on('data', (d: Buffer) => (body += d.toString()));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, body }));
    });
    req.on('error', reject);
    req.end();
  });
}

const refusals = new Map<string, number>();

/** A viewer: asks until it gets the view (a 503 "under pressure" says retry), as a display page does. */
async function get(port: number, localAddress: string): Promise<number> {
  const began = performance.now();
  for (;;) {
    const { status, body } = await getOnce(port, localAddress);
    if (status === 200) return performance.now() - began;
    const key = `${status} ${body.slice(0, 80)}`;
    refusals.set(key, (refusals.get(key) ?? 0) + 1);
    await new Promise((r) => setTimeout(r, 100));
  }
}

async function firstView(db: string): Promise<{ seconds: number; viewersP99Ms: number; viewersMaxMs: number }> {
  const data = mkdtempSync(join(dir, 'table-'));
  copyFileSync(db, join(data, 'demo-1.db'));
  copyFileSync(`${db}.anchors`, join(data, 'demo-1.db.anchors')); // the log's anchors go with it, or start refuses it
  const port = 20_000 + Math.floor(Math.random() * 20_000);
  const [cmd, args] = cli('start', '--data-dir', data, '--port', String(port));
  const began = performance.now();
  const child = spawn(cmd, args, { stdio: ['ignore', 'ignore', 'pipe'], env: { ...process.env, LOG_LEVEL: 'warn' } });
  let refused = '';
  child.stderr?.on('data', (d: Buffer) => (refused += d.toString()));
  try {
    for (;;) {
      // A table that refuses its log exits: say so instead of waiting for a view that never comes.
      if (child.exitCode !== null) throw new Error(`shoe start exited ${child.exitCode} before serving: ${refused.trim()}`);
      const ok = await getOnce(port, '127.0.0.1').then((r) => r.status === 200, () => false);
      if (ok) break;
      await new Promise((r) => setTimeout(r, 50));
    }
    const seconds = (performance.now() - began) / 1000;
    const times = await Promise.all(Array.from({ length: viewers }, (_, i) => get(port, `127.0.0.${2 + (i % addresses)}`)));
    times.sort((a, b) => a - b);
    return { seconds, viewersP99Ms: times[Math.floor(times.length * 0.99) - 1] ?? 0, viewersMaxMs: times.at(-1) ?? 0 };
  } finally {
    child.kill('SIGKILL');
    rmSync(data, { recursive: true, force: true });
  }
}

async function main(): Promise<void> {
  console.log(`first public view of a table started on a log written by \`shoe run\` (${cli === tsx ? 'tsx' : 'compiled'}; ${viewers} viewers from ${addresses} loopback addresses)`);
  console.log('events      log as run left it              views removed (full fold)');
  const given = process.env['BENCH_FIRST_VIEW_DB'];
  for (const events of given ? [0] : sizes) {
    const db = given ?? join(dir, `run-${events}.db`);
    if (!given) {
      const [cmd, args] = tsx('run', session(Math.round(events / EVENTS_PER_LINE)), '--rules', 'six-deck', '--db', db, '--table', 'demo-1', '--synchronous', 'NORMAL', '--quiet');
      const run = spawnSync(cmd, args, { stdio: 'inherit' });
      if (run.status !== 0) throw new Error('shoe run failed');
    }
    const written = (new Database(db, { readonly: true }).prepare('SELECT max(seq) AS n FROM events').get() as { n: number }).n;
    const kept = await firstView(db);
    const fmt = (r: { seconds: number; viewersP99Ms: number; viewersMaxMs: number }) => `${r.seconds.toFixed(1)} s, viewers p99 ${r.viewersP99Ms.toFixed(0)} ms, max ${r.viewersMaxMs.toFixed(0)} ms`.padEnd(44);
    if (process.env['BENCH_FIRST_VIEW_FOLD'] === '0') {
      console.log(`${String(written).padEnd(12)}${fmt(kept)}(not measured)`);
      continue;
    }
    const stripped = join(dir, `stripped-${events}.db`);
    copyFileSync(db, stripped);
    copyFileSync(`${db}.anchors`, `${stripped}.anchors`);
    const s = new Database(stripped);
    s.exec('DELETE FROM snapshots');
    s.close();
    const folded = await firstView(stripped);
    console.log(`${String(written).padEnd(12)}${fmt(kept)}${fmt(folded)}`);
  }
  if (refusals.size > 0) console.log('answers before the view (retried after 100 ms):', Object.fromEntries(refusals));
}

try {
  if (process.env['BENCH_COMPILED'] === '0') await main();
  else {
    await withCompiledBuild(async (out) => {
      cli = (...args) => [process.execPath, [join(out, 'src/cli/main.js'), ...args]];
      await main();
    });
  }
} finally {
  rmSync(dir, { recursive: true, force: true });
}
