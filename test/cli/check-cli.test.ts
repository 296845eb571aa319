// `shoe check` and `shoe stack` through the real CLI: exit codes, the one-line report, the JUnit XML, and a
// stacked shoe where the dealer busts against a double, checked as a scenario.
import { describe, expect, test } from 'vitest';
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { runCli } from '../support/run-cli.js';

const dir = mkdtempSync(join(tmpdir(), 'qa-check-cli-'));

describe('shoe stack, then shoe check', () => {
  test('the dealer busts against a double; a net changed by one unit fails naming both values; JUnit XML', async () => {
    const stacked = await runCli(['stack', '--rules', 'six-deck', '--format', 'scenario', 's1=6H,5S,double,9C dealer=6D,TC,9S']);
    expect(stacked.stderr).toBe('');
    expect(stacked.code).toBe(0);
    const scenario = JSON.parse(stacked.stdout) as { expect: Array<{ net: number; stake: number; outcome: string }> };
    expect(scenario.expect).toEqual([{ round: 1, seat: 1, hand: 0, bet: 'main', stake: 2000, net: 2000, outcome: 'win' }]);
    const good = join(dir, 'double-bust.json');
    writeFileSync(good, stacked.stdout);
    const bad = join(dir, 'double-bust-changed.json');
    writeFileSync(bad, stacked.stdout.replace('"net": 2000', '"net": 2001'));
    const junit = join(dir, 'report.xml');

    const passed = await runCli(['check', good]);
    expect(passed.code).toBe(0);
    expect(passed.stdout).toContain(`passed  ${good}`);

    const failed = await runCli(['check', good, bad, '--junit', junit]);
    expect(failed.code).toBe(1);
    expect(failed.stdout).toContain(`FAILED  ${bad}: round 1 seat 1 hand 0 main: expected net +2001 (win), got +2000 (win)`);
    expect(failed.stdout).toContain('1 passed, 1 failed, 0 unreadable');
    const xml = readFileSync(junit, 'utf8');
    expect(xml).toMatch(/^<\?xml version="1.0"/);
    expect(xml).toContain('<testsuite name="shoe check" tests="2" failures="1" errors="0"');
    expect(xml).toContain('<failure message="round 1 seat 1 hand 0 main: expected net +2001 (win), got +2000 (win)"');

    const unreadable = join(dir, 'broken.json');
    writeFileSync(unreadable, '{"rules": "six-deck"}');
    const broken = await runCli(['check', good, unreadable]);
    expect(broken.code).toBe(2);
    expect(broken.stdout).toContain(`UNREADABLE ${unreadable}: not a scenario: inputs:`);
  }, 180_000); // five CLI start-ups: slow on a loaded machine

  test('a spec the round cannot use is refused in words', async () => {
    const result = await runCli(['stack', '--rules', 'six-deck', 's1=6H,5S,double dealer=6D,TC,9S']);
    expect(result.code).toBe(2);
    expect(result.stderr).toContain('seat 1 hand 0 needs another card');
  }, 90_000);
});
