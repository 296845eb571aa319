// Compiles and runs vectors/c-example/check_vectors.c: proves the C reference code printed in
// PROTOCOL.md §3.2 and §4.1 agrees with the normative vectors. Skips when no C compiler exists.
import { execFileSync, spawnSync } from 'node:child_process';
import { copyFileSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const vectors = join(dirname(fileURLToPath(import.meta.url)), '..', 'vectors');
const hasCc = spawnSync('cc', ['--version']).status === 0;

describe('C example', () => {
  it.skipIf(!hasCc)(`check_vectors.c passes every vector${hasCc ? '' : ' (skipped: no C compiler "cc" on this machine)'}`, () => {
    const dir = mkdtempSync(join(tmpdir(), 'shoe-vectors-c-'));
    try {
      const golden = JSON.parse(readFileSync(join(vectors, 'golden.json'), 'utf8')) as { vectors: { name: string; body: string; wire: string }[] };
      const corrupt = JSON.parse(readFileSync(join(vectors, 'corrupt.json'), 'utf8')) as { vectors: { name: string; wire: string; frames: unknown[]; discarded: { reason: string }[] }[] };
      // Same output as the jq lines in vectors/README.md.
      writeFileSync(join(dir, 'golden.inc'), golden.vectors.map((v) => `{${JSON.stringify(v.name)}, "${v.body}", "${v.wire}"},\n`).join(''));
      writeFileSync(join(dir, 'corrupt.inc'), corrupt.vectors.map((v) => `{${JSON.stringify(v.name)}, "${v.wire}", ${v.frames.length}, "${v.discarded.map((d) => d.reason).join(',')}"},\n`).join(''));
      copyFileSync(join(vectors, 'c-example', 'check_vectors.c'), join(dir, 'check_vectors.c'));
      execFileSync('cc', ['-std=c99', '-Wall', '-Wextra', '-Werror', '-O2', '-o', join(dir, 'check_vectors'), join(dir, 'check_vectors.c')], { cwd: dir });
      const out = execFileSync(join(dir, 'check_vectors'), { encoding: 'utf8' });
      expect(out).toMatch(/ 0 failures/);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
