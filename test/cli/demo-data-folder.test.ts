// `shoe start` without --table runs the bundled demo table, which lies inside the package — an installed
// copy lies under node_modules/ — so the demo's log goes in ./data under the working folder, and DATA_DIR or
// --data-dir still choose another (docs/operations.md, "Install the package"). `--check` reports the database
// it would open and creates nothing.
import { describe, expect, test } from 'vitest';
import { existsSync, mkdtempSync, realpathSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { ROOT, runCli, type CliResult } from '../support/run-cli.js';

/** `shoe start --check --port 0 ...` from the sources, run in `cwd`. */
function startCheck(cwd: string, args: string[], env: Record<string, string> = {}): Promise<CliResult> {
  return runCli(['start', '--check', '--port', '0', ...args], 'node', undefined, { cwd, env: { PATH: process.env['PATH'] ?? '', ...env } });
}

const database = (stdout: string): string | undefined => /database (\S+),/.exec(stdout)?.[1];

describe('the demo table keeps its log under the working folder', () => {
  test('started from another folder: ./data there, not the package folder; nothing created by --check', async () => {
    const here = realpathSync(mkdtempSync(join(tmpdir(), 'demo-cwd-')));
    const r = await startCheck(here, []);
    expect(r.stderr).toBe('');
    expect(r.code).toBe(0);
    expect(database(r.stdout)).toBe(join(here, 'data', 'demo-1.db'));
    expect(existsSync(join(here, 'data'))).toBe(false);
  });

  test('DATA_DIR and --data-dir still choose the folder', async () => {
    const here = realpathSync(mkdtempSync(join(tmpdir(), 'demo-cwd-')));
    const fromEnv = await startCheck(here, [], { DATA_DIR: join(here, 'env-data') });
    expect(database(fromEnv.stdout)).toBe(join(here, 'env-data', 'demo-1.db'));
    const fromOption = await startCheck(here, ['--data-dir', join(here, 'option-data')], { DATA_DIR: join(here, 'env-data') });
    expect(database(fromOption.stdout)).toBe(join(here, 'option-data', 'demo-1.db'));
  });

  test('a table file named with --table keeps its store path relative to that file', async () => {
    const here = realpathSync(mkdtempSync(join(tmpdir(), 'demo-cwd-')));
    const r = await startCheck(here, ['--table', join(ROOT, 'config/tables/demo.yaml')]);
    expect(r.code).toBe(0);
    expect(database(r.stdout)).toBe(join(ROOT, 'data', 'demo-1.db'));
  });
});
