// The CLI bundled once per test process (esbuild, dependencies left external), so tests that start it many
// times — the crash-recovery test kills and restarts it fifty times — do not pay tsx's start-up each time.
// Split at the verbs' `await import(...)` (commands.ts) as the sources are: a verb loads only its own
// code, as from the sources (one file holding every verb took a second of CPU to start any of them).
//
// A test process runs many files one after another (the parallel group shares its modules: vitest.config.ts),
// so the bundle lives as long as its process: the run's global teardown (test/support/global-teardown.ts)
// removes the bundles of processes that have ended, and a new bundle removes those a killed run left. A
// bundle's name holds its test process and that process's parent, the vitest run (`cli-<run>-<pid>`): `npm test`
// runs two vitest processes at once (scripts/run-tests.mjs), and each run's teardown waits for its own.
import { build } from 'esbuild';
import { existsSync, readdirSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { ROOT } from './run-cli.js';

const BUNDLES = join(ROOT, 'test-output');
// `cli-<pid>`, without the run, is how bundles were named before: removed like the others once their process has ended.
const BUNDLE = /^cli-(?:(\d+)-)?(\d+)$/;

/** A bundle's owner: the test process that made it and the vitest run that process belongs to. */
export interface BundleOwner { readonly run: number; readonly pid: number; readonly folder: string }

let bundled: Promise<string> | undefined;

/** Whether the process `pid` still runs. */
function alive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/** The processes whose bundles are there. */
function bundleOwners(): BundleOwner[] {
  if (!existsSync(BUNDLES)) return [];
  return readdirSync(BUNDLES).flatMap((name) => {
    const match = BUNDLE.exec(name);
    return match === null ? [] : [{ run: Number(match[1] ?? 0), pid: Number(match[2]), folder: join(BUNDLES, name) }];
  });
}

/** Removes the bundles of test processes that have ended; returns the owners still running. */
export function removeEndedBundles(): BundleOwner[] {
  const running: BundleOwner[] = [];
  for (const owner of bundleOwners()) {
    if (alive(owner.pid)) running.push(owner);
    else rmSync(owner.folder, { recursive: true, force: true });
  }
  return running;
}

export function cliBundle(): Promise<string> {
  bundled ??= (async () => {
    removeEndedBundles();
    // Two folders below the root, like src/cli, so the CLI finds config/ and node_modules/ as it does from source.
    const outdir = join(BUNDLES, `cli-${process.ppid}-${process.pid}`);
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
