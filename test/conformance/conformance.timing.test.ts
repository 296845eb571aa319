// The conformance suite (src/conformance) over real socat pty pairs, a fresh pair per test: the TS
// emulator and the C host shoe each pass every mandatory clause; each --violate switch of the host
// shoe makes a named clause fail. Also the verb: exit status, JSON and JUnit outputs.
//
// SLOW (46 s: every clause for two shoes and each --violate switch, each over a fresh real pty pair in real time;
// docs/testing.md, "Where the time goes").
import { execFileSync, spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { runEmulator, type RunningEmulator } from '../../src/adapters/shoe-emulator/run-emulator.js';
import { runConformance } from '../../src/conformance/suite.js';
import { realClock } from '../../src/adapters/clock/real-clock.js';
import { exitCodeOf } from '../../src/conformance/report.js';
import type { ClauseResult } from '../../src/conformance/verdict.js';
import { hasSocat, startPtyPair, type PtyPair } from '../adapters/serial/socat.js';

const repo = join(dirname(fileURLToPath(import.meta.url)), '..', '..');
const cdir = join(repo, 'firmware-protocol', 'c');
const hostShoe = join(cdir, 'build', 'host-shoe');
const hasCc = spawnSync('cc', ['--version']).status === 0 && spawnSync('make', ['--version']).status === 0;
const ready = hasSocat && hasCc;

let pair: PtyPair | null = null;
let shoe: ChildProcess | null = null;
let emu: RunningEmulator | null = null;
afterEach(async () => {
  await emu?.close();
  if (shoe && shoe.exitCode === null) {
    const s = shoe;
    await new Promise<void>((r) => (s.once('exit', () => r()), s.kill('SIGTERM')));
  }
  await pair?.stop();
  pair = shoe = emu = null;
});

async function hostShoeRun(extra: string[]): Promise<ClauseResult[]> {
  pair = await startPtyPair();
  shoe = spawn(hostShoe, ['--serial', pair.a, '--scripted', '--draw-ms', '20', '--seed', '5', '--decks', '1', ...extra], { stdio: 'ignore' });
  return runConformance({ serialPath: pair.b, scripted: true, clock: realClock() });
}

const failedClauses = (r: readonly ClauseResult[]) => r.filter((c) => c.status === 'failed').map((c) => `${c.clause} ${c.title}`);

describe.skipIf(!ready)(ready ? 'shoe conformance suite' : 'skipped: needs socat and a C compiler', () => {
  beforeAll(() => {
    execFileSync('make', ['-s', '-C', cdir, 'build/host-shoe'], { stdio: 'pipe' });
  }, 120_000);

  it('the C host shoe passes every mandatory clause', async () => {
    const r = await hostShoeRun([]);
    expect(failedClauses(r)).toEqual([]);
    expect(r.filter((c) => c.status === 'passed').length).toBeGreaterThanOrEqual(18);
    expect(exitCodeOf(r)).toBe(0);
  }, 40_000);

  it('the TS emulator passes every mandatory clause', async () => {
    pair = await startPtyPair();
    emu = await runEmulator({ serialPath: pair.a, baud: 115200, seed: 5, decks: 1, autoDrawMs: 20 });
    const r = await runConformance({ serialPath: pair.b, scripted: true, clock: realClock() });
    expect(failedClauses(r)).toEqual([]);
    expect(r.filter((c) => c.status === 'passed').length).toBeGreaterThanOrEqual(18);
  }, 40_000);

  it('a conformant C shoe that loses power mid-run passes §8.6 (a new nonce)', async () => {
    const r = await hostShoeRun(['--faults', 'reboot@2:0.3']);
    const nonce = r.find((c) => c.clause === '§8.6');
    expect(nonce?.status).toBe('passed');
  }, 40_000);

  const violations: [string, string[], string][] = [
    ['skip-seq', [], '§6.1'],
    ['ignore-gate', [], '§7.5.1'],
    ['ack-out-of-order', [], '§6.3'],
    ['bad-crc-retransmit', [], '§9.2'],
    ['reuse-nonce', ['--faults', 'reboot@2:0.3'], '§8.6'],
  ];
  // The five at once, each shoe on a pty pair of its own: each run mostly waits on the clauses' deadlines,
  // and a run on a busy machine can only fail more clauses, never pass the one its switch breaks.
  for (const [name, extra, clause] of violations) {
    it.concurrent(`--violate ${name} fails ${clause}`, async () => {
      const own = await startPtyPair();
      const violator = spawn(hostShoe, ['--serial', own.a, '--scripted', '--draw-ms', '20', '--seed', '5', '--decks', '1', '--violate', name, ...extra], { stdio: 'ignore' });
      try {
        const r = await runConformance({ serialPath: own.b, scripted: true, clock: realClock() });
        expect(r.filter((c) => c.status === 'failed').map((c) => c.clause)).toContain(clause);
        expect(exitCodeOf(r)).toBe(1);
      } finally {
        if (violator.exitCode === null) await new Promise<void>((r) => (violator.once('exit', () => r()), violator.kill('SIGTERM')));
        await own.stop();
      }
    }, 60_000);
  }

  it('the verb prints one line per clause, writes JUnit, and exits 1 when a clause fails', async () => {
    pair = await startPtyPair();
    shoe = spawn(hostShoe, ['--serial', pair.a, '--scripted', '--draw-ms', '20', '--violate', 'skip-seq'], { stdio: 'ignore' });
    const dir = mkdtempSync(join(tmpdir(), 'conformance-'));
    try {
      const junit = join(dir, 'report.xml');
      const r = spawnSync('npx', ['tsx', join(repo, 'src', 'cli', 'main.ts'), 'conformance', '--serial', pair.b, '--scripted', '--format', 'json', '--junit', junit], { encoding: 'utf8', cwd: repo, timeout: 60_000 });
      expect(r.status).toBe(1);
      const json = JSON.parse(r.stdout) as { passed: boolean; clauses: ClauseResult[] };
      expect(json.passed).toBe(false);
      expect(json.clauses.find((c) => c.clause === '§6.1')?.status).toBe('failed');
      const xml = readFileSync(junit, 'utf8');
      expect(xml).toMatch(/<testsuite name="shoe-conformance" tests="\d+" failures="[1-9]/);
      expect(xml).toMatch(/<failure message="seq \d+ after/);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  }, 70_000);
});
