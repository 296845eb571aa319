// `npm start` runs the CLI from the start build (scripts/start.mjs; docs/operations.md, "Start in production"):
// made from the sources when there is none, used as it is while no source changed, made again when one did.
// In a scratch copy of the checkout's sources (the script builds beside itself), so the checkout's own start
// build is not touched.
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { execFile } from 'node:child_process';
import { cpSync, existsSync, mkdtempSync, readFileSync, realpathSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { ROOT } from '../support/run-cli.js';

const exec = promisify(execFile);
const VERSION = (JSON.parse(readFileSync(join(ROOT, 'package.json'), 'utf8')) as { version: string }).version;
let scratch = '';

/** `node scripts/start.mjs --version` in the scratch copy: what npm start runs, with another verb. */
async function version(): Promise<{ stdout: string; stderr: string }> {
  return exec(process.execPath, [join(scratch, 'scripts/start.mjs'), '--version'], { cwd: scratch });
}

beforeAll(() => {
  scratch = realpathSync(mkdtempSync(join(tmpdir(), 'start-build-')));
  for (const entry of ['package.json', 'tsconfig.json', 'scripts/start.mjs', 'src', 'firmware-protocol/src']) cpSync(join(ROOT, entry), join(scratch, entry), { recursive: true });
  symlinkSync(realpathSync(join(ROOT, 'node_modules')), join(scratch, 'node_modules'));
});

afterAll(() => {
  if (scratch !== '') rmSync(scratch, { recursive: true, force: true });
});

describe('the start build', () => {
  test('made on the first start, kept while no source changes, made again when one does', async () => {
    const first = await version();
    expect(first.stderr).toMatch(/^start: start-build\/ made from the sources in [\d.]+ s\n$/);
    expect(first.stdout).toBe(`${VERSION}\n`);
    expect(existsSync(join(scratch, 'start-build/src/cli/main.js'))).toBe(true);
    expect(existsSync(join(scratch, 'start-build/src/adapters/web/page-bundles/public.js'))).toBe(true);
    expect(existsSync(join(scratch, 'start-build/src/adapters/web/pages/public.html'))).toBe(true);

    const again = await version();
    expect(again.stderr).toBe('');
    expect(again.stdout).toBe(`${VERSION}\n`);

    // A source edited: the next start runs the edit.
    const dispatcher = join(scratch, 'src/cli/run-shoe.ts');
    const source = readFileSync(dispatcher, 'utf8');
    expect(source).toContain('io.out(program.version);');
    writeFileSync(dispatcher, source.replace('io.out(program.version);', "io.out(`${program.version} edited`);"));
    const edited = await version();
    expect(edited.stderr).toMatch(/^start: start-build\/ made from the sources/);
    expect(edited.stdout).toBe(`${VERSION} edited\n`);
    expect(existsSync(join(scratch, 'start-build.lock'))).toBe(false);
  }, 120_000);
});
