/**
 * `shoe verify` benchmark (docs/benchmarks.md, "bench:verify"). Prints figures, asserts nothing.
 *   npm run bench:verify
 *
 *  1. Builds a real keyed table log in a temp dir (bench/support/keyed-table-log.ts): BENCH_EVENTS events.
 *  2. Layers, each in a fresh process and each as a ratio to the first, measured in the same run:
 *       raw row read        every stored column of every event row (better-sqlite3 raw iterate): the disk's pace;
 *                           and once more by Python's sqlite3 (when python3 has it), the reader the goals were
 *                           set against: the full verify and chain + MAC are shown as ratios to it too
 *       chain only          hash every stored envelope and compare, in the threads verify uses
 *       chain + MAC         the same with every MAC checked (inside SQLite when the native check is built,
 *                           ADR 0011), and once more in JavaScript only (SHOE_VERIFY_CHECK=js)
 *       re-derivation only  the round machine re-run over every event, one thread
 *       full verify         the real CLI, `shoe verify DB` with its defaults, from the sources (tsx) and compiled
 *     with peak RSS (/usr/bin/time) for each.
 *  3. A floor: BENCH_FLOOR="LOGSxEVENTS" (default 100x100000; 0 skips) — that many logs of that many events
 *     (copies of one log) verified by one `shoe verify DIR`, against one log of all those events, compiled;
 *     both flushed to the disk before the first run, and measured BENCH_RUNS times interleaved.
 *
 * On a shared machine every layer and run is measured BENCH_RUNS times (default 3), interleaved, and the
 * fastest counts (what the code can do; the others measured the neighbours). CPU time per event is shown
 * beside each rate: what each part costs, whatever the neighbours take.
 *
 * Env: BENCH_EVENTS (default 1000000), BENCH_THREADS (default: verify's own default), BENCH_DIR (default
 * the OS temp dir), BENCH_KEEP=1 keeps the logs, BENCH_DB=FILE measures a log kept earlier.
 */
import { spawnSync } from 'node:child_process';
import { copyFileSync, mkdirSync, rmSync, statSync } from 'node:fs';
import { availableParallelism } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { SqliteLogReader } from '../src/adapters/store/sqlite-log-reader.js';
import { NATIVE_CHAIN_LIBRARY, nativeChainWanted } from '../src/adapters/store/sqlite-native-chain.js';
import { freshBenchDir } from './support/bench-dir.js';
import { withCompiledBuild } from './support/compiled-build.js';
import { BENCH_KEY_TEXT, buildKeyedTableLog } from './support/keyed-table-log.js';
import type { Layer, Measured } from './support/verify-layer.js';

const ROOT = fileURLToPath(new URL('..', import.meta.url));
const TABLE = 'bench-verify';

const EVENTS = Number(process.env['BENCH_EVENTS'] ?? 1_000_000);
const THREADS = Number(process.env['BENCH_THREADS'] ?? Math.max(1, availableParallelism()));
const kept = process.env['BENCH_DB'];
const dir = kept ? dirname(kept) : freshBenchDir('bench-verify-');
const db = kept ?? join(dir, `${TABLE}.db`);
const fmt = (n: number) => Math.round(n).toLocaleString('en');
const mib = (kb: number) => `${(kb / 1024).toFixed(0)} MiB`;

const built = kept ? { events: SqliteLogReader.open(db).head().seq, rounds: Number.NaN, seconds: 0 } : await buildKeyedTableLog(db, TABLE, EVENTS);
console.log(`the chain check: ${nativeChainWanted() ? `inside SQLite (${NATIVE_CHAIN_LIBRARY}; ADR 0011)` : 'in JavaScript (no native library built, or SHOE_VERIFY_CHECK=js)'}`);
console.log(`${kept ? 'kept' : 'built'} a keyed six-deck table log: ${fmt(built.events)} events${kept ? '' : `, ${fmt(built.rounds)} rounds`}, ${(statSync(db).size / 1024 / 1024).toFixed(0)} MiB, in ${built.seconds.toFixed(1)} s (${dir}); ${THREADS} threads`);

/** The layers measured: verify's own, chain + MAC once more with the chain checked in JavaScript only, and the
 *  raw read once more by Python's sqlite3. */
type Measure = Layer | 'chain-mac-js' | 'raw-python';
const PYTHON = spawnSync('python3', ['-c', 'import sqlite3, resource']).status === 0;

function layer(name: Measure): Measured {
  if (name === 'raw-python') {
    const r = spawnSync('python3', [fileURLToPath(new URL('./support/raw-read-python.py', import.meta.url)), db], { encoding: 'utf8' });
    if (r.status !== 0) throw new Error(r.stderr);
    return JSON.parse(r.stdout.trim()) as Measured;
  }
  const which = name === 'chain-mac-js' ? 'chain-mac' : name;
  const env = name === 'chain-mac-js' ? { ...process.env, SHOE_VERIFY_CHECK: 'js' } : process.env;
  const r = spawnSync(process.execPath, ['--import', 'tsx', fileURLToPath(new URL('./support/verify-layer.ts', import.meta.url)), which, db, String(THREADS)], { cwd: ROOT, encoding: 'utf8', env, maxBuffer: 1 << 26 });
  if (r.status !== 0) throw new Error(r.stderr);
  return JSON.parse(r.stdout.trim().split('\n').at(-1) as string) as Measured;
}

interface CliRun { seconds: number; cpuSeconds: number; rssKb: number; status: number | null; stdout: string }

/** `shoe ARGS --quiet` in a fresh process under /usr/bin/time: through tsx (`main` a .ts path) or compiled. */
function cli(main: string, args: string[]): CliRun {
  const started = performance.now();
  const loader = main.endsWith('.ts') ? ['--import', 'tsx'] : [];
  const run = spawnSync('/usr/bin/time', ['-f', 'maxrss_kb=%M cpu_s=%U+%S', process.execPath, ...loader, main, ...args, '--quiet'], { cwd: ROOT, encoding: 'utf8', env: { ...process.env, SHOE_LOG_KEY: BENCH_KEY_TEXT }, maxBuffer: 1 << 26 });
  const cpu = /cpu_s=([\d.]+)\+([\d.]+)/.exec(run.stderr);
  return { seconds: (performance.now() - started) / 1000, cpuSeconds: cpu ? Number(cpu[1]) + Number(cpu[2]) : Number.NaN, rssKb: Number(/maxrss_kb=(\d+)/.exec(run.stderr)?.[1] ?? Number.NaN), status: run.status, stdout: run.stdout.trim() };
}

const RUNS = Math.max(1, Number(process.env['BENCH_RUNS'] ?? 3));
/** The fastest of RUNS rounds of `measure` over every name, interleaved (peak RSS: the largest). */
function fastest<N extends string, M extends { seconds: number }>(names: readonly N[], measure: (name: N) => M, rss: (m: M) => number): Map<N, M & { peakKb: number }> {
  const best = new Map<N, M & { peakKb: number }>();
  for (let run = 0; run < RUNS; run++) {
    for (const name of names) {
      const m = measure(name);
      const known = best.get(name);
      const peakKb = Math.max(known?.peakKb ?? 0, rss(m));
      best.set(name, !known || m.seconds < known.seconds ? { ...m, peakKb } : { ...known, peakKb });
    }
  }
  return best;
}

const measured: Measure[] = ['raw', ...(PYTHON ? ['raw-python' as const] : []), 'chain', 'chain-mac', 'chain-mac-js', 'replay'];
const layers = fastest(measured, layer, (m) => m.maxRssKb);
const raw = layers.get('raw') as Measured & { peakKb: number };
const rawRate = raw.n / raw.seconds;
const python = layers.get('raw-python');
/** A rate as `N.NNx Python's read`, when Python's read was measured. */
const toPython = (rate: number) => (python ? `${(rate / (python.n / python.seconds)).toFixed(2)}x Python's read` : "Python's read not measured (no python3 with sqlite3)");
const cpuPerEvent = (cpuSeconds: number, events: number) => `${((cpuSeconds / events) * 1e6).toFixed(2).padStart(5)} µs CPU/event`;
const row = (label: string, events: number, seconds: number, cpuSeconds: number, rssKb: number, note = '') =>
  console.log(`${label.padEnd(40)} ${fmt(events / seconds).padStart(9)} events/s  ${((events / seconds) / rawRate).toFixed(2).padStart(5)}x raw  ${cpuPerEvent(cpuSeconds, events)}  peak RSS ${mib(rssKb).padStart(7)}${note}`);
const LABELS = { raw: 'raw row read (every stored column)', 'raw-python': "  the same by Python's sqlite3", chain: `chain only (${THREADS} threads)`, 'chain-mac': `chain + MAC (${THREADS} threads)`, 'chain-mac-js': `  the same in JavaScript only`, replay: 're-derivation only (1 thread)' };
for (const [name, m] of layers) row(LABELS[name], m.n, m.seconds, m.cpuSeconds, m.peakKb);
const verifyArgs = (target: string) => ['verify', target, '--no-anchor-ok', ...(process.env['BENCH_THREADS'] ? ['--threads', String(THREADS)] : [])];
await withCompiledBuild(async (outDir) => {
  const main = join(outDir, 'src/cli/main.js');
  const entry = (how: 'tsx' | 'compiled') => (how === 'tsx' ? 'src/cli/main.ts' : main);
  const runs = fastest(['tsx', 'compiled'] as const, (how) => cli(entry(how), verifyArgs(db)), (r) => r.rssKb);
  // The start-up of the program (`shoe --version`), to tell the check's own pace from the command's.
  const startup = fastest(['tsx', 'compiled'] as const, (how) => cli(entry(how), ['--version']), (r) => r.rssKb);
  for (const [how, r] of runs) {
    const started = (startup.get(how) as CliRun).seconds;
    row(`full verify, ${how} (shoe verify DB)`, built.events, r.seconds, r.cpuSeconds, r.peakKb, `  exit ${r.status}; without the ${started.toFixed(2)} s start-up: ${((built.events / (r.seconds - started)) / rawRate).toFixed(2)}x raw`);
  }
  const compiled = runs.get('compiled') as CliRun;
  console.log(`  ${compiled.stdout}`);
  console.log('goals: full verify >= 0.6x raw, chain + MAC >= 0.8x raw, peak RSS < 150 MB (143 MiB)');
  const rate = (m: { seconds: number }, events: number) => events / m.seconds;
  const chainMac = layers.get('chain-mac') as Measured;
  console.log(`against Python's read: chain + MAC ${toPython(rate(chainMac, chainMac.n))}; full verify, tsx ${toPython(rate(runs.get('tsx') as CliRun, built.events))}, compiled ${toPython(rate(compiled, built.events))}`);

  const floor = /^(\d+)x(\d+)$/.exec(process.env['BENCH_FLOOR'] ?? '100x100000');
  if (!floor) return;
  const [logs, each] = [Number(floor[1]), Number(floor[2])];
  const floorDir = join(dir, 'floor');
  mkdirSync(floorDir, { recursive: true });
  const one = await buildKeyedTableLog(join(floorDir, 'table-000.db'), 'floor-table', each, 7);
  for (let i = 1; i < logs; i++) copyFileSync(join(floorDir, 'table-000.db'), join(floorDir, `table-${String(i).padStart(3, '0')}.db`));
  const whole = join(dir, 'floor-whole.db');
  const big = await buildKeyedTableLog(whole, 'floor-whole', logs * one.events, 7);
  // Just written: on the disk before the clock starts, or the first run measures the kernel writing back
  // gigabytes of the copies and the whole log. Then interleaved like every layer, the fastest counting.
  spawnSync('sync');
  const floorRuns = fastest(['many', 'single'] as const, (which) => cli(main, verifyArgs(which === 'many' ? floorDir : whole)), (r) => r.rssKb);
  const [many, single] = [floorRuns.get('many'), floorRuns.get('single')] as [CliRun & { peakKb: number }, CliRun & { peakKb: number }];
  console.log(`floor: ${logs} logs x ${fmt(one.events)} events in one command: ${many.seconds.toFixed(1)} s (CPU ${many.cpuSeconds.toFixed(1)} s), peak RSS ${mib(many.peakKb)}, exit ${many.status}`);
  console.log(`       the same ${fmt(big.events)} events in one log:        ${single.seconds.toFixed(1)} s (CPU ${single.cpuSeconds.toFixed(1)} s), peak RSS ${mib(single.peakKb)}, exit ${single.status}`);
  console.log(`       ratio ${(many.seconds / single.seconds).toFixed(2)} (goal < 1.5)`);
  console.log(`  ${many.stdout.split('\n').at(-1) ?? ''}`);
});
if (process.env['BENCH_KEEP'] !== '1' && !kept) rmSync(dir, { recursive: true, force: true });
