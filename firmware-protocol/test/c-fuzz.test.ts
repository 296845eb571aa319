// libFuzzer over the C shoe's receiver and state machine (firmware-protocol/c/fuzz/fuzz_receiver.c),
// for a bounded time, with a corpus made of the normative vectors' wire bytes (PROTOCOL.md §12):
// a crash, a sanitizer report or an invalid frame sent by the shoe fails the test. Needs clang
// (CI installs it); skips without it.
//
// SLOW (47 s: libFuzzer runs for a bounded time after building the C shoe with sanitizers; docs/testing.md,
// "Where the time goes").
import { execFileSync, spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const cdir = join(root, 'c');
const hasClang = spawnSync('clang', ['--version']).status === 0 && spawnSync('make', ['--version']).status === 0;
const SECONDS = Number(process.env['SHOE_FUZZ_SECONDS'] ?? 45);

describe.skipIf(!hasClang)(hasClang ? 'C receiver fuzzing' : 'skipped: clang not installed', () => {
  it(`finds nothing in ${SECONDS} s from a corpus of the vectors`, () => {
    execFileSync('make', ['-s', '-C', cdir, 'build/fuzz-receiver'], { stdio: 'pipe' });
    const corpus = mkdtempSync(join(tmpdir(), 'shoe-fuzz-'));
    try {
      for (const f of ['golden.json', 'corrupt.json']) {
        const v = JSON.parse(readFileSync(join(root, 'vectors', f), 'utf8')) as { vectors: { wire: string }[] };
        v.vectors.forEach((x, i) => writeFileSync(join(corpus, `${f}-${i}`), Buffer.from(x.wire, 'hex')));
      }
      const r = spawnSync(join(cdir, 'build', 'fuzz-receiver'), [`-max_total_time=${SECONDS}`, '-print_final_stats=1', '-timeout=10', '-rss_limit_mb=1024', corpus], {
        encoding: 'utf8',
        timeout: (SECONDS + 60) * 1000,
      });
      const execs = Number(/stat::number_of_executed_units:\s*(\d+)/.exec(r.stderr)?.[1] ?? 0);
      expect(r.stderr).not.toMatch(/ERROR: (AddressSanitizer|libFuzzer|UndefinedBehaviorSanitizer)|runtime error/);
      expect(r.status).toBe(0);
      expect(execs).toBeGreaterThan(1000);
      console.log(`fuzz-receiver: ${execs} executions in ${SECONDS} s`);
    } finally {
      rmSync(corpus, { recursive: true, force: true });
    }
  }, (SECONDS + 120) * 1000);
});
