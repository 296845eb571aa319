// Builds firmware-protocol/c with -std=c99 -Wall -Wextra -Werror -pedantic and runs its unit tests
// (test/test_shoe.c: handshake, retransmission, NAK, duplicates, the anchored allowance, nonces, the
// --violate switches) under AddressSanitizer and UBSan. Skips when no C compiler exists.
import { execFileSync, spawnSync } from 'node:child_process';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const cdir = join(dirname(fileURLToPath(import.meta.url)), '..', 'c');
const hasCc = spawnSync('cc', ['--version']).status === 0 && spawnSync('make', ['--version']).status === 0;

describe.skipIf(!hasCc)('C shoe library', () => {
  it('builds warning-free and passes its unit tests under ASan + UBSan', () => {
    // Only this file's target: the other C tests build theirs in parallel in the same build/ folder.
    execFileSync('make', ['-s', '-C', cdir, 'build/test-shoe'], { stdio: 'pipe' });
    const r = spawnSync('make', ['-s', '-C', cdir, 'test'], { encoding: 'utf8' });
    expect(r.stdout).toMatch(/^\d+ checks, 0 failures$/m);
    expect(Number(/^(\d+) checks/m.exec(r.stdout)?.[1])).toBeGreaterThanOrEqual(35);
    expect(r.status).toBe(0);
  }, 120_000);
});
