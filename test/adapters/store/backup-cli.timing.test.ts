// Backups (docs/audit.md): `shoe backup DB FILE` copies a table's log with SQLite's online backup while the table
// writes, verifies the copy, and anchors it; the copy then verifies on its own and judges a restore.
import { spawn, execFile } from 'node:child_process';
import { existsSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import Database from 'better-sqlite3';
import { beforeAll, describe, expect, test } from 'vitest';
import { cliBundle } from '../../support/cli-bundle.js';
import { ROOT } from '../../support/run-cli.js';
import { playRandomSession } from '../../support/random-session.js';
import { loadRuleSet } from '../../../src/config/load-rule-set.js';
import { anchorFileOf, readNewestAnchor } from '../../../src/adapters/store/anchor-file.js';

const run = promisify(execFile);
let cli: string;
beforeAll(async () => {
  cli = await cliBundle();
});

async function shoe(args: string[]): Promise<{ code: number; stdout: string; stderr: string }> {
  try {
    const { stdout, stderr } = await run(process.execPath, [cli, ...args], { cwd: ROOT, env: { ...process.env, SHOE_LOG_KEY: '' }, maxBuffer: 64 << 20 });
    return { code: 0, stdout, stderr };
  } catch (err) {
    const e = err as { code: number; stdout: string; stderr: string };
    return { code: e.code, stdout: e.stdout, stderr: e.stderr };
  }
}

function head(db: string): number {
  try {
    const sql = new Database(db, { readonly: true, fileMustExist: true });
    try {
      return (sql.prepare('SELECT max(seq) AS s FROM events').get() as { s: number | null }).s ?? 0;
    } finally {
      sql.close();
    }
  } catch {
    return 0;
  }
}

describe('shoe backup', () => {
  test('copies a table log while the table writes; the copy verifies and is anchored', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'backup-'));
    const session = join(dir, 'session.jsonl');
    writeFileSync(session, playRandomSession(loadRuleSet('six-deck').rules, 31, 400).inputs.map((i) => JSON.stringify(i)).join('\n') + '\n');
    const db = join(dir, 'table-1.db');
    const writer = spawn(process.execPath, [cli, 'run', session, '--rules', 'six-deck', '--db', db, '--table', 'table-1'], { cwd: ROOT, stdio: ['ignore', 'ignore', 'pipe'] });
    const finished = new Promise<number | null>((resolve) => writer.on('close', resolve));
    try {
      while (head(db) < 1000) await new Promise((r) => setTimeout(r, 20));
      const copies: Array<{ file: string; before: number; after: number; out: string }> = [];
      for (let i = 0; i < 3; i++) {
        const file = join(dir, `backup-${i}.db`);
        const before = head(db);
        const r = await shoe(['backup', db, file]);
        const after = head(db);
        expect(r.code, r.stdout + r.stderr).toBe(0);
        copies.push({ file, before, after, out: r.stdout });
      }
      // The table wrote while the backups ran.
      expect(copies.some((c) => c.after > c.before), JSON.stringify(copies.map(({ before, after }) => ({ before, after })))).toBe(true);
      for (const { file, before, after, out } of copies) {
        const copied = head(file);
        expect(copied).toBeGreaterThanOrEqual(before);
        expect(copied).toBeLessThanOrEqual(after);
        expect(out).toMatch(new RegExp(`^OK table-1: .*backup-\\d\\.db holds events 1\\.\\.${copied} \\(\\d+ pages\\), verified`));
        expect(readNewestAnchor(anchorFileOf(file))?.anchor).toMatchObject({ tableId: 'table-1', seq: copied, reason: 'backup' });
        const v = await shoe(['verify', file]);
        expect(v.code, v.stdout).toBe(0);
        expect(v.stdout).toContain(`consistent with the anchor at seq ${copied}`);
      }
    } finally {
      writer.kill('SIGKILL');
      await finished;
    }
  }, 180_000);

  test('refuses to overwrite, and names what it does not understand', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'backup-usage-'));
    const existing = join(dir, 'there.db');
    writeFileSync(existing, '');
    expect((await shoe(['backup', existing, existing])).stderr).toMatch(/already exists/);
    const bad = await shoe(['backup', join(dir, 'a.db'), join(dir, 'b.db'), '--fast', 'yes']);
    expect(bad.code).toBe(2);
    expect(bad.stderr).toMatch(/unknown option --fast/);
    const missing = await shoe(['backup', join(dir, 'none.db'), join(dir, 'copy.db')]);
    expect(missing.code).toBe(2);
    expect(missing.stderr.trim()).toBe(`shoe backup: ${join(dir, 'none.db')}: no such database`);
    expect(existsSync(join(dir, 'copy.db'))).toBe(false);
  });
});
