/**
 * Streaming CLI benchmark (memory flat in the input's size; printed, not asserted). `npm run bench:cli`
 *
 * Generates recorded sessions in a temp dir — a bot-played six-deck segment (test/support/random-session)
 * followed by a supervisor shoeChange, repeated to the wanted length — and runs the real CLI as production
 * runs it (compiled by scripts/build.mjs into test-output/bench-cli, plain node) in a child process per measurement, with stdout piped to this
 * process (so backpressure is real) and its peak RSS read from the child's own resource usage:
 *   replay  SESSION --rules six-deck          at a small and a large size (default 100,000 and 1,000,000 lines)
 *   run     SESSION --db ... (SQLite NORMAL)  at two sizes (default 10,000 and 40,000 lines)
 *   export  DB                                of the two logs the runs wrote
 *   export  DB --transactions                 the same logs' wallet transactions (JSONL)
 *   reconcile DB --ledger (that JSONL)        the log against its own export: a map of the ledger's ids,
 *                                             the log folded page by page (memory grows with the ledger only)
 * The ratio large/small of peak RSS is the figure to watch: ~1 means memory does not grow with the input.
 *
 * Options (env): BENCH_DIR (default: the OS temp dir), BENCH_REPLAY_LINES (default 100000,1000000),
 * BENCH_RUN_LINES (default 10000,40000).
 */
import { spawn } from 'node:child_process';
import { createWriteStream, openSync, readFileSync, rmSync } from 'node:fs';
import { once } from 'node:events';
import { join } from 'node:path';
import { loadRuleSet } from '../src/config/load-rule-set.js';
import type { TableInput } from '../src/round/inputs.js';
import { playRandomSession } from '../test/support/random-session.js';
import { spawnSync } from 'node:child_process';
import { ROOT } from '../test/support/run-cli.js';
import { freshBenchDir } from './support/bench-dir.js';

const sizes = (name: string, fallback: string) => (process.env[name] ?? fallback).split(',').map(Number);
const REPLAY_LINES = sizes('BENCH_REPLAY_LINES', '100000,1000000');
const RUN_LINES = sizes('BENCH_RUN_LINES', '10000,40000');
const dir = freshBenchDir('bench-cli-');

/** A bot-played segment ending with a shoe change: the table is back to "no shoe", so segments chain. */
function segment(): string {
  const { inputs } = playRandomSession(loadRuleSet('six-deck').rules, 2026, 300);
  const change: TableInput = { type: 'supervisor', action: 'shoeChange', by: 'bench', reason: 'next segment' };
  return [...inputs, change].map((i) => JSON.stringify(i)).join('\n') + '\n';
}

async function writeSession(lines: number, text: string): Promise<string> {
  const path = join(dir, `session-${lines}.jsonl`);
  const out = createWriteStream(path);
  const perSegment = text.split('\n').length - 1;
  const whole = Math.floor(lines / perSegment);
  for (let i = 0; i < whole; i++) if (!out.write(text)) await once(out, 'drain');
  out.write(text.split('\n').slice(0, lines - whole * perSegment).map((l) => `${l}\n`).join(''));
  out.end();
  await once(out, 'finish');
  return path;
}

interface Measured {
  readonly seconds: number;
  readonly peakMiB: number;
  readonly stdoutMiB: number;
}

const BUILD = join(ROOT, 'test-output', 'bench-cli');

function build(): void {
  const r = spawnSync(process.execPath, [join(ROOT, 'scripts/build.mjs'), '--out-dir', BUILD, '--no-check'], { cwd: ROOT, encoding: 'utf8' });
  if (r.status !== 0) throw new Error(`build failed: ${r.stderr}`);
}

/** Runs the CLI with a preload that writes the child's peak RSS to a file when it exits. */
async function measure(args: string[]): Promise<Measured> {
  const rssFile = join(dir, `rss-${Date.now()}-${Math.random()}.txt`);
  const preload = join(dir, 'peak-rss.mjs');
  const started = performance.now();
  const child = spawn(process.execPath, ['--import', preload, join(BUILD, 'src/cli/main.js'), ...args], {
    cwd: ROOT, env: { ...process.env, BENCH_RSS_FILE: rssFile }, stdio: ['ignore', 'pipe', 'pipe'],
  });
  let bytes = 0;
  let stderr = '';
  child.stdout.on('data', (d: Buffer) => (bytes += d.length));
  child.stderr.on('data', (d: Buffer) => (stderr += d.toString()));
  const [code] = (await once(child, 'close')) as [number];
  if (code !== 0) throw new Error(`shoe ${args.join(' ')}: exit ${code}: ${stderr}`);
  const seconds = (performance.now() - started) / 1000;
  return { seconds, peakMiB: Number(readFileSync(rssFile, 'utf8')) / 1024, stdoutMiB: bytes / 2 ** 20 };
}

const row = (label: string, units: number, unit: string, m: Measured) =>
  console.log(`${label.padEnd(34)} ${units.toLocaleString('en-US').padStart(10)} ${unit.padEnd(6)} ${m.seconds.toFixed(1).padStart(6)} s ${Math.round(units / m.seconds).toLocaleString('en-US').padStart(9)} ${unit}/s  peak RSS ${m.peakMiB.toFixed(0).padStart(4)} MiB  stdout ${m.stdoutMiB.toFixed(0)} MiB`);

async function main(): Promise<void> {
  const { writeFileSync } = await import('node:fs');
  writeFileSync(join(dir, 'peak-rss.mjs'), "import { writeFileSync } from 'node:fs';\nprocess.on('exit', () => writeFileSync(process.env.BENCH_RSS_FILE, String(process.resourceUsage().maxRSS)));\n");
  build();
  console.log(`streaming CLI benchmark in ${dir} (node ${process.version}); figures are noisy on a shared machine`);
  const idle = await measure(['--version']);
  console.log(`baseline: shoe --version peak RSS ${idle.peakMiB.toFixed(0)} MiB`);
  const text = segment();
  const peaks = new Map<string, number[]>();
  const note = (key: string, m: Measured) => peaks.set(key, [...(peaks.get(key) ?? []), m.peakMiB]);

  for (const lines of REPLAY_LINES) {
    const session = await writeSession(lines, text);
    const m = await measure(['replay', session, '--rules', 'six-deck']);
    row(`replay --format jsonl`, lines, 'lines', m);
    note('replay', m);
    rmSync(session);
  }
  for (const lines of RUN_LINES) {
    const session = await writeSession(lines, text);
    const db = join(dir, `run-${lines}.db`);
    const m = await measure(['run', session, '--rules', 'six-deck', '--db', db, '--synchronous', 'NORMAL']);
    row(`run (SQLite NORMAL)`, lines, 'lines', m);
    note('run', m);
    const e = await measure(['export', db]);
    row(`export of that log`, lines, 'inputs', e);
    note('export', e);
    const t = await measure(['export', db, '--transactions']);
    row(`export --transactions of that log`, lines, 'inputs', t);
    note('export --transactions', t);
    const ledger = join(dir, `ledger-${lines}.jsonl`);
    const written = spawnSync(process.execPath, [join(BUILD, 'src/cli/main.js'), 'export', db, '--transactions', '-q'], { cwd: ROOT, stdio: ['ignore', openSync(ledger, 'w'), 'inherit'] });
    if (written.status !== 0) throw new Error(`export --transactions to ${ledger}: exit ${written.status}`);
    const transactions = readFileSync(ledger, 'utf8').split('\n').length - 1;
    const r = await measure(['reconcile', db, '--ledger', ledger]);
    row(`reconcile with that export`, transactions, 'txns', r);
    note('reconcile', r);
  }
  for (const [verb, values] of peaks) {
    if (values.length > 1) console.log(`${verb}: peak RSS largest / smallest input = ${((values.at(-1) ?? 0) / (values[0] ?? 1)).toFixed(2)}`);
  }
  rmSync(dir, { recursive: true, force: true });
  rmSync(BUILD, { recursive: true, force: true });
}

await main();
