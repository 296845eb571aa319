// The product as a library, as a QA team gets it: the package built and packed (`npm pack`), the tarball
// installed OFFLINE into a scratch project outside the repository (its other dependencies linked from this
// repository's node_modules, as `file:` dependencies, so npm needs no registry), then the scratch project's
// vitest file (scratch-project/library.test.mts) type-checked with tsc and run with vitest: it replays a
// session, stacks a shoe where the dealer busts against a double, and checks a scenario.
import { describe, expect, test } from 'vitest';
import { execFile } from 'node:child_process';
import { copyFileSync, cpSync, existsSync, mkdirSync, mkdtempSync, readFileSync, readdirSync, realpathSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { ROOT } from '../support/run-cli.js';

const run = promisify(execFile);
const HERE = join(ROOT, 'test/testing/scratch-project');

describe('npm pack, then an offline install in a scratch project', () => {
  test('a vitest suite outside the repository uses the package through its exports, typed', async () => {
    const stage = join(ROOT, 'test-output', `pack-${process.pid}`);
    const scratch = mkdtempSync(join(tmpdir(), 'qa-scratch-'));
    try {
      // The package as `npm pack` sees it after `npm run build` (built without the type check, which is
      // `npm run typecheck`'s job; the declarations are emitted all the same).
      mkdirSync(stage, { recursive: true });
      const pkg = JSON.parse(readFileSync(join(ROOT, 'package.json'), 'utf8')) as { files: string[]; dependencies: Record<string, string>; name: string; version: string };
      for (const entry of ['package.json', ...pkg.files.filter((f) => !f.startsWith('dist'))]) {
        if (existsSync(join(ROOT, entry))) cpSync(join(ROOT, entry), join(stage, entry), { recursive: true });
      }
      await run(process.execPath, ['scripts/build.mjs', '--out-dir', join('test-output', `pack-${process.pid}`, 'dist'), '--no-check'], { cwd: ROOT });
      const packed = await run('npm', ['pack', '--ignore-scripts', '--silent', '--pack-destination', scratch], { cwd: stage });
      const tarball = join(scratch, packed.stdout.trim().split('\n').at(-1) as string);
      expect(tarball).toMatch(/blackjack-table-controller-\d+\.\d+\.\d+\.tgz$/);

      const modules = realpathSync(join(ROOT, 'node_modules'));
      const links = Object.fromEntries([...Object.keys(pkg.dependencies), 'vitest', 'typescript', '@types/node'].map((d) => [d, `file:${join(modules, d)}`]));
      writeFileSync(join(scratch, 'package.json'), JSON.stringify({ name: 'qa-scratch', private: true, type: 'module', dependencies: links }, null, 2));
      await run('npm', ['install', '--offline', '--no-audit', '--no-fund', '--ignore-scripts', tarball], { cwd: scratch });
      const installed = join(scratch, 'node_modules', pkg.name);
      expect(existsSync(join(installed, 'dist/src/testing/index.d.ts'))).toBe(true);
      expect(realpathSync(installed).startsWith(scratch)).toBe(true); // a copy from the tarball, not a link back

      copyFileSync(join(HERE, 'library.test.mts'), join(scratch, 'library.test.mts'));
      copyFileSync(join(HERE, 'tsconfig.scratch.json'), join(scratch, 'tsconfig.json'));
      expect(readFileSync(join(scratch, 'library.test.mts'), 'utf8')).not.toMatch(/from '[^']*src\//);
      const typed = await run(process.execPath, [join(scratch, 'node_modules/typescript/bin/tsc'), '-p', 'tsconfig.json'], { cwd: scratch }).catch((err: { stdout: string }) => err);
      expect(typed.stdout).toBe('');
      const tested = await run(process.execPath, [join(scratch, 'node_modules/vitest/vitest.mjs'), 'run', '--reporter', 'json'], { cwd: scratch, maxBuffer: 16 * 1024 * 1024 })
        .catch((err: { stdout: string }) => err);
      const report = JSON.parse(tested.stdout) as { numPassedTests: number; numFailedTests: number; testResults: Array<{ message: string; assertionResults: Array<{ title: string; failureMessages: string[] }> }> };
      expect(report.testResults.flatMap((r) => [...(r.message ? [r.message] : []), ...r.assertionResults.flatMap((a) => a.failureMessages)])).toEqual([]);
      expect(report.numPassedTests).toBe(3);
      expect(report.numFailedTests).toBe(0);
      expect(readdirSync(scratch)).toContain('node_modules');
    } finally {
      rmSync(stage, { recursive: true, force: true });
      rmSync(scratch, { recursive: true, force: true });
    }
  }, 300_000);
});
