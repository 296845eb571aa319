// The CLI bundled once per test run (esbuild, dependencies left external), so tests that start it many
// times — the crash-recovery test kills and restarts it fifty times — do not pay tsx's start-up each time.
// Split at the verbs' `await import(...)` (commands.ts) as the sources are: a verb loads only its own
// code, as from the sources (one file holding every verb took a second of CPU to start any of them).
import { build } from 'esbuild';
import { rmSync } from 'node:fs';
import { afterAll } from 'vitest';
import { join } from 'node:path';
import { ROOT } from './run-cli.js';

let bundled: Promise<string> | undefined;
let outdir: string | undefined;

// The bundle goes with the test file that made it (the test processes are ended without an 'exit' event).
afterAll(() => {
  if (outdir !== undefined) rmSync(outdir, { recursive: true, force: true });
});

export function cliBundle(): Promise<string> {
  bundled ??= (async () => {
    // Two folders below the root, like src/cli, so the CLI finds config/ and node_modules/ as it does from source.
    outdir = join(ROOT, 'test-output', `cli-${process.pid}`);
    await build({
      entryPoints: { shoe: join(ROOT, 'src/cli/main.ts') },
      bundle: true,
      splitting: true,
      platform: 'node',
      format: 'esm',
      target: 'node20',
      packages: 'external',
      outdir,
      outExtension: { '.js': '.mjs' },
      absWorkingDir: ROOT,
      logLevel: 'silent',
      banner: { js: "import { createRequire as __cr } from 'node:module'; const require = __cr(import.meta.url);" },
    });
    return join(outdir, 'shoe.mjs');
  })();
  return bundled;
}
