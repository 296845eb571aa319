// Every durable log anchors, and is keyed when a key is given (docs/audit.md, "Anchors"): `shoe run`
// writes its log as a table does — MACs with SHOE_LOG_KEY (or --key-env), an anchor file beside the
// database — so an older copy put back in its place is caught by `verify`, and `start` refuses it.
import { beforeAll, describe, expect, test } from 'vitest';
import { copyFileSync, existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { spawn } from 'node:child_process';
import { cliEntry, ROOT } from '../support/run-cli.js';
import { demoSessionFiles } from '../support/log-play.js';

/** The CLI as `npm start` runs it (the start build, test/support/run-cli.ts): plain node, no tsx start-up. */
let cli = '';
beforeAll(async () => {
  cli = await cliEntry();
});

const KEY = 'run-anchored-test-key-0123456789abcdef';

function shoe(args: string[], env: Record<string, string> = {}): Promise<{ code: number | null; stdout: string; stderr: string }> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [cli, ...args], { cwd: ROOT, env: { PATH: process.env['PATH'] ?? '', ...env }, stdio: ['ignore', 'pipe', 'pipe'] });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (d: Buffer) => (stdout += d.toString()));
    child.stderr.on('data', (d: Buffer) => (stderr += d.toString()));
    child.on('error', reject);
    // A command that should have ended but runs on (a table that started after all) fails the test, not hangs it.
    const guard = setTimeout(() => child.kill('SIGKILL'), 30_000);
    child.on('close', (code) => { clearTimeout(guard); resolve({ code, stdout, stderr }); });
  });
}

describe('shoe run writes a log a table would', () => {
  const dir = mkdtempSync(join(tmpdir(), 'run-anchored-'));
  const { half, whole } = demoSessionFiles(dir);

  test('with SHOE_LOG_KEY every event carries a MAC, and the log is anchored', async () => {
    const db = join(dir, 'keyed.db');
    expect((await shoe(['run', whole, '--rules', 'six-deck', '--db', db, '--table', 't1', '--quiet'], { SHOE_LOG_KEY: KEY })).code).toBe(0);
    expect(existsSync(`${db}.anchors`)).toBe(true);
    const verified = await shoe(['verify', db], { SHOE_LOG_KEY: KEY });
    expect(verified.code).toBe(0);
    expect(verified.stdout).toMatch(/MACs checked from event 1; consistent with the anchor at seq \d+ in/);
  }, 60_000);

  test('an older copy put back in place of the log is caught by verify and refused by start', async () => {
    const db = join(dir, 'demo-1.db'); // the demo table's database in --data-dir
    expect((await shoe(['run', half, '--rules', 'six-deck', '--db', db, '--table', 'demo-1', '--quiet'])).code).toBe(0);
    copyFileSync(db, join(dir, 'older.db'));
    expect((await shoe(['run', whole, '--rules', 'six-deck', '--db', db, '--table', 'demo-1', '--quiet'])).code).toBe(0);
    // The older copy comes back (a restored file, a lost WAL): the anchor file still remembers the whole run.
    copyFileSync(join(dir, 'older.db'), db);
    for (const suffix of ['-wal', '-shm']) rmSync(`${db}${suffix}`, { force: true });
    const verified = await shoe(['verify', db]);
    expect(verified.code).toBe(1);
    expect(verified.stdout).toMatch(/^MISMATCH demo-1 at event \d+: .*missing/m);
    const started = await shoe(['start', '--data-dir', dir, '--port', '0']);
    expect(started.code).toBe(1);
    expect(started.stderr).toMatch(/anchored events are missing/);
  }, 90_000);
});
