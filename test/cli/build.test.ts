// Service life, build part: the build compiles to plain JavaScript that runs with
// `node` alone — no tsx — finding its configuration from the package root and its pages beside it.
// Built without type checking into test-output/ (the type check is `npm run typecheck`'s job), to stay quick.
//
// SLOW (33 s: the build (tsc without type check, the pages' bundles), then the compiled CLI run as a user runs
// it, a table included; docs/testing.md, "Where the time goes").
import { describe, expect, test } from 'vitest';
import { execFile, spawn } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { freePort } from '../adapters/store/nats-server-process.js';
import { ROOT } from '../support/run-cli.js';

const run = promisify(execFile);
const version = (JSON.parse(readFileSync(join(ROOT, 'package.json'), 'utf8')) as { version: string }).version;

/** `start` from the build serves each page with its one bundled script (the build's, esbuild is not run). */
async function servesBundledPages(main: string): Promise<void> {
  expect(existsSync(join(main, '../../adapters/web/page-bundles/dealer.js'))).toBe(true);
  expect(existsSync(join(main, '../../adapters/web/pages/dealer.ts'))).toBe(false);
  const dataDir = mkdtempSync(join(tmpdir(), 'build-start-'));
  const port = await freePort();
  const child = spawn(process.execPath, [main, 'start', '--port', String(port), '--data-dir', dataDir], { cwd: '/', stdio: 'ignore', env: { PATH: process.env['PATH'] ?? '' } });
  const exited = new Promise((resolve) => child.once('exit', resolve));
  try {
    const base = `http://127.0.0.1:${port}`;
    let page: Response | null = null;
    for (let i = 0; i < 600 && page === null; i++) page = await fetch(`${base}/dealer`).catch(async () => new Promise<null>((r) => setTimeout(() => r(null), 100)));
    expect(page?.status).toBe(200);
    expect(await page?.text()).toContain('<script type="module" src="/assets/dealer.js"></script>');
    const script = await fetch(`${base}/assets/dealer.js`);
    expect(script.status).toBe(200);
    expect(script.headers.get('content-type')).toBe('text/javascript; charset=utf-8');
    expect(await script.text()).not.toMatch(/^\s*import\s/m);
    expect((await fetch(`${base}/assets/i18n.js`)).status).toBe(404);
  } finally {
    child.kill('SIGTERM');
    await exited;
    rmSync(dataDir, { recursive: true, force: true });
  }
}

describe('npm run build', () => {
  test('compiles a CLI that plain node runs: --version, --help, a replay with the bundled rules and demo session, a table serving the bundled pages', async () => {
    const outDir = join('test-output', `build-${process.pid}`);
    try {
      await run(process.execPath, ['scripts/build.mjs', '--out-dir', outDir, '--no-check'], { cwd: ROOT });
      const main = join(ROOT, outDir, 'src/cli/main.js');
      expect(existsSync(join(ROOT, outDir, 'src/adapters/web/pages/dealer.html'))).toBe(true);
      // From another working directory, with no loader: only node and the compiled files.
      const node = (...args: string[]) => run(process.execPath, [main, ...args], { cwd: '/', env: { PATH: process.env['PATH'] ?? '' } });
      expect((await node('--version')).stdout).toBe(`${version}\n`);
      const help = await node('--help');
      expect(help.stdout).toMatch(/^usage: shoe <command>/);
      expect(help.stdout).toMatch(/^ {2}start {2,}Runs a table/m);
      expect((await node('start', '--help')).stdout).toMatch(/^usage: shoe start/);
      const demo = await node('demo');
      expect(demo.stdout).toContain('Round 1: betting open');
      // The analysis workers run the compiled task modules (they looked for the .ts sources).
      const simulated = await node('simulate', '--rules', 'six-deck', '--rounds', '2000', '--workers', '2', '--format', 'json');
      expect((JSON.parse(simulated.stdout) as { rounds: number }).rounds).toBe(2000);
      // verify's chain worker runs the compiled task too (two threads, the compiled product's default).
      const db = join(ROOT, outDir, 'demo.db');
      await node('run', join(ROOT, 'config/demo/six-deck-demo.jsonl'), '--rules', 'six-deck', '--db', db, '--quiet');
      const verified = await node('verify', db, '--threads', '2', '--quiet');
      expect(verified.stdout).toMatch(/^OK [^:]+: \d+ events, \d+ inputs, \d+ rounds; hash chain intact/);
      await servesBundledPages(main);
    } finally {
      rmSync(join(ROOT, outDir), { recursive: true, force: true });
    }
  }, 180_000);

  test('the installed bin runs', async () => {
    const { stdout } = await run(process.execPath, ['bin/shoe.js', '--version'], { cwd: ROOT });
    expect(stdout).toBe(`${version}\n`);
  });
});
