// A table started on a disk that cannot take its files (docs/operations.md, "A full or read-only disk at
// start"): one line naming the folder and the fix, exit 2, and nothing left behind — no folder, no lock file,
// no half-made log, no temporary file. The disks are real: 64 KiB tmpfs mounts (CI runs as root), filled so
// that nothing, only the lock, or the lock and part of the log fit.
import { execFileSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { shoeInProcess } from '../support/shoe-in-process.js';
import { lockTable } from '../../src/adapters/store/table-lock.js';
import { TableStorageError } from '../../src/adapters/store/storage-trouble.js';

const mounted: string[] = [];

beforeAll(() => {
  if (process.getuid?.() !== 0) throw new Error('run as root: the test mounts 64 KiB tmpfs disks to make full ones (CI runs as root)');
});

afterAll(() => {
  for (const disk of mounted) {
    execFileSync('umount', [disk]);
    rmSync(disk, { recursive: true, force: true });
  }
});

/** A 64 KiB disk with `freeKiB` left; `data/` made on it first when `withFolder`. */
function fullDisk(freeKiB: number, withFolder = false): string {
  const disk = mkdtempSync(join(tmpdir(), 'full-disk-'));
  execFileSync('mount', ['-t', 'tmpfs', '-o', 'size=64k', 'tmpfs', disk]);
  mounted.push(disk);
  if (withFolder) mkdirSync(join(disk, 'data'));
  try {
    execFileSync('dd', ['if=/dev/zero', `of=${join(disk, 'fill')}`, 'bs=1k', `count=${64 - freeKiB}`], { stdio: 'ignore' });
  } catch {
    // dd stops with "No space left on device" when asked for more than is left: the disk is full, the point.
  }
  return disk;
}

function tableOn(disk: string): string {
  const file = join(mkdtempSync(join(tmpdir(), 'full-disk-table-')), 'table.yaml');
  writeFileSync(file, `id: full-1\nrules: six-deck\ndemo: true\nstore:\n  path: ${join(disk, 'data', 'full-1.db')}\nhttp:\n  port: 0\nroles: {}\n`);
  return file;
}

const refusal = (folder: string, trouble: string) =>
  `shoe start: cannot write the table's files in ${folder}: ${trouble}; free space there (or make it writable), or set store.path in the table file to a folder on another disk, then start again`;

test.each([
  ['no room at all', 0, 'the disk is full'],
  ['room for the lock, not the log', 20, 'the disk is full'],
  ['room for part of the log', 40, 'the disk reports an input/output error'],
])('shoe start on a full disk (%s): one line naming the folder and the fix, exit 2, nothing created', async (_, freeKiB, trouble) => {
  const disk = fullDisk(Number(freeKiB));
  const r = await shoeInProcess('start', '--table', tableOn(disk));
  expect(r.code).toBe(2);
  expect(r.stderr.trim().split('\n')).toEqual([refusal(join(disk, 'data'), String(trouble))]);
  expect(readdirSync(disk)).toEqual(['fill']);
});

test('a folder that was there stays, emptied of what the start made', async () => {
  const disk = fullDisk(20, true);
  const r = await shoeInProcess('start', '--table', tableOn(disk));
  expect(r.code).toBe(2);
  expect(readdirSync(disk).sort()).toEqual(['data', 'fill']);
  expect(readdirSync(join(disk, 'data'))).toEqual([]);
});

test('the table lock on a full disk removes what it created (its folders, the lock, the temporary holder file)', () => {
  const disk = fullDisk(0);
  expect(() => lockTable(join(disk, 'a', 'b', 't.db'), 't', new Date(0))).toThrow(TableStorageError);
  expect(readdirSync(disk)).toEqual(['fill']);
});
