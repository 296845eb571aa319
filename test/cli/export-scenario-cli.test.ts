// `shoe export DB --round N[..M] --as-scenario`, then `shoe check`: a log written by `shoe run` (the demo
// session, then a voided round and a round interrupted by a restart) turned into scenarios for a round in
// the middle of the shoe, a round with a split, the voided round, the round after the restart and a range;
// each passes, and the same scenario with a settlement changed fails. The log itself passes the upgrade check.
import { describe, expect, test } from 'vitest';
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { runCli } from '../support/run-cli.js';

const session = fileURLToPath(new URL('../testing/export-session.jsonl', import.meta.url));

describe('a disputed round as a test in one command', () => {
  test('exported rounds pass shoe check; a changed one fails', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'qa-export-'));
    const db = join(dir, 'table.db');
    expect((await runCli(['run', session, '--rules', 'six-deck', '--db', db, '--quiet'])).code).toBe(0);
    const cases: Array<[string, (s: Scenario) => void]> = [
      ['5', (s) => expect(s.expect.map((e) => e.round)).toContain(5)],
      ['3', (s) => expect(s.expect.filter((e) => e.round === 3 && e.hand === 1).length).toBe(1)], // the split hand
      ['11', (s) => expect(s.expect).toEqual([{ round: 11, seat: 1, hand: 0, bet: 'main', stake: 1000, net: 0, outcome: 'void' }])],
      ['12', (s) => {
        expect(s.inputs).toContainEqual({ type: 'table.recovered' });
        expect(s.expect).toEqual([{ round: 12, seat: 1, hand: 0, bet: 'main', stake: 1000, net: 1000, outcome: 'win' }]);
      }],
      ['2..4', (s) => expect(new Set(s.expect.map((e) => e.round))).toEqual(new Set([2, 3, 4]))],
    ];
    const files: string[] = [];
    for (const [round, look] of cases) {
      const exported = await runCli(['export', db, '--round', round, '--as-scenario']);
      expect(exported.stderr).toBe('');
      expect(exported.code).toBe(0);
      const scenario = JSON.parse(exported.stdout) as Scenario;
      expect(scenario.format).toBe('shoe-scenario/1');
      expect(scenario.rules).toBe('six-deck');
      look(scenario);
      const file = join(dir, `round-${round}.json`);
      writeFileSync(file, exported.stdout);
      files.push(file);
    }
    const checked = await runCli(['check', ...files, db]);
    expect(checked.stdout).toContain('6 passed, 0 failed, 0 unreadable');
    expect(checked.code).toBe(0);

    const changed = join(dir, 'round-12-changed.json');
    writeFileSync(changed, readFileSync(files[3] as string, 'utf8').replace('"net": 1000', '"net": 999'));
    const failed = await runCli(['check', changed]);
    expect(failed.code).toBe(1);
    expect(failed.stdout).toContain('round 12 seat 1 hand 0 main: expected net +999 (win), got +1000 (win)');

    const missing = await runCli(['export', db, '--round', '40', '--as-scenario']);
    expect(missing.code).toBe(2);
    expect(missing.stderr).toContain('the log has no round 40');
  }, 120_000);
});

interface Scenario {
  format: string;
  rules: string;
  inputs: unknown[];
  expect: Array<{ round: number; seat: number; hand: number; bet: string; net: number; stake: number; outcome: string }>;
}
