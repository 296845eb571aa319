// `shoe simulate` and `shoe par-sheet` (issue 13) through the real CLI, with few rounds.
import { describe, expect, test } from 'vitest';
import { runCli } from '../support/run-cli.js';

describe('shoe par-sheet and simulate', () => {
  test('par-sheet json: exact side-bet fractions, exact and simulated main return, frequencies', async () => {
    const r = await runCli(['par-sheet', '--rules', 'classic-17plus4', '--rounds', '300', '--workers', '1', '--format', 'json']);
    expect(r.code).toBe(0);
    const sheet = JSON.parse(r.stdout) as { exactMain: number; simulation: { rounds: number; bets: { main: { returnRatio: number; interval95: number } } }; words: string[] };
    expect(sheet.simulation.rounds).toBe(300);
    expect(sheet.words.join(' ')).toContain('5 picture cards count as blackjack');
    expect(Math.abs(sheet.simulation.bets.main.returnRatio - sheet.exactMain)).toBeLessThan(sheet.simulation.bets.main.interval95);
  }, 300_000);

  test('simulate prints the per-bet table; options it does not know are refused', async () => {
    const r = await runCli(['simulate', '--rules', 'classic-17plus4', '--rounds', '200', '--workers', '1', '--seed', '3']);
    expect(r.code).toBe(0);
    expect(r.stdout).toMatch(/^main\s+200\s/m);
    expect(r.stdout).toContain('exact main-game return');
    const bad = await runCli(['simulate', '--rules', 'classic-17plus4', '--rounds', 'many']);
    expect(bad.code).toBe(2);
    const unknown = await runCli(['par-sheet', '--all', '--rules', 'switch']);
    expect(unknown.code).toBe(2);
    expect(unknown.stderr).toContain('--rules NAME or --all');
  }, 300_000);
});
