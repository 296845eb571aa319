// One writer per table (docs/operations.md, "One controller per table"): a second controller started on
// the same table and database is refused at once with one line naming the holder, and the first keeps
// dealing; the lock goes with its holder, even after kill -9.
import { afterEach, beforeAll, expect, test } from 'vitest';
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { ROOT, cliEntry } from '../support/run-cli.js';
import { lockTable, TableLockedError } from '../../src/adapters/store/table-lock.js';

const children: ChildProcess[] = [];
afterEach(() => {
  for (const c of children.splice(0)) if (c.exitCode === null && c.signalCode === null) c.kill('SIGKILL');
});

/** The CLI as `npm start` runs it (the start build's entry, plain node: test/support/run-cli.ts). */
let entry = '';
beforeAll(async () => {
  entry = await cliEntry();
}, 180_000);

function start(dataDir: string): { child: ChildProcess; output: () => string; stderr: () => string; exited: Promise<number | null> } {
  const child = spawn(process.execPath, [entry, 'start', '--data-dir', dataDir, '--port', '0'], { cwd: ROOT, stdio: ['ignore', 'pipe', 'pipe'], env: { ...process.env, LOG_LEVEL: 'info' } });
  children.push(child);
  let output = '';
  let stderr = '';
  child.stdout?.on('data', (d: Buffer) => (output += d.toString()));
  child.stderr?.on('data', (d: Buffer) => (stderr += d.toString()));
  const exited = new Promise<number | null>((resolve) => child.on('close', (code) => resolve(code)));
  return { child, output: () => output, stderr: () => stderr, exited };
}

async function until(what: string, probe: () => boolean, ms: number): Promise<void> {
  const end = Date.now() + ms;
  while (!probe()) {
    if (Date.now() > end) throw new Error(`not within ${ms} ms: ${what}`);
    await new Promise((r) => setTimeout(r, 100));
  }
}

test('a second controller on the same table is refused naming the holder; the first keeps dealing', async () => {
  const dataDir = mkdtempSync(join(tmpdir(), 'one-writer-'));
  const first = start(dataDir);
  await until('the first table runs', () => first.output().includes('"msg":"table running"'), 30_000);
  const second = start(dataDir);
  const code = await second.exited;
  expect(code).toBe(2);
  const refusal = second.stderr().trim();
  expect(refusal.split('\n')).toHaveLength(1);
  expect(refusal).toContain(`table demo-1 is already run by another controller: pid ${first.child.pid} on `);
  // The first is untouched: its log goes on growing (the position /metrics reports moves).
  const url = /"url":"(http:\/\/[^"]+)","demo"/.exec(first.output())?.[1];
  const position = async () => Number(/^table_log_position\{[^}]*\} (\d+)$/m.exec(await (await fetch(`${url}/metrics`)).text())?.[1]);
  const before = await position();
  const end = Date.now() + 20_000;
  while ((await position()) <= before && Date.now() < end) await new Promise((r) => setTimeout(r, 200));
  expect(await position()).toBeGreaterThan(before);
  expect(first.child.exitCode).toBeNull();
}, 90_000);

test('the lock goes with its holder: after kill -9 the table can be taken again', async () => {
  const dataDir = mkdtempSync(join(tmpdir(), 'one-writer-kill-'));
  const first = start(dataDir);
  await until('the first table runs', () => first.output().includes('"msg":"table running"'), 30_000);
  expect(() => lockTable(join(dataDir, 'demo-1.db'), 'demo-1', new Date())).toThrow(TableLockedError);
  first.child.kill('SIGKILL');
  await first.exited;
  const lock = lockTable(join(dataDir, 'demo-1.db'), 'demo-1', new Date());
  lock.release();
}, 60_000);
