// `shoe strategy` through the real CLI.
import { describe, expect, test } from 'vitest';
import { runCli } from '../support/run-cli.js';

describe('shoe strategy', () => {
  test('prints the 17+4 chart with its own up cards and picture pairs; json carries every cell', async () => {
    const text = await runCli(['strategy', '--rules', 'classic-17plus4']);
    expect(text.code).toBe(0);
    expect(text.stdout).toMatch(/^Hard\s+J\s+Q\s+K\s+7\s+8\s+9\s+T\s+A$/m);
    expect(text.stdout).toMatch(/^J,J\s/m);
    expect(text.stdout).toMatch(/^Triple\s/m); // classic's triple after a double
    const json = await runCli(['strategy', '--rules', 'classic-17plus4', '--format', 'json']);
    const strategy = JSON.parse(json.stdout) as { hard: Record<string, Record<string, string[]>>; upCards: number[] };
    expect(strategy.upCards.sort((a, b) => a - b)).toEqual([1, 2, 3, 4, 7, 8, 9, 10]);
    expect(strategy.hard['20']?.['10']?.[0]).toBe('stand');
  }, 120_000);

  test('refuses what it does not understand', async () => {
    const r = await runCli(['strategy', '--rules', 'six-deck', '--colour', 'red']);
    expect(r.code).toBe(2);
    expect(r.stderr).toContain('unknown option --colour');
    const missing = await runCli(['strategy']);
    expect(missing.code).toBe(2);
    const help = await runCli(['strategy', '--help']);
    expect(help.code).toBe(0);
    expect(help.stdout).toContain('usage: shoe strategy');
  }, 120_000);
});
