// `shoe start` refuses a configuration it cannot run with one line per problem and exit 2 — every problem
// at once, before the log, the link or NATS is touched and with nothing created on disk — so systemd's
// Restart=on-failure and its status show it; `--check` validates and exits (docs/operations.md,
// "Start-up checks"). A table with no shoe deals from the emulated one only when it says demo: true.
import { beforeAll, describe, expect, test } from 'vitest';
import { spawn } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { cliEntry, ROOT } from '../support/run-cli.js';

/** The CLI as `npm start` runs it (the start build, test/support/run-cli.ts): plain node, no tsx start-up. */
let cli = '';
beforeAll(async () => {
  cli = await cliEntry();
});

const TOKENS = { DEALER_TOKEN: 'dealer-token-1', SUPERVISOR_TOKEN: 'supervisor-token-1', GAME_SERVER_TOKEN: 'game-token-1', DISPLAY_TOKEN: 'display-token-1' };

/** The example production table, with its database in a scratch folder that does not exist yet. */
function productionTable(edit: (text: string) => string = (t) => t): { file: string; data: string } {
  const dir = mkdtempSync(join(tmpdir(), 'start-check-'));
  const data = join(dir, 'var-lib-blackjack');
  const text = readFileSync(join(ROOT, 'config/tables/example-production.yaml'), 'utf8')
    .replace('/var/lib/blackjack', data)
    .replace(/path: \/dev\/serial\/\S+/, `path: ${join(dir, 'no-shoe-here')}`)
    .replace(/http: \{ host: 0\.0\.0\.0, port: 8080 \}/, 'http: { host: 127.0.0.1, port: 0 }');
  const file = join(dir, 'floor-3.yaml');
  writeFileSync(file, edit(text));
  return { file, data };
}

function start(args: string[], env: Record<string, string>): Promise<{ code: number | null; stdout: string; stderr: string }> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [cli, 'start', ...args], { cwd: ROOT, env: { PATH: process.env['PATH'] ?? '', ...env }, stdio: ['ignore', 'pipe', 'pipe'] });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (d: Buffer) => (stdout += d.toString()));
    child.stderr.on('data', (d: Buffer) => (stderr += d.toString()));
    const guard = setTimeout(() => child.kill('SIGKILL'), 20_000);
    child.on('error', reject);
    child.on('close', (code) => { clearTimeout(guard); resolve({ code, stdout, stderr }); });
  });
}

const oneLine = (s: string) => s.trim().split('\n').length === 1;

describe('shoe start refuses what it cannot run, before opening anything', () => {
  test('a token variable that is not set: exit 2, one line naming it, no folder created', async () => {
    const { file, data } = productionTable();
    const { DEALER_TOKEN: _, ...others } = TOKENS;
    const r = await start(['--table', file], others);
    expect(r.code).toBe(2);
    expect(oneLine(r.stderr)).toBe(true);
    expect(r.stderr).toMatch(/roles\.dealer\.dealer-station-3: environment variable DEALER_TOKEN is not set/);
    expect(existsSync(data)).toBe(false);
  });

  test('more seats than the rule set has: exit 2, one line', async () => {
    const { file, data } = productionTable((t) => t.replace('seats: 7', 'seats: 9'));
    const r = await start(['--table', file], TOKENS);
    expect(r.code).toBe(2);
    expect(oneLine(r.stderr)).toBe(true);
    expect(r.stderr).toMatch(/seats: 9 seats, but rule set "deluxe" has 7/);
    expect(existsSync(data)).toBe(false);
  });

  test('a table file that does not exist: exit 2, one line in words', async () => {
    const { file } = productionTable();
    const r = await start(['--table', `${file}.missing`], TOKENS);
    expect(r.code).toBe(2);
    expect(oneLine(r.stderr)).toBe(true);
    expect(r.stderr).toMatch(/floor-3\.yaml\.missing: no such table file/);
  });

  test('a capture file in a folder that does not exist: exit 2, one line, before anything is opened', async () => {
    const { file, data } = productionTable();
    const capture = join(data, 'captures', 'floor-3.jsonl');
    const r = await start(['--table', file, '--capture', capture], TOKENS);
    expect(r.code).toBe(2);
    expect(oneLine(r.stderr)).toBe(true);
    expect(r.stderr).toContain(`--capture ${capture}: the folder ${join(data, 'captures')} does not exist`);
    expect(existsSync(data)).toBe(false);
  });

  test('--check on a valid configuration exits 0 and creates nothing', async () => {
    const { file, data } = productionTable();
    const r = await start(['--table', file, '--check'], TOKENS);
    expect(r.stderr).toBe('');
    expect(r.code).toBe(0);
    expect(r.stdout).toMatch(/^configuration valid: table floor-3, rule set deluxe/);
    expect(existsSync(data)).toBe(false);
  });

  test('--check lists every problem at once: all four unset token variables, one line each', async () => {
    const { file, data } = productionTable((t) => t.replace('seats: 7', 'seats: 9'));
    const r = await start(['--table', file, '--check'], {});
    expect(r.code).toBe(2);
    expect(r.stdout).toBe('');
    const lines = r.stderr.trimEnd().split('\n');
    expect(lines).toHaveLength(5);
    expect(lines[0]).toMatch(/^shoe start: seats: 9 seats, but rule set "deluxe" has 7/);
    for (const [i, variable] of ['DEALER_TOKEN', 'SUPERVISOR_TOKEN', 'GAME_SERVER_TOKEN', 'DISPLAY_TOKEN'].entries()) {
      expect(lines[i + 1]).toMatch(new RegExp(`^shoe start: roles\\.[a-z-]+\\.[a-z0-9-]+: environment variable ${variable} is not set`));
    }
    expect(existsSync(data)).toBe(false);
  });

  test('a table file with no serial section that does not say demo: true: exit 2, one line naming the fix, no database, no lock file', async () => {
    const { file, data } = productionTable((t) => t.replace(/^serial:.*\n(  .*\n)+/m, ''));
    expect(readFileSync(file, 'utf8')).not.toMatch(/^serial:/m);
    mkdirSync(data);
    const r = await start(['--table', file], TOKENS);
    expect(r.code).toBe(2);
    expect(oneLine(r.stderr)).toBe(true);
    expect(r.stderr).toBe('shoe start: serial: no shoe is configured and the table file does not say demo: true; give the shoe\'s device (serial: { path: /dev/serial/by-id/… } in the table file, or --serial PATH), or set demo: true to deal from the emulated shoe with bot players\n');
    expect(r.stdout).toBe('');
    expect(readdirSync(data)).toEqual([]);
  });

  test('the same file with demo: true passes --check with the emulated shoe', async () => {
    const { file } = productionTable((t) => t.replace(/^serial:.*\n(  .*\n)+/m, '').replace(/^demo: false/m, 'demo: true'));
    const r = await start(['--table', file, '--check'], TOKENS);
    expect(r.stderr).toBe('');
    expect(r.code).toBe(0);
    expect(r.stdout).toMatch(/, shoe emulated/);
  });

  test('a settlement feed whose secret variable is not set: --check lists it in one line, exit 2; set, it passes', async () => {
    const feed = 'feed:\n  webhook: { url: "https://wallet.example/feed", secretEnv: FEED_SECRET }\n';
    const { file, data } = productionTable((t) => t.replace(/^roles:/m, `${feed}roles:`));
    const r = await start(['--table', file, '--check'], TOKENS);
    expect(r.code).toBe(2);
    expect(r.stdout).toBe('');
    expect(r.stderr).toBe('shoe start: feed.webhook.secretEnv: environment variable FEED_SECRET is not set (it holds the secret the webhook\'s requests are signed with: export it in the service\'s environment, e.g. an EnvironmentFile of the systemd unit)\n');
    expect(existsSync(data)).toBe(false);
    const ok = await start(['--table', file, '--check'], { ...TOKENS, FEED_SECRET: 'a-long-feed-secret' });
    expect(ok.stderr).toBe('');
    expect(ok.code).toBe(0);
  });
});
