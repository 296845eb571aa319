// Every stacked-shoe scenario passes through the real CLI: the five shared ones through `npm run -s shoe`
// exactly as documented, the project's own through the same entry point without npm's start-up.
import { describe, expect, test } from 'vitest';
import { fileURLToPath } from 'node:url';
import { jsonLines, runCli } from '../support/run-cli.js';
import { compareSettlements, loadScenarios, writeSession, type Scenario } from '../support/scenario.js';

const shared = loadScenarios(fileURLToPath(new URL('./shared', import.meta.url)));
const own = loadScenarios(fileURLToPath(new URL('.', import.meta.url)));

async function check(scenario: Scenario, via: 'npm' | 'node'): Promise<void> {
  const result = await runCli(['replay', writeSession(scenario), '--rules', scenario.rules, '--format', 'jsonl'], via);
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
  test.concurrent.each(own.map((s) => [s.file, s] as const))('%s', async (_name, scenario) => check(scenario, 'node'));
});
