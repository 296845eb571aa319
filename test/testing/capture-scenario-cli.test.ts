// `shoe replay-capture CAPTURE --rules NAME --as-scenario [--round N]`, then `shoe check`: the golden capture
// (a live table's shoe bytes and inputs) as a scenario whose expected settlements are exactly those the live
// run logged (six-deck-demo.events.jsonl); it passes, a settlement changed by one unit fails, a capture whose
// bytes disagree with its inputs is refused.
import { describe, expect, test } from 'vitest';
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { ROOT, runCli } from '../support/run-cli.js';
import { shoeInProcess } from '../support/shoe-in-process.js';

const CAPTURE = join(ROOT, 'test/captures/six-deck-demo.capture.jsonl');
const LIVE_EVENTS = join(ROOT, 'test/captures/six-deck-demo.events.jsonl');

interface Settlement { round: number; seat: number; hand: number; bet: string; stake: number; net: number; outcome: string }
interface Scenario { rules: string; rounds?: { from: number; to: number }; inputs: unknown[]; expect: Settlement[] }

/** The live run's bet.settled facts, as a scenario's expectations read. */
function liveSettlements(round?: number): Settlement[] {
  return readFileSync(LIVE_EVENTS, 'utf8').trim().split('\n').map((l) => JSON.parse(l) as Settlement & { type: string })
    .filter((e) => e.type === 'bet.settled' && (round === undefined || e.round === round))
    .map(({ round: r, seat, hand, bet, stake, net, outcome }) => ({ round: r, seat, hand, bet, stake, net, outcome }));
}

describe('a capture as a test in one command', () => {
  test('the scenario expects what the live run settled and passes shoe check; a changed net fails', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'qa-capture-'));
    const whole = await shoeInProcess('replay-capture', CAPTURE, '--rules', 'six-deck', '--as-scenario');
    expect(whole.stderr).toBe('');
    expect(whole.code).toBe(0);
    const scenario = JSON.parse(whole.stdout) as Scenario;
    expect(scenario.rules).toBe('six-deck');
    expect(scenario.rounds).toBeUndefined();
    expect(scenario.expect).toEqual(liveSettlements());
    expect(scenario.expect.length).toBeGreaterThan(10);

    const two = await shoeInProcess('replay-capture', CAPTURE, '--rules', 'six-deck', '--as-scenario', '--round', '2');
    expect(two.code).toBe(0);
    const round2 = JSON.parse(two.stdout) as Scenario;
    expect(round2.rounds).toEqual({ from: 2, to: 2 });
    expect(round2.expect).toEqual(liveSettlements(2));
    expect(round2.expect.filter((e) => e.hand === 1).length).toBe(1); // the split hand
    expect(round2.inputs.length).toBeLessThan(scenario.inputs.length);

    const files = [join(dir, 'capture.json'), join(dir, 'capture-round-2.json')];
    writeFileSync(files[0] as string, whole.stdout);
    writeFileSync(files[1] as string, two.stdout);
    const changed = join(dir, 'changed.json');
    writeFileSync(changed, two.stdout.replace('"net": 2000', '"net": 2001'));
    const passed = await runCli(['check', ...files]);
    expect(passed.stdout).toContain('2 passed, 0 failed, 0 unreadable');
    expect(passed.code).toBe(0);
    const failed = await runCli(['check', changed]);
    expect(failed.code).toBe(1);
    expect(failed.stdout).toContain(`FAILED  ${changed}: round 2 seat 3 hand 0 main: expected net +2001 (win), got +2000 (win)`);
  }, 120_000);

  test('a capture whose bytes disagree with its inputs, and a round it lacks, are refused', async () => {
    const lines = readFileSync(CAPTURE, 'utf8').trim().split('\n');
    const i = lines.findIndex((l) => l.includes('"dir":"input"') && l.includes('"type":"card"'));
    lines[i] = (lines[i] as string).replace(/"card":"(\w\w)"/, (_m, c: string) => `"card":"${c === '2C' ? '3C' : '2C'}"`);
    const tampered = join(mkdtempSync(join(tmpdir(), 'qa-capture-')), 'tampered.jsonl');
    writeFileSync(tampered, lines.join('\n') + '\n');
    const refused = await shoeInProcess('replay-capture', tampered, '--rules', 'six-deck', '--as-scenario');
    expect(refused.code).toBe(1);
    expect(refused.stdout).toBe('');
    expect(refused.stderr).toContain(`capture line ${i + 1}`);

    const missing = await shoeInProcess('replay-capture', CAPTURE, '--rules', 'six-deck', '--as-scenario', '--round', '40');
    expect(missing.code).toBe(2);
    expect(missing.stderr).toContain('the capture has no round 40');
    const alone = await shoeInProcess('replay-capture', CAPTURE, '--rules', 'six-deck', '--round', '2');
    expect(alone.code).toBe(2);
    expect(alone.stderr).toContain('--round goes with --as-scenario');
  });
});
