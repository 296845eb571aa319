// The CLI bundled once per test run (esbuild, dependencies left external), so tests that start it many
// times — the crash-recovery test kills and restarts it fifty times — do not pay tsx's start-up each time.
import { build } from 'esbuild';
import { join } from 'node:path';
import { ROOT } from './run-cli.js';

let bundled: Promise<string> | undefined;

export function cliBundle(): Promise<string> {
  bundled ??= (async () => {
    // Two folders below the root, like src/cli, so the CLI finds config/ and node_modules/ as it does from source.
    const outfile = join(ROOT, 'test-output', 'cli', `shoe-${process.pid}.mjs`);
    await build({
      entryPoints: [join(ROOT, 'src/cli/main.ts')],
      bundle: true,
      platform: 'node',
      format: 'esm',
      target: 'node20',
      packages: 'external',
      outfile,
      absWorkingDir: ROOT,
      logLevel: 'silent',
      banner: { js: "import { createRequire as __cr } from 'node:module'; const require = __cr(import.meta.url);" },
    });
    return outfile;
  })();
  return bundled;
}
