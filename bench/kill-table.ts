// The durability goal (docs/benchmarks.md, bench:kill): `kill -9` at 100 points of a live table whose emulated shoe deals over a real pty pair
// (socat): every card the shoe dealt is on the log exactly once and in order (none ACKed and lost, none
// doubled), every hash chain intact. The controller runs in a child process (bench/support/kill-table-child.ts)
// and is killed with SIGKILL at a random moment 0.3-2.5 s after it is up; the shoe lives on across the
// kills, as a real one does. Prints the figures; exit 1 if the promise is broken.
// Usage: npm run bench:kill [-- --kills 100 --seed 7]
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { startPtyPair } from '../test/adapters/serial/socat.js';
import { runEmulator } from '../src/adapters/shoe-emulator/run-emulator.js';
import { mulberry32 } from '../src/random/prng.js';
import { SqliteEventStore } from '../src/adapters/store/sqlite-event-store.js';
import { isInputRecord, recordedInput } from '../src/app/audit/log-records.js';
import { verifyLog } from '../src/app/audit/verify-log.js';

const { values } = parseArgs({ options: { kills: { type: 'string', default: '100' }, seed: { type: 'string', default: '7' } }, strict: true });
const kills = Number(values.kills);
const random = mulberry32(Number(values.seed));
const dir = mkdtempSync(join(tmpdir(), 'kill-table-'));
const db = join(dir, 'kill-1.db');
const pair = await startPtyPair();
const dealt: string[] = [];
const shoe = await runEmulator({ serialPath: pair.b, baud: 115200, seed: Number(values.seed), decks: 6, cutCardAfter: 300, autoDrawMs: 700, onEvent: (e) => { if (e.type === 'dealt') dealt.push(e.card); } });

function startChild(): Promise<ChildProcess> {
  const child = spawn(process.execPath, ['--import', 'tsx', 'bench/support/kill-table-child.ts', pair.a, db, String(Math.floor(random() * 1e6))], { stdio: ['ignore', 'pipe', 'pipe'] });
  let err = '';
  child.stderr?.on('data', (c: Buffer) => (err += c.toString()));
  return new Promise((resolve, reject) => {
    child.stdout?.on('data', (c: Buffer) => { if (c.toString().includes('ready')) resolve(child); });
    child.on('exit', (code) => reject(new Error(`controller exited (${code}) before it was up: ${err.slice(-2000)}`)));
  });
}

const started = Date.now();
for (let k = 1; k <= kills; k++) {
  const child = await startChild();
  await new Promise((r) => setTimeout(r, 300 + random() * 2200));
  const exited = new Promise((r) => child.once('exit', r));
  child.kill('SIGKILL');
  await exited;
  if (k % 10 === 0) process.stderr.write(`${k}/${kills} kills, ${dealt.length} cards dealt, ${((Date.now() - started) / 1000).toFixed(0)} s\n`);
}
// A last run lets the shoe's unacknowledged cards arrive, then the table stops cleanly.
const last = await startChild();
await new Promise((r) => setTimeout(r, 4000));
const exitedLast = new Promise((r) => last.once('exit', r));
last.kill('SIGTERM');
await exitedLast;
await shoe.close();
await pair.stop();

const store = new SqliteEventStore({ path: db, pollIntervalMs: 0 });
const log = await store.read('kill-1');
await store.close();
const logged = log.filter(isInputRecord).map(recordedInput).filter((r) => r.input.type === 'card').map((r) => (r.input as { card: string }).card);
const verdict = verifyLog(log);
let firstDifference = -1;
for (let i = 0; i < Math.max(logged.length, dealt.length); i++) if (logged[i] !== dealt[i]) { firstDifference = i; break; }
const lost = Math.max(0, dealt.length - logged.length);
const doubled = Math.max(0, logged.length - dealt.length);
console.log(`${kills} kill -9 points over ${((Date.now() - started) / 1000).toFixed(0)} s; ${log.length} events on the log`);
console.log(`cards dealt by the shoe ${dealt.length}, card inputs on the log ${logged.length}: lost ${lost}, doubled ${doubled}, ${firstDifference < 0 ? 'same order' : `first difference at card ${firstDifference + 1} (shoe ${dealt[firstDifference]}, log ${logged[firstDifference]})`}`);
console.log(`hash chain and re-derivation: ${verdict.ok ? 'intact' : `BROKEN at ${(verdict as { seq?: number }).seq}`}`);
process.exit(firstDifference < 0 && verdict.ok ? 0 : 1);
