// Service life: `npm start` as systemd or docker runs it — SIGTERM to the npm process closes
// the listener, the link and the store in order, logs each step, and leaves no process behind; a busy
// port is one clear line before anything is opened.
import { afterEach, describe, expect, test } from 'vitest';
import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync, mkdtempSync, readdirSync } from 'node:fs';
import { createServer, type Server } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { SerialPort } from 'serialport';
import { SqliteEventStore } from '../../src/adapters/store/sqlite-event-store.js';
import { checkPortFree, checkSerialDeviceFree, StartupError } from '../../src/composition/preflight.js';
import { ROOT } from '../support/run-cli.js';
import { alive } from '../support/process-alive.js';
import { hasSocat, startPtyPair, type PtyPair } from '../adapters/serial/socat.js';

/** A port nobody listens on now. */
async function freePort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', () => r()));
  const port = (server.address() as { port: number }).port;
  await new Promise<void>((r) => server.close(() => r()));
  return port;
}

type Line = { msg?: string; pid?: number; level?: number; [k: string]: unknown };

function collect(child: ChildProcess): { lines: Line[]; stderr: () => string; waitFor: (re: RegExp, ms: number) => Promise<Line> } {
  const lines: Line[] = [];
  let buffer = '';
  let stderr = '';
  const waiters: Array<{ re: RegExp; resolve: (l: Line) => void }> = [];
  child.stdout?.on('data', (d: Buffer) => {
    buffer += d.toString();
    let nl: number;
    while ((nl = buffer.indexOf('\n')) >= 0) {
      const text = buffer.slice(0, nl);
      buffer = buffer.slice(nl + 1);
      if (!text.startsWith('{')) continue;
      const line = JSON.parse(text) as Line;
      lines.push(line);
      for (const w of [...waiters]) if (w.re.test(line.msg ?? '')) w.resolve(line);
    }
  });
  child.stderr?.on('data', (d: Buffer) => (stderr += d.toString()));
  return {
    lines,
    stderr: () => stderr,
    waitFor: (re, ms) => new Promise((resolve, reject) => {
      const found = lines.find((l) => re.test(l.msg ?? ''));
      if (found) return resolve(found);
      const timer = setTimeout(() => reject(new Error(`no log line ${re} within ${ms} ms; stderr: ${stderr}`)), ms);
      waiters.push({ re, resolve: (l) => { clearTimeout(timer); resolve(l); } });
    }),
  };
}

const exited = (child: ChildProcess, ms: number) => new Promise<{ code: number | null; signal: string | null; ms: number }>((resolve, reject) => {
  const began = Date.now();
  if (child.exitCode !== null) return resolve({ code: child.exitCode, signal: null, ms: 0 });
  const timer = setTimeout(() => reject(new Error(`still running ${ms} ms after the signal`)), ms);
  child.once('exit', (code, signal) => {
    clearTimeout(timer);
    resolve({ code, signal, ms: Date.now() - began });
  });
});

const children: ChildProcess[] = [];
const servers: Server[] = [];
/** Server processes seen in the log: killed after the test if a failure left them running. */
const serverPids: number[] = [];
let pty: PtyPair | null = null;
afterEach(async () => {
  for (const c of children.splice(0)) if (c.exitCode === null && c.pid) c.kill('SIGKILL');
  for (const pid of serverPids.splice(0)) if (alive(pid)) process.kill(pid, 'SIGKILL');
  for (const s of servers.splice(0)) await new Promise<void>((r) => s.close(() => r()));
  await pty?.stop();
  pty = null;
});

describe('service life', () => {
  test('SIGTERM to `npm start` closes listener, link and store in order, logs each step, exits, leaves no process, frees the port', async () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'service-life-'));
    const port = await freePort();
    // Started from another folder: the data folder comes from --data-dir, never the working directory.
    const child = spawn('npm', ['--prefix', ROOT, 'start', '--', '--port', String(port), '--data-dir', dataDir], { cwd: tmpdir(), stdio: ['ignore', 'pipe', 'pipe'] });
    children.push(child);
    const out = collect(child);
    const running = await out.waitFor(/^table running$/, 60_000);
    const serverPid = running.pid as number;
    serverPids.push(serverPid);
    expect(serverPid).toBeGreaterThan(0);
    expect(existsSync(join(dataDir, 'demo-1.db'))).toBe(true);

    child.kill('SIGTERM');
    const exit = await exited(child, 15_000);
    expect(exit.code).toBe(0);
    const messages = out.lines.filter((l) => l.pid === serverPid).map((l) => l.msg ?? '');
    const order = ['shutdown: SIGTERM received, closing the table', 'shutdown: HTTP listener closed', 'shutdown: shoe link closed', 'shutdown: store closed', 'shutdown: complete'];
    expect(order.map((m) => messages.indexOf(m)).every((i, k, all) => i >= 0 && (k === 0 || i > (all[k - 1] as number)))).toBe(true);
    // No orphan: the node process that held the database and the port is gone too.
    await new Promise((r) => setTimeout(r, 200));
    expect(alive(serverPid)).toBe(false);
    // The store was closed cleanly (the WAL checkpointed away) and opens again.
    expect(readdirSync(dataDir).filter((f) => f.endsWith('-wal'))).toEqual([]);
    const store = new SqliteEventStore({ path: join(dataDir, '{tableId}.db') });
    const events = await store.read('demo-1');
    expect(events.length).toBeGreaterThan(0);
    expect(events.at(-1)?.type).toBe('link.state');
    await store.close();
    await expect(checkPortFree('127.0.0.1', port)).resolves.toBeUndefined();
  }, 90_000);

  test('SIGINT (Ctrl-C) to `shoe start` closes the table the same way', async () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'service-sigint-'));
    const child = spawn(process.execPath, ['--import', 'tsx', 'src/cli/main.ts', 'start', '--port', String(await freePort()), '--data-dir', dataDir], { cwd: ROOT, stdio: ['ignore', 'pipe', 'pipe'] });
    children.push(child);
    const out = collect(child);
    const running = await out.waitFor(/^table running$/, 60_000);
    serverPids.push(running.pid as number);
    child.kill('SIGINT');
    expect((await exited(child, 15_000)).code).toBe(0);
    const messages = out.lines.map((l) => l.msg);
    expect(messages).toEqual(expect.arrayContaining(['shutdown: SIGINT received, closing the table', 'shutdown: store closed', 'shutdown: complete']));
    expect(readdirSync(dataDir).filter((f) => f.endsWith('-wal'))).toEqual([]);
  }, 90_000);

  test('a busy HTTP port is one clear line, exit 2, before the store or the link is opened', async () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'service-busy-'));
    const holder = createServer();
    servers.push(holder);
    await new Promise<void>((r) => holder.listen(0, '127.0.0.1', () => r()));
    const port = (holder.address() as { port: number }).port;
    const child = spawn(process.execPath, ['--import', 'tsx', 'src/cli/main.ts', 'start', '--port', String(port), '--data-dir', dataDir], { cwd: ROOT, stdio: ['ignore', 'pipe', 'pipe'] });
    children.push(child);
    const out = collect(child);
    const exit = await exited(child, 30_000);
    expect(exit.code).toBe(2);
    expect(out.stderr()).toBe(`shoe start: HTTP port ${port} on 127.0.0.1 is busy: another table or program listens there (choose another with --port or PORT)\n`);
    expect(out.lines).toEqual([]);
    expect(readdirSync(dataDir)).toEqual([]);
  }, 40_000);

  test.skipIf(!hasSocat && process.env['CI'] !== 'true')(`a busy serial device is refused with one clear line (socat pty held with the link's lock)${hasSocat ? '' : ' (skipped: socat is absent; CI installs it)'}`, async () => {
    pty = await startPtyPair();
    const holder = new SerialPort({ path: pty.a, baudRate: 115200, autoOpen: false, lock: true });
    await new Promise<void>((resolve, reject) => holder.open((err) => (err ? reject(err) : resolve())));
    try {
      const refusal = checkSerialDeviceFree(pty.a, 115200);
      await expect(refusal).rejects.toBeInstanceOf(StartupError);
      await expect(checkSerialDeviceFree(pty.a, 115200)).rejects.toThrow(`serial device ${pty.a} is busy: another process holds it`);
      // Through `shoe start`: one line on stderr, exit 2, nothing opened in the data folder.
      const dataDir = mkdtempSync(join(tmpdir(), 'service-serial-busy-'));
      const child = spawn(process.execPath, ['--import', 'tsx', 'src/cli/main.ts', 'start', '--serial', pty.a, '--port', String(await freePort()), '--data-dir', dataDir], { cwd: ROOT, stdio: ['ignore', 'pipe', 'pipe'] });
      children.push(child);
      const out = collect(child);
      expect((await exited(child, 30_000)).code).toBe(2);
      expect(out.stderr()).toMatch(new RegExp(`^shoe start: serial device ${pty.a} is busy: [^\n]*\n$`));
      expect(readdirSync(dataDir)).toEqual([]);
    } finally {
      await new Promise<void>((r) => holder.close(() => r()));
    }
    // Free again, and an absent device is left to the link watchdog.
    await expect(checkSerialDeviceFree(pty.a, 115200)).resolves.toBeUndefined();
    await expect(checkSerialDeviceFree('/dev/no-such-shoe-device', 115200)).resolves.toBeUndefined();
  });
});
