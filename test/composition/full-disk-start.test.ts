// A table started on a disk that cannot take its files (docs/operations.md, "A full or read-only disk"):
// one line naming the folder and the fix, exit 2, and nothing left behind — no folder, no lock file, no
// temporary file. The disk is a real one: a 64 KiB tmpfs mounted for the test (CI runs as root) and filled.
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { shoeInProcess } from '../support/shoe-in-process.js';
import { lockTable } from '../../src/adapters/store/table-lock.js';
import { TableStorageError } from '../../src/adapters/store/storage-trouble.js';

const root = process.getuid?.() === 0;
const disk = mkdtempSync(join(tmpdir(), 'full-disk-'));
const tableFile = join(mkdtempSync(join(tmpdir(), 'full-disk-table-')), 'table.yaml');

beforeAll(() => {
  if (!root) throw new Error('run as root: the test mounts a 64 KiB tmpfs to make a full disk (CI runs as root)');
  execFileSync('mount', ['-t', 'tmpfs', '-o', 'size=64k', 'tmpfs', disk]);
  // Fill it: every block taken, as on a disk that filled up while nobody looked.
  try {
    execFileSync('dd', ['if=/dev/zero', `of=${join(disk, 'fill')}`, 'bs=1k', 'count=128'], { stdio: 'ignore' });
  } catch {
    // dd stops with "No space left on device": that is the point.
  }
  writeFileSync(tableFile, `id: full-1\nrules: six-deck\nstore:\n  path: ${join(disk, 'data', 'full-1.db')}\nhttp:\n  port: 0\nroles: {}\n`);
});

afterAll(() => {
  if (root) execFileSync('umount', [disk]);
  rmSync(disk, { recursive: true, force: true });
});

test('shoe start on a full disk: one line naming the folder and the fix, exit 2, nothing created', async () => {
  const r = await shoeInProcess('start', '--table', tableFile);
  expect(r.code).toBe(2);
  const lines = r.stderr.trim().split('\n');
  expect(lines).toHaveLength(1);
  expect(lines[0]).toBe(`shoe start: cannot write the table's files in ${join(disk, 'data')}: the disk is full; free space there (or make it writable), or set store.path in the table file to a folder on another disk, then start again`);
  expect(r.stderr).not.toMatch(/at \w+ \(|unexpected error/);
  expect(readdirSync(disk)).toEqual(['fill']);
});

test('the table lock on a full disk removes what it created (its folder, the lock, the temporary holder file)', () => {
  const db = join(disk, 'a', 'b', 't.db');
  expect(() => lockTable(db, 't', new Date(0))).toThrow(TableStorageError);
  expect(readdirSync(disk)).toEqual(['fill']);
});
