// Every stacked-shoe scenario passes through the real CLI: the five shared ones through `npm run -s shoe`
// exactly as documented, the project's own through the same entry point without npm's start-up.
import { describe, expect, test } from 'vitest';
import { fileURLToPath } from 'node:url';
import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import { jsonLines, runCli, ROOT } from '../support/run-cli.js';
import { cliBundle } from '../support/cli-bundle.js';
import { compareSettlements, loadScenarios, writeSession, type Scenario } from '../support/scenario.js';

const shared = loadScenarios(fileURLToPath(new URL('./shared', import.meta.url)));
const own = loadScenarios(fileURLToPath(new URL('.', import.meta.url)));

/** The project's own scenarios run the same CLI entry bundled once (esbuild), to keep the suite quick. */
async function runBundled(args: string[]): Promise<{ code: number; stdout: string; stderr: string }> {
  const { stdout, stderr } = await promisify(execFile)(process.execPath, [await cliBundle(), ...args], { cwd: ROOT, maxBuffer: 32 * 1024 * 1024 });
  return { code: 0, stdout, stderr };
}

async function check(scenario: Scenario, via: 'npm' | 'bundle'): Promise<void> {
  const args = ['replay', writeSession(scenario), '--rules', scenario.rules, '--format', 'jsonl'];
  const result = via === 'npm' ? await runCli(args, 'npm') : await runBundled(args);
  expect(result.stderr).toBe('');
  expect(result.code).toBe(0);
  expect(compareSettlements(scenario, jsonLines(result.stdout))).toEqual([]);
}

describe('shared scenarios (../shared/scenarios) through npm run -s shoe -- replay', () => {
  test.concurrent.each(shared.map((s) => [s.file, s] as const))('%s', async (_name, scenario) => check(scenario, 'npm'));
});

describe('project scenarios through the shoe CLI', () => {
  test('there are at least 40 of them, covering every rule set', () => {
    expect(own.length).toBeGreaterThanOrEqual(40);
    const sets = new Set(own.map((s) => s.rules));
    for (const name of ['six-deck', 'classic', 'classic-17plus4', 'european', 'deluxe', 'basic', 'switch']) expect(sets).toContain(name);
  });
  test.concurrent.each(own.map((s) => [s.file, s] as const))('%s', async (_name, scenario) => check(scenario, 'bundle'));
});
