// The product ships compiled (`npm run build` -> dist/, run by bin/shoe.js): benchmarks measure that build
// too. Builds into a scratch folder inside the package (the program finds its root by walking up to
// package.json), runs `body` with the folder's path, and deletes it after.
import { spawnSync } from 'node:child_process';
import { rmSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

export const PACKAGE_ROOT = fileURLToPath(new URL('../..', import.meta.url));

export async function withCompiledBuild<T>(body: (outDir: string) => Promise<T> | T): Promise<T> {
  const outDir = join(PACKAGE_ROOT, `bench-dist-${process.pid}`);
  try {
    const built = spawnSync(process.execPath, ['scripts/build.mjs', '--out-dir', outDir, '--no-check'], { cwd: PACKAGE_ROOT, stdio: ['ignore', 'ignore', 'inherit'] });
    if (built.status !== 0) throw new Error(`build failed (${built.status})`);
    return await body(outDir);
  } finally {
    rmSync(outDir, { recursive: true, force: true });
  }
}
