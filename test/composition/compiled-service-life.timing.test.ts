// Service life as documented (docs/operations.md, "Run it under systemd" and "Start in production"): the
// build is made, the systemd unit's ExecStart is read from the docs and run as systemd would (its
// WorkingDirectory, its environment file's variables), and `npm run start:prod` is run as a process
// manager would; SIGTERM stops each within the unit's TimeoutStopSec, exit 0, with no process left.
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { execFile, spawn, type ChildProcess } from 'node:child_process';
import { copyFileSync, mkdtempSync, readFileSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { ROOT } from '../support/run-cli.js';
import { alive } from '../support/process-alive.js';

const OUT = join('test-output', `service-build-${process.pid}`);
const BUILD = join(ROOT, OUT);
const children: ChildProcess[] = [];
const pids: number[] = [];

beforeAll(async () => {
  await promisify(execFile)(process.execPath, ['scripts/build.mjs', '--out-dir', OUT, '--no-check'], { cwd: ROOT });
}, 180_000);
afterAll(() => {
  for (const c of children) if (c.exitCode === null && c.signalCode === null) c.kill('SIGKILL');
  for (const pid of pids) if (alive(pid)) process.kill(pid, 'SIGKILL');
  rmSync(BUILD, { recursive: true, force: true });
});

/** The [Service] settings of the unit file shown in docs/operations.md. */
function documentedUnit(): Record<string, string> {
  const doc = readFileSync(join(ROOT, 'docs/operations.md'), 'utf8');
  const unit = /```ini\n([\s\S]*?)```/.exec(doc.slice(doc.indexOf('## Run it under systemd')))?.[1] ?? '';
  return Object.fromEntries(unit.split('\n').filter((l) => /^\w+=/.test(l)).map((l) => [l.slice(0, l.indexOf('=')), l.slice(l.indexOf('=') + 1)]));
}

/** A production table file for this machine: the example, its database in a scratch folder, no shoe, no floor. */
function tableFile(dir: string): string {
  const text = readFileSync(join(ROOT, 'config/tables/example-production.yaml'), 'utf8')
    .replace(/path: \/dev\/serial\/\S+/, `path: ${join(dir, 'no-shoe')}`)
    .replace(/^nats: .*$/m, '')
    .replace(/http: \{ host: 0\.0\.0\.0, port: 8080 \}/, 'http: { host: 127.0.0.1, port: 0 }');
  const file = join(dir, 'floor-3.yaml');
  writeFileSync(file, text);
  return file;
}

const TOKENS = { DEALER_TOKEN: 'dealer-token-1', SUPERVISOR_TOKEN: 'supervisor-token-1', GAME_SERVER_TOKEN: 'game-token-1', DISPLAY_TOKEN: 'display-token-1' };

/** Runs a command until the table's "table running" line; then SIGTERM and how it ended. */
async function runAndTerminate(command: string, args: string[], options: { cwd: string; env: Record<string, string> }, stopWithinMs: number): Promise<{ code: number | null; lines: string[]; serverPid: number }> {
  const child = spawn(command, args, { cwd: options.cwd, env: options.env, stdio: ['ignore', 'pipe', 'pipe'] });
  children.push(child);
  const lines: string[] = [];
  let stderr = '';
  let buffer = '';
  child.stderr?.on('data', (d: Buffer) => (stderr += d.toString()));
  const running = new Promise<number>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`no "table running" within 60 s; stderr: ${stderr}`)), 60_000);
    child.stdout?.on('data', (d: Buffer) => {
      buffer += d.toString();
      let nl: number;
      while ((nl = buffer.indexOf('\n')) >= 0) {
        const line = buffer.slice(0, nl);
        buffer = buffer.slice(nl + 1);
        lines.push(line);
        if (line.includes('"msg":"table running"')) {
          clearTimeout(timer);
          resolve((JSON.parse(line) as { pid: number }).pid);
        }
      }
    });
    child.once('exit', (code) => reject(new Error(`exited ${code} before running; stderr: ${stderr}`)));
  });
  const serverPid = await running;
  pids.push(serverPid);
  child.kill('SIGTERM');
  const code = await new Promise<number | null>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`still running ${stopWithinMs} ms after SIGTERM`)), stopWithinMs);
    child.once('exit', (c) => { clearTimeout(timer); resolve(c); });
  });
  return { code, lines, serverPid };
}

describe('the compiled product under a service manager', () => {
  test('the systemd unit in the docs starts the build and stops on SIGTERM within TimeoutStopSec', async () => {
    const unit = documentedUnit();
    expect(unit['ExecStart']).toMatch(/^\/usr\/bin\/node \/opt\/blackjack\/dist\/src\/cli\/main\.js start /);
    const dir = mkdtempSync(join(tmpdir(), 'systemd-unit-'));
    const argv = (unit['ExecStart'] ?? '')
      .replace('/opt/blackjack/dist', BUILD)
      .replace('/etc/blackjack/tables/floor-3.yaml', tableFile(dir))
      .replace('/var/lib/blackjack', join(dir, 'state'))
      .split(' ');
    const [node, ...args] = argv;
    expect(node).toBe('/usr/bin/node');
    const stopWithinMs = Number(unit['TimeoutStopSec']) * 1000;
    const { code, lines, serverPid } = await runAndTerminate(process.execPath, args, { cwd: (unit['WorkingDirectory'] ?? '').replace('/opt/blackjack', ROOT), env: { PATH: process.env['PATH'] ?? '', ...TOKENS } }, stopWithinMs);
    expect(code).toBe(0);
    expect(lines.some((l) => l.includes('"msg":"shutdown: complete"'))).toBe(true);
    expect(alive(serverPid)).toBe(false);
  }, 120_000);

  test('SIGTERM to `npm run start:prod` reaches node: it stops, and nothing is left behind', async () => {
    // A package folder whose dist/ is the build: npm runs the script exactly as written in package.json.
    const dir = mkdtempSync(join(tmpdir(), 'start-prod-'));
    copyFileSync(join(ROOT, 'package.json'), join(dir, 'package.json'));
    symlinkSync(BUILD, join(dir, 'dist'));
    const { code, serverPid } = await runAndTerminate('npm', ['run', 'start:prod', '--', '--data-dir', join(dir, 'data'), '--port', '0'], { cwd: dir, env: { PATH: process.env['PATH'] ?? '', HOME: process.env['HOME'] ?? dir } }, 20_000);
    expect(code).toBe(0);
    await new Promise((r) => setTimeout(r, 200));
    expect(alive(serverPid)).toBe(false);
  }, 120_000);
});
