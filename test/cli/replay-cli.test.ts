// The replay CLI's contract: jsonl / text output, refused inputs as events, exit 2 on a
// malformed line or an unknown rule set.
import { describe, expect, test } from 'vitest';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { jsonLines, runCli } from '../support/run-cli.js';

function sessionFile(lines: string[]): string {
  const path = join(mkdtempSync(join(tmpdir(), 'cli-')), 'session.jsonl');
  writeFileSync(path, lines.join('\n') + '\n');
  return path;
}

const round = [
  '{"type":"shoe.loaded"}', '{"type":"card","card":"5D"}',
  '{"type":"bet","seat":1,"player":"p1","amount":1000}', '{"type":"betting.closed"}',
  '{"type":"card","card":"10H"}', '{"type":"card","card":"9S"}', '{"type":"card","card":"AS"}', '{"type":"card","card":"7C"}',
];

describe('shoe replay', () => {
  test('jsonl prints one event per line, refused inputs included with their line', async () => {
    const file = sessionFile([...round, '{"type":"decision","seat":1,"action":"hit"}']);
    const r = await runCli(['replay', file, '--rules', 'six-deck', '--format', 'jsonl']);
    expect(r.code).toBe(0);
    const events = jsonLines(r.stdout);
    expect(r.stdout.trim().split('\n')).toHaveLength(events.length);
    expect(events).toContainEqual({ type: 'bet.settled', round: 1, seat: 1, hand: 0, bet: 'main', player: 'p1', stake: 1000, outcome: 'blackjack', net: 1500 });
    const rejected = events.filter((e) => e.type === 'input.rejected');
    expect(rejected).toHaveLength(1);
    expect(rejected[0]).toMatchObject({ line: 9, input: { type: 'decision', seat: 1, action: 'hit' } });
    expect(String(rejected[0]?.reason)).toMatch(/decision/);
  });

  test('text tells the story of the table', async () => {
    const r = await runCli(['replay', sessionFile(round), '--rules', 'six-deck', '--format', 'text']);
    expect(r.code).toBe(0);
    expect(r.stdout).toContain('Round 1: betting open');
    expect(r.stdout).toContain('p1 bets 10.00 (main) on seat 1');
    expect(r.stdout).toMatch(/blackjack \+15\.00/);
  });

  test('a malformed line exits 2 naming the line', async () => {
    const r = await runCli(['replay', sessionFile(['{"type":"shoe.loaded"}', '{"type":"card"']), '--rules', 'six-deck']);
    expect(r.code).toBe(2);
    expect(r.stderr).toMatch(/line 2: not JSON/);
    expect(r.stdout).toBe('');
  });

  test('an input of unknown shape exits 2 naming the line and the field', async () => {
    const r = await runCli(['replay', sessionFile(['{"type":"shoe.loaded"}', '{"type":"bet","seat":"one","player":"p","amount":5}']), '--rules', 'six-deck']);
    expect(r.code).toBe(2);
    expect(r.stderr).toMatch(/line 2: .*seat/);
  });

  test('an unknown rule set exits 2 listing the known ones', async () => {
    const r = await runCli(['replay', sessionFile(round), '--rules', 'pontoon']);
    expect(r.code).toBe(2);
    expect(r.stderr).toMatch(/unknown rule set "pontoon"/);
    for (const name of ['basic', 'classic', 'classic-17plus4', 'deluxe', 'european', 'six-deck', 'switch']) expect(r.stderr).toContain(name);
  });

  test('a rule file given by path is loaded from that path', async () => {
    const r = await runCli(['replay', sessionFile(round), '--rules', 'config/rules/six-deck.yaml']);
    expect(r.code).toBe(0);
    expect(jsonLines(r.stdout).some((e) => e.type === 'bet.settled')).toBe(true);
  });

  test('shoe demo replays the bundled demo session and tells its story', async () => {
    const r = await runCli(['demo']);
    expect(r.code).toBe(0);
    expect(r.stdout).toContain('Round 1: betting open');
    expect(r.stdout).toMatch(/main \(\w+, stake [\d.]+\): (win|lose|push|blackjack|surrender)/);
  });
});
