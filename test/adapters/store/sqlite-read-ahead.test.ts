// Read-ahead for verify's readers (native/chain-check/read_ahead_vfs.c, docs/adr/0013-verify-reads-ahead.md):
// a log read through it is the same log, read in blocks; a reader beside a writer in the same process,
// the WAL checkpointed into the file under it, sees every batch as a reader without it does. Read-ahead is
// for a whole process, so each reading runs in a process of its own (fixtures/read-ahead-reader.ts). The
// library is built here with warnings as errors, so the test runs wherever the suite runs.
import { spawnSync } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { beforeAll, expect, test } from 'vitest';

const dir = mkdtempSync(join(tmpdir(), 'read-ahead-'));
const READER = fileURLToPath(new URL('./fixtures/read-ahead-reader.ts', import.meta.url));

/** One run of the reader script in a fresh process: its JSON line. */
function run(mode: 'on' | 'off', what: 'read' | 'write-and-read', file: string, library?: string): Record<string, unknown> {
  const r = spawnSync(process.execPath, ['--import', 'tsx', READER, mode, what, file, ...(library ? [library] : [])], { encoding: 'utf8' });
  expect(r.status, r.stderr).toBe(0);
  return JSON.parse(r.stdout.trim().split('\n').at(-1) as string) as Record<string, unknown>;
}

beforeAll(() => {
  const built = spawnSync(process.execPath, ['scripts/build-native.mjs', '--strict'], { encoding: 'utf8' });
  expect(built.status, built.stderr).toBe(0);
}, 60_000);

test('a log read with read-ahead is the same log, read in a small part of the read calls', () => {
  const file = join(dir, 'read.db');
  run('off', 'write-and-read', file);
  const plain = run('off', 'read', file);
  const ahead = run('on', 'read', file);
  expect(ahead.on).toBe(true);
  expect(plain.on).toBe(false);
  expect(ahead.events).toBe(1801);
  expect({ digest: ahead.digest, events: ahead.events }).toEqual({ digest: plain.digest, events: plain.events });
  // Pages of 4 KiB served from blocks of 128 KiB: measured 81 calls against 1,906.
  expect(ahead.readCalls as number).toBeLessThan((plain.readCalls as number) / 4);
}, 60_000);

test("a reader's quick_check reads page by page (it walks one b-tree after another through the whole file), and the reader reads in blocks again after it", () => {
  const file = join(dir, 'quick-check.db');
  run('off', 'write-and-read', file);
  const plain = run('off', 'read', file);
  const ahead = run('on', 'read', file);
  expect(ahead.on).toBe(true);
  // In blocks the check would make far fewer calls, each reading 32 pages of which it uses a few.
  expect(ahead.quickCheckCalls as number).toBeGreaterThan((plain.quickCheckCalls as number) / 2);
  expect(ahead.againDigest).toBe(plain.digest);
  expect(ahead.againCalls as number).toBeLessThan((plain.readCalls as number) / 4);
}, 60_000);

test('beside a writer in the same process, the WAL checkpointed into the file under it, the reader sees every batch', () => {
  const ahead = run('on', 'write-and-read', join(dir, 'ahead.db'));
  const plain = run('off', 'write-and-read', join(dir, 'plain.db'));
  expect(ahead.on).toBe(true);
  const seen = ahead.seen as Array<{ events: number; digest: string }>;
  expect(seen.map((s) => s.events)).toEqual(Array.from({ length: 12 }, (_, i) => 1 + 150 * (i + 1)));
  expect(seen).toEqual(plain.seen);
}, 60_000);

test('a library built from other sources (its functions another version) turns nothing on: SQLite reads as before', () => {
  const other = join(dir, 'other-chain-check.so');
  const built = spawnSync(process.execPath, ['scripts/build-native.mjs', '--strict', '--define', 'VERIFY_FUNCTIONS_VERSION=1', '--out', other], { encoding: 'utf8' });
  expect(built.status, built.stderr).toBe(0);
  const file = join(dir, 'other.db');
  run('off', 'write-and-read', file);
  const plain = run('off', 'read', file);
  const refused = run('on', 'read', file, other);
  expect(refused.on).toBe(false);
  expect(refused.digest).toBe(plain.digest);
  expect(refused.readCalls as number).toBeGreaterThan((plain.readCalls as number) / 2);
}, 60_000);
