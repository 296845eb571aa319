// Every stacked-shoe scenario passes through the `shoe replay` verb: the first of the five shared ones
// (../shared/scenarios) through `npm run -s shoe` exactly as documented, a child process that proves the
// command works; the other shared ones and the project's own through the same dispatcher in this process
// (test/support/shoe-in-process.ts), where the replay, not the process, is what is checked.
import { describe, expect, test } from 'vitest';
import { fileURLToPath } from 'node:url';
import { jsonLines, runCli } from '../support/run-cli.js';
import { shoeInProcess } from '../support/shoe-in-process.js';
import { compareSettlements, loadScenarios, writeSession, type Scenario } from '../support/scenario.js';

const shared = loadScenarios(fileURLToPath(new URL('./shared', import.meta.url)));
const own = loadScenarios(fileURLToPath(new URL('.', import.meta.url)));

async function check(scenario: Scenario, via: 'npm' | 'in-process'): Promise<void> {
  const args = ['replay', writeSession(scenario), '--rules', scenario.rules, '--format', 'jsonl'];
  const result = via === 'npm' ? await runCli(args, 'npm') : await shoeInProcess(...args);
  expect(result.stderr).toBe('');
  expect(result.code).toBe(0);
  expect(compareSettlements(scenario, jsonLines(result.stdout))).toEqual([]);
}

describe('shared scenarios (../shared/scenarios) through shoe replay', () => {
  test('they are there (the first runs through npm)', () => expect(shared.length).toBeGreaterThan(0));
  test.concurrent.each(shared.map((s, i) => [s.file, s, i === 0 ? 'npm' : 'in-process'] as const))('%s (%s)', async (_name, scenario, via) => check(scenario, via));
});

describe('project scenarios through the shoe CLI', () => {
  test('there are at least 40 of them, covering every rule set', () => {
    expect(own.length).toBeGreaterThanOrEqual(40);
    const sets = new Set(own.map((s) => s.rules));
    for (const name of ['six-deck', 'classic', 'classic-17plus4', 'european', 'deluxe', 'basic', 'switch']) expect(sets).toContain(name);
  });
  test.concurrent.each(own.map((s) => [s.file, s] as const))('%s', async (_name, scenario) => check(scenario, 'in-process'));
});
