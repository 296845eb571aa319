// bench:start (docs/benchmarks.md, "`bench:start` — how soon `npm start` serves"): spawns `npm start` as
// README's first command does (the demo table, each run on a fresh data folder and a free port) and prints
// the seconds from the spawn to the first HTTP 200 on `/`, and to the first card in the public view
// (`/api/views/public`); then the same for the sources run through tsx (`node --import tsx
// src/cli/main.ts start`, how `npm start` ran before it ran the start build), and the ratio of the medians.
// The first run of each is a warm-up (the start build made, tsx's cache and the disk cache filled) and is
// not counted. Prints figures, asserts nothing.
//   --runs N (default 5)   --skip-tsx 1 (only npm start)
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { get } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { freePort } from '../test/adapters/store/nats-server-process.js';
import { ROOT } from '../test/support/run-cli.js';
import { numberOption } from './support/bench-options.js';

const runs = numberOption('runs', 5);
const skipTsx = numberOption('skip-tsx', 0) === 1;

interface Timing { readonly firstOk: number; readonly firstCard: number }
type Launch = (port: number, dataDir: string) => ChildProcess;

const npmStart: Launch = (port, dataDir) => spawn('npm', ['start', '--', '--port', String(port), '--data-dir', dataDir], { cwd: ROOT, stdio: 'ignore', detached: true });
const tsxStart: Launch = (port, dataDir) =>
  spawn(process.execPath, ['--import', 'tsx', 'src/cli/main.ts', 'start', '--port', String(port), '--data-dir', dataDir], { cwd: ROOT, stdio: 'ignore', detached: true });

/** One GET: its status and body, or status 0 while nothing listens. */
function fetchOnce(port: number, path: string): Promise<{ status: number; body: string }> {
  return new Promise((resolve) => {
    const req = get({ host: '127.0.0.1', port, path }, (res) => {
      let body = '';
      res.on('data', (d: Buffer) => (body += d.toString()));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, body }));
    });
    req.on('error', () => resolve({ status: 0, body: '' }));
  });
}

const pause = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** Asks every 10 ms until `done` holds; the seconds since `began`. */
async function until(began: number, port: number, path: string, done: (r: { status: number; body: string }) => boolean, child: ChildProcess): Promise<number> {
  for (;;) {
    if (child.exitCode !== null) throw new Error(`the table exited (${child.exitCode}) before ${path} answered`);
    if (done(await fetchOnce(port, path))) return (performance.now() - began) / 1000;
    await pause(10);
  }
}

/** A card dealt to the dealer or a seat: some `cards` array that is not empty. */
const hasCard = (r: { status: number; body: string }) => r.status === 200 && /"cards":\[[^\]]/.test(r.body);

async function once(launch: Launch): Promise<Timing> {
  const dataDir = mkdtempSync(join(tmpdir(), 'bench-start-'));
  const port = await freePort();
  const began = performance.now();
  const child = launch(port, dataDir);
  try {
    const firstOk = await until(began, port, '/', (r) => r.status === 200, child);
    const firstCard = await until(began, port, '/api/views/public', hasCard, child);
    return { firstOk, firstCard };
  } finally {
    const exited = new Promise((r) => child.once('exit', r));
    if (child.exitCode === null) process.kill(-(child.pid as number), 'SIGTERM');
    await exited;
    rmSync(dataDir, { recursive: true, force: true });
  }
}

const median = (xs: readonly number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)] as number;
const fmt = (s: number) => `${s.toFixed(2)} s`;

async function measure(name: string, launch: Launch): Promise<Timing> {
  const warm = await once(launch);
  console.log(`${name}: warm-up run: first 200 on / ${fmt(warm.firstOk)}, first card ${fmt(warm.firstCard)}`);
  const timings: Timing[] = [];
  for (let i = 0; i < runs; i++) timings.push(await once(launch));
  const result = { firstOk: median(timings.map((t) => t.firstOk)), firstCard: median(timings.map((t) => t.firstCard)) };
  console.log(`${name}: first 200 on / ${timings.map((t) => t.firstOk.toFixed(2)).join(', ')} s (median ${fmt(result.firstOk)})`);
  console.log(`${name}: first card in the public view ${timings.map((t) => t.firstCard.toFixed(2)).join(', ')} s (median ${fmt(result.firstCard)})`);
  return result;
}

console.log(`bench:start: ${runs} run${runs === 1 ? "" : "s"} each after a warm-up, from spawn to the first 200 on / and to the first card`);
const npm = await measure('npm start (the start build)', npmStart);
if (!skipTsx) {
  const tsx = await measure('node --import tsx src/cli/main.ts start', tsxStart);
  console.log(`npm start serves / in ${(npm.firstOk / tsx.firstOk).toFixed(2)} of the time the sources through tsx take (${fmt(npm.firstOk)} against ${fmt(tsx.firstOk)})`);
}
