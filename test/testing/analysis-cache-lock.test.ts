// The tests' cache of the exact analysis (test/support/exact-analysis-cache.ts) is shared by test files
// through a lock per file being computed. A test file's worker that ends while it computes leaves its lock
// behind; a lock whose writer has ended is abandoned, so the next file computes instead of waiting for it.
import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, test } from 'vitest';
import { holderGone } from '../support/exact-analysis-cache.js';

const dir = mkdtempSync(join(tmpdir(), 'analysis-lock-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe('a lock of the analysis cache', () => {
  test('written by a process that has ended: abandoned', () => {
    const ended = spawnSync(process.execPath, ['-e', 'process.stdout.write(String(process.pid))'], { encoding: 'utf8' });
    const lock = join(dir, 'ended.lock');
    writeFileSync(lock, ended.stdout);
    expect(Number(ended.stdout)).toBeGreaterThan(0);
    expect(holderGone(lock)).toBe(true);
  });

  test('written by a process that runs: held', () => {
    const lock = join(dir, 'running.lock');
    writeFileSync(lock, String(process.pid));
    expect(holderGone(lock)).toBe(false);
  });

  test('not yet written, or gone: held (the next look decides)', () => {
    const lock = join(dir, 'empty.lock');
    writeFileSync(lock, '');
    expect(holderGone(lock)).toBe(false);
    expect(holderGone(join(dir, 'absent.lock'))).toBe(false);
  });
});
