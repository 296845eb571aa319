// The product as a user installs it (docs/qa.md, "The product as a library"): `npm pack` in a copy of the
// sources without dist/ (the package's prepack builds it), then `npm install ./the.tgz` in a scratch project
// outside the repository WITH install scripts on, from the registry, as a user's install runs: better-sqlite3's
// install script fetches its prebuilt binary from a studio's mirror (./prebuilt-mirror.ts: this checkout's
// binary over loopback HTTP, as docs/operations.md describes) and loads it, the package's postinstall builds
// verify's native chain check. Then the installed `shoe` (--help, check on a scenario and on a table log it
// writes itself, verify with and without the native library, start), and the scratch project's TypeScript
// against `blackjack-table-controller/testing`.
//
// SLOW: this file takes a minute or two (a type-checked build, the install, a dozen CLI runs); without the
// mirror the install compiles better-sqlite3 from source, several minutes more. Its timeouts allow for that.
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { execFile, spawn } from 'node:child_process';
import { copyFileSync, cpSync, existsSync, mkdtempSync, readFileSync, readdirSync, realpathSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { promisify } from 'node:util';
import { ROOT } from '../support/run-cli.js';
import { prebuiltPath, startPrebuiltMirror, type PrebuiltMirror } from './prebuilt-mirror.js';

const exec = promisify(execFile);
const HERE = join(ROOT, 'test/testing/scratch-project');
const pkg = JSON.parse(readFileSync(join(ROOT, 'package.json'), 'utf8')) as { name: string; files: string[]; overrides: Record<string, string> };
/** What a clean clone holds that `npm pack` (its prepack: scripts/build.mjs) needs, besides the packed files. */
const BUILD_INPUTS = ['package.json', 'README.md', 'tsconfig.json', 'tsconfig.build.json', 'scripts/build.mjs', 'src', 'firmware-protocol/src'];
const versionOf = (name: string): string => (JSON.parse(readFileSync(join(ROOT, 'node_modules', name, 'package.json'), 'utf8')) as { version: string }).version;

/**
 * The environment of a user's shell: none of the npm_* variables of the `npm test` running this file. Where
 * npm has no `nodedir` and Node's headers lie beside it (a Debian or official Node), node-gyp is pointed at
 * them: nothing but the registry is reachable here, so neither better-sqlite3's prebuilt binary from its
 * releases nor headers can be downloaded (docs/operations.md, "Install the package"); the install is given
 * the mirror instead.
 */
async function userEnv(cwd: string): Promise<NodeJS.ProcessEnv> {
  const env = Object.fromEntries(Object.entries(process.env).filter(([k]) => !/^npm_|^INIT_CWD$/i.test(k)));
  const nodedir = (await exec('npm', ['config', 'get', 'nodedir'], { cwd, env })).stdout.trim();
  const beside = resolve(dirname(process.execPath), '..');
  if ((nodedir === '' || nodedir === 'undefined') && existsSync(join(beside, 'include/node/node.h'))) env['npm_config_nodedir'] = beside;
  return env;
}

interface Ran { code: number | null; stdout: string; stderr: string }
let scratch = '';
let stage = '';
let env: NodeJS.ProcessEnv = {};
let installLog = '';
let mirror: PrebuiltMirror | undefined;
const installed = (...path: string[]) => join(scratch, 'node_modules', pkg.name, ...path);

/** A command in the scratch project, as the user types it; never throws, resolves with what it said. */
function inScratch(cmd: string, args: string[], extraEnv: NodeJS.ProcessEnv = {}): Promise<Ran> {
  return exec(cmd, args, { cwd: scratch, env: { ...env, ...extraEnv }, maxBuffer: 64 * 1024 * 1024 })
    .then(({ stdout, stderr }) => ({ code: 0, stdout, stderr }))
    .catch((err: { code?: number; stdout?: string; stderr?: string }) => ({ code: typeof err.code === 'number' ? err.code : null, stdout: err.stdout ?? '', stderr: err.stderr ?? '' }));
}

/** Every path under `dir` whose name matches `pattern`. */
function findUnder(dir: string, pattern: RegExp): string[] {
  return readdirSync(dir, { recursive: true, encoding: 'utf8' }).filter((p) => pattern.test(p)).map((p) => join(dir, p));
}

describe('npm pack, then npm install of the tarball in a scratch project, install scripts on', () => {
  beforeAll(async () => {
    stage = realpathSync(mkdtempSync(join(tmpdir(), 'pack-clone-')));
    scratch = realpathSync(mkdtempSync(join(tmpdir(), 'qa-scratch-')));
    // A clean clone's files, no dist/ and no native/build/; its node_modules (typescript for the build) linked.
    for (const entry of [...BUILD_INPUTS, ...pkg.files.filter((f) => f !== 'dist/')]) {
      if (existsSync(join(ROOT, entry))) cpSync(join(ROOT, entry), join(stage, entry), { recursive: true });
    }
    rmSync(join(stage, 'native/build'), { recursive: true, force: true });
    symlinkSync(realpathSync(join(ROOT, 'node_modules')), join(stage, 'node_modules'));
    env = await userEnv(scratch);
    await exec('npm', ['pack', '--pack-destination', scratch], { cwd: stage, env, maxBuffer: 16 * 1024 * 1024 });

    // The scratch project: the overrides the docs tell a user to copy, and the user's own test tools.
    writeFileSync(join(scratch, 'package.json'), JSON.stringify({ name: 'qa-scratch', private: true, type: 'module', overrides: pkg.overrides }, null, 2));
    const tarball = readdirSync(scratch).find((f) => f.endsWith('.tgz')) as string;
    const tools = ['typescript', 'vitest', '@types/node'].map((name) => `${name}@${versionOf(name)}`);
    mirror = await startPrebuiltMirror(join(ROOT, 'node_modules/better-sqlite3'), stage);
    const withMirror = { ...env, npm_config_better_sqlite3_binary_host: mirror.host };
    const install = await exec('npm', ['install', '--no-audit', '--no-fund', '--loglevel', 'warn', `./${tarball}`, ...tools], { cwd: scratch, env: withMirror, maxBuffer: 64 * 1024 * 1024 });
    installLog = install.stdout + install.stderr;
  }, 1_200_000);

  afterAll(async () => {
    if (mirror) await mirror.close((await exec('npm', ['config', 'get', 'cache'], { cwd: scratch, env })).stdout.trim());
    for (const dir of [stage, scratch]) if (dir !== '') rmSync(dir, { recursive: true, force: true });
  });

  test('the tarball holds the build (made by prepack) and the native sources, and no local build', () => {
    expect(existsSync(join(stage, 'dist/src/testing/index.d.ts'))).toBe(true); // prepack built it in the clone
    expect(existsSync(installed('dist/src/cli/main.js'))).toBe(true);
    expect(existsSync(installed('scripts/build-native.mjs'))).toBe(true);
    expect(readdirSync(installed('native/chain-check')).filter((f) => f.endsWith('.c')).length).toBeGreaterThan(0);
    expect(realpathSync(installed()).startsWith(scratch)).toBe(true); // a copy from the tarball, not a link back
  });

  test('the install warns of no engine and names no failed script', () => {
    expect(installLog).not.toMatch(/EBADENGINE/);
    expect(installLog).not.toMatch(/ERR!/);
  });

  test("better-sqlite3's install script (scripts on) took the mirror's prebuilt binary, which loads in the scratch project", async () => {
    const version = (JSON.parse(readFileSync(join(scratch, 'node_modules/better-sqlite3/package.json'), 'utf8')) as { version: string }).version;
    const binary = join(scratch, 'node_modules/better-sqlite3/build/Release/better_sqlite3.node');
    // prebuild-install asked the mirror for the version the registry gave, by the name the mirror serves.
    expect(mirror?.asked.map((a) => a.path)).toContain(prebuiltPath(version));
    // The registry gave the version this checkout holds (else it was compiled from source, as without a mirror).
    if (version === versionOf('better-sqlite3')) {
      expect(mirror?.asked).toContainEqual({ path: prebuiltPath(version), status: 200 });
      expect(readFileSync(binary).equals(readFileSync(join(ROOT, 'node_modules/better-sqlite3/build/Release/better_sqlite3.node')))).toBe(true);
    }
    const loaded = await inScratch(process.execPath, ['-e', "const D = require('better-sqlite3'); const db = new D(':memory:'); console.log(db.prepare('select sqlite_version() as v').get().v)"]);
    expect(loaded.stderr).toBe('');
    expect(loaded.stdout).toMatch(/^3\.\d+\.\d+$/m);
    expect(loaded.code).toBe(0);
  });

  test('npx shoe --help', async () => {
    const r = await inScratch('npx', ['shoe', '--help']);
    expect(r.code).toBe(0);
    expect(r.stdout).toMatch(/usage: shoe/);
    expect(r.stdout).toMatch(/\bcheck\b/);
  });

  test('npx shoe check on a scenario, and on a table log the installed shoe wrote (better-sqlite3 as the install left it)', async () => {
    copyFileSync(join(ROOT, 'test/scenarios/basic-01-double-soft-hand-allowed.json'), join(scratch, 'scenario.json'));
    const scenario = await inScratch('npx', ['shoe', 'check', 'scenario.json']);
    expect(scenario.stdout).toMatch(/^passed\s+scenario\.json$/m);
    expect(scenario.code).toBe(0);

    const session = installed('config/demo/six-deck-demo.jsonl');
    const run = await inScratch('npx', ['shoe', 'run', session, '--rules', 'six-deck', '--db', 'table.db']);
    expect(run.stderr).toBe('');
    expect(run.code).toBe(0);
    const log = await inScratch('npx', ['shoe', 'check', 'table.db']);
    expect(log.stdout).toMatch(/^passed\s+table\.db$/m);
    expect(log.stdout).not.toMatch(/UNREADABLE/);
    expect(log.code).toBe(0);
  });

  test('verify with the native chain check the postinstall built, and without it', async () => {
    const library = installed('native/build/chain-check.so');
    const haveCompiler = (await inScratch('sh', ['-c', 'command -v "${CC:-cc}"'])).code === 0;
    expect(existsSync(library)).toBe(haveCompiler); // built when it can be
    if (!existsSync(join(scratch, 'table.db'))) await inScratch('npx', ['shoe', 'run', installed('config/demo/six-deck-demo.jsonl'), '--rules', 'six-deck', '--db', 'table.db']);
    const withLibrary = await inScratch('npx', ['shoe', 'verify', 'table.db']);
    expect(withLibrary.stderr).toBe(''); // no "verify: warning: …" about a library that does not load
    expect(withLibrary.stdout).toMatch(/^OK table-1: .*hash chain intact/);
    expect(withLibrary.code).toBe(0);

    rmSync(installed('native/build'), { recursive: true, force: true });
    const without = await inScratch('npx', ['shoe', 'verify', 'table.db']);
    expect(without.stdout).toMatch(/^OK table-1: .*hash chain intact/);
    expect(without.code).toBe(0);
  });

  test('npx shoe start puts the demo log under the working folder (or DATA_DIR), never inside node_modules', async () => {
    const checked = await inScratch('npx', ['shoe', 'start', '--check', '--port', '0']);
    expect(checked.code).toBe(0);
    expect(checked.stdout).toContain(`database ${join(scratch, 'data', 'demo-1.db')},`);
    const elsewhere = join(scratch, 'tables');
    const fromEnv = await inScratch('npx', ['shoe', 'start', '--check', '--port', '0'], { DATA_DIR: elsewhere });
    expect(fromEnv.stdout).toContain(`database ${join(elsewhere, 'demo-1.db')},`);

    // The demo itself, briefly: started until its log exists, then stopped as a person stops it.
    const child = spawn(join(scratch, 'node_modules/.bin/shoe'), ['start', '--port', '0'], { cwd: scratch, env, stdio: ['ignore', 'pipe', 'pipe'] });
    let said = '';
    child.stdout.on('data', (d: Buffer) => (said += d.toString()));
    child.stderr.on('data', (d: Buffer) => (said += d.toString()));
    const exited = new Promise<number | null>((done) => child.on('close', done));
    const deadline = Date.now() + 120_000;
    while (!existsSync(join(scratch, 'data', 'demo-1.db')) && child.exitCode === null && Date.now() < deadline) await new Promise((r) => setTimeout(r, 250));
    child.kill('SIGTERM');
    await exited;
    expect(existsSync(join(scratch, 'data', 'demo-1.db')), said).toBe(true);
    expect(findUnder(join(scratch, 'node_modules'), /\.db$/)).toEqual([]);
    expect(existsSync(installed('data'))).toBe(false);
  }, 300_000);

  test("the scratch project's TypeScript type-checks against the package's exports (tsc --noEmit) and its vitest suite passes", async () => {
    copyFileSync(join(HERE, 'library.test.mts'), join(scratch, 'library.test.mts'));
    copyFileSync(join(HERE, 'tsconfig.scratch.json'), join(scratch, 'tsconfig.json'));
    expect(readFileSync(join(scratch, 'library.test.mts'), 'utf8')).toMatch(/from 'blackjack-table-controller\/testing'/);
    expect(readFileSync(join(scratch, 'library.test.mts'), 'utf8')).not.toMatch(/from '[^']*src\//);
    const typed = await inScratch('npx', ['tsc', '--noEmit', '-p', 'tsconfig.json']);
    expect(typed.stdout).toBe('');
    expect(typed.code).toBe(0);

    const tested = await inScratch('npx', ['vitest', 'run', '--reporter', 'json']);
    const report = JSON.parse(tested.stdout) as { numPassedTests: number; numFailedTests: number; testResults: Array<{ message: string; assertionResults: Array<{ failureMessages: string[] }> }> };
    expect(report.testResults.flatMap((r) => [...(r.message ? [r.message] : []), ...r.assertionResults.flatMap((a) => a.failureMessages)])).toEqual([]);
    expect(report.numPassedTests).toBe(3);
    expect(report.numFailedTests).toBe(0);
  }, 300_000);
});
