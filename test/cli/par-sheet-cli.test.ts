// `shoe simulate` and `shoe par-sheet` through the real CLI, with few rounds.
import { describe, expect, test } from 'vitest';
import { runCli } from '../support/run-cli.js';

describe('shoe par-sheet and simulate', () => {
  test('par-sheet json: exact side-bet fractions, exact and simulated main return, frequencies', async () => {
    const r = await runCli(['par-sheet', '--rules', 'classic-17plus4', '--rounds', '300', '--workers', '1', '--format', 'json']);
    expect(r.code).toBe(0);
    const sheet = JSON.parse(r.stdout) as { exactMain: number; simulation: { dealt: number; bets: { main: { returnRatio: number; interval95: number } } }; words: string[] };
    expect(sheet.simulation.dealt).toBe(300);
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

describe('a refused input stops the simulation', () => {
  test('the refusal, the session on stdout and in a file that replay accepts', async () => {
    const { existsSync, readFileSync, rmSync } = await import('node:fs');
    const { join } = await import('node:path');
    const { ROOT } = await import('../support/run-cli.js');
    // Side bets above this rule file's side maximum (500) are refused by the round machine.
    const rules = join(ROOT, 'test/cli/deluxe-small-side-limit.yaml');
    const r = await runCli(['simulate', '--rules', rules, '--rounds', '5', '--workers', '0', '--seed', '4']);
    const file = join(ROOT, 'simulate-bug-deluxe-small-side-limit-seed4-chunk0.jsonl');
    try {
      expect(r.code).toBe(1);
      expect(r.stderr).toContain('input refused: side bet 1000 outside the limits');
      expect(r.stdout.split('\n')[0]).toBe('{"type":"shoe.loaded"}');
      expect(existsSync(file)).toBe(true);
      expect(readFileSync(file, 'utf8')).toBe(r.stdout);
      const replay = await runCli(['replay', file, '--rules', rules]);
      expect(replay.code).toBe(0);
      expect(replay.stdout).toContain('"type":"input.rejected"');
    } finally {
      rmSync(file, { force: true });
    }
  }, 300_000);
});
