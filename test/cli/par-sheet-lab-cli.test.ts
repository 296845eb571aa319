// The par sheet a lab can tie to what runs on the floor, through the real CLI with few rounds: the
// identification (product commit, rule file and its SHA-256, strategy source, machine, run time), the
// sign convention and the warning on a rule set that pays the player, the lab's figures, and --verify
// (holds for the sheet just made; differs, naming what, once the rule file changes).
import { createHash } from 'node:crypto';
import { execFileSync } from 'node:child_process';
import { copyFileSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, test } from 'vitest';
import { ROOT, runCli } from '../support/run-cli.js';
import type { ParSheetDocument } from '../../src/app/par-sheet/par-sheet-document.js';

const dir = mkdtempSync(join(tmpdir(), 'par-sheet-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

// classic-17plus4 (seed 000 part 2): a single deck the exact analysis takes in about two seconds, and a
// rule set that pays the player (about +5.27 % off the top: a short deck, suited blackjack 2:1, 777, triple).
const SMALL = ['--rounds', '1000', '--workers', '2', '--seed', '5'];

describe('an identified par sheet', () => {
  test('json: identity, sign convention, warnings, lab figures; --verify holds, then differs when the rule file changes', async () => {
    const rules = join(dir, 'classic-17plus4.yaml');
    copyFileSync(join(ROOT, 'config/rules/classic-17plus4.yaml'), rules);
    const r = await runCli(['par-sheet', '--rules', rules, ...SMALL, '--format', 'json']);
    expect(r.code, r.stderr).toBe(0);
    const sheet = JSON.parse(r.stdout) as ParSheetDocument;
    // Identification: the rule file's bytes, the checkout's commit, where the strategy came from.
    expect(sheet.identity.rules.sha256).toBe(createHash('sha256').update(readFileSync(rules)).digest('hex'));
    expect(sheet.identity.rules.path).toBe(rules);
    expect(sheet.identity.product.commit).toBe(execFileSync('git', ['rev-parse', 'HEAD'], { cwd: ROOT, encoding: 'utf8' }).trim());
    expect(sheet.identity.product.version).toBe((JSON.parse(readFileSync(join(ROOT, 'package.json'), 'utf8')) as { version: string }).version);
    expect(sheet.identity.strategy).toEqual({ source: 'computed' });
    expect(Date.parse(sheet.identity.generated)).toBeGreaterThan(Date.parse('2024-01-01'));
    expect(sheet.identity.machine.cores).toBeGreaterThan(0);
    expect(sheet.identity.runSeconds).toBeGreaterThan(0);
    expect(sheet.signConvention).toMatch(/negative return is the house edge/);
    // The game pays the player: flagged in the sheet and on stderr.
    expect(sheet.exactMain).toBeGreaterThan(0.05);
    expect(sheet.warnings.join(' ')).toMatch(/main game returns \+5\.2\d\d % to the player/);
    expect(r.stderr).toContain('WARNING: classic-17plus4: the main game returns +');
    // The simulation's seed and rounds (dealt to the deepest cut card; the main figure counts those started
    // before the rule set's own, half a single deck), and the lab's figures from the same counts.
    expect(sheet.simulation).toMatchObject({ dealt: 1000, seed: 5, seats: 1, penetration: 0.5 });
    expect(sheet.simulation.rounds).toBeLessThan(1000);
    const outcomes = sheet.lab.outcomes.reduce((n, o) => n + o.count, 0);
    expect(outcomes).toBe(sheet.simulation.bets['main']?.bets);
    expect(sheet.lab.hitFrequency + sheet.lab.pushFrequency + sheet.lab.lossFrequency).toBeCloseTo(1, 12);
    const won = sheet.lab.outcomes.filter((o) => o.units > 0).reduce((n, o) => n + o.count, 0);
    expect(sheet.lab.hitFrequency).toBeCloseTo(won / outcomes, 12);
    expect(sheet.lab.sdPerRound).toBeGreaterThan(0.8);
    expect(sheet.penetration.map((p) => p.penetration)).toEqual([0.5, 0.66, 0.75, 0.83]);
    // One pass: the deepest cut card counts every round dealt, a shallower one fewer; the main figure is the 50 % row.
    expect(sheet.penetration.every((p) => p.seed === 5)).toBe(true);
    expect(sheet.penetration[3]?.rounds).toBe(1000);
    const counted = sheet.penetration.map((p) => p.rounds);
    expect([...counted].sort((a, b) => a - b)).toEqual(counted);
    expect(sheet.penetration[0]).toMatchObject({ rounds: sheet.simulation.rounds, returnRatio: sheet.simulation.bets['main']?.returnRatio });
    // Where each cut card went (never deeper than asked; deeper penetration, a later cut card).
    for (const p of sheet.penetration) expect(p.cutCard).toBeLessThanOrEqual(Math.floor(p.penetration * p.shoeSize));
    const cuts = sheet.penetration.map((p) => p.cutCard);
    expect([...cuts].sort((a, b) => a - b)).toEqual(cuts);
    expect(new Set(cuts).size).toBe(4);
    expect(sheet.naivePlayers.map((n) => n.player)).toEqual(['mimicDealer', 'neverBust']);
    expect(sheet.exactness.splits).toMatch(/split/i);

    const saved = join(dir, 'sheet.json');
    writeFileSync(saved, r.stdout);
    const holds = await runCli(['par-sheet', '--verify', saved, '--workers', '3']);
    expect(holds.code, holds.stdout + holds.stderr).toBe(0);
    expect(holds.stdout).toMatch(/^classic-17plus4: HOLDS/m);

    // Blackjack now pays 6:5 instead of 3:2: the file's hash and the figures no longer hold.
    const text = readFileSync(rules, 'utf8');
    expect(text).toMatch(/pays: \[3, 2\]/);
    writeFileSync(rules, text.replace(/pays: \[3, 2\]/, 'pays: [6, 5]'));
    const differs = await runCli(['par-sheet', '--verify', saved, '--workers', '1']);
    expect(differs.code).toBe(1);
    expect(differs.stdout).toMatch(/^classic-17plus4: DIFFERS/m);
    expect(differs.stdout).toContain('differs: rule file SHA-256');
    expect(differs.stdout).toContain('differs: exact main return');
  }, 300_000);

  test('markdown: identification and the sign convention on top, the warning before the rules', async () => {
    const r = await runCli(['par-sheet', '--rules', 'classic-17plus4', ...SMALL]);
    expect(r.code, r.stderr).toBe(0);
    const lines = r.stdout.split('\n');
    const at = (re: RegExp) => lines.findIndex((l) => re.test(l));
    expect(at(/^\| rule file \|.*SHA-256 `[0-9a-f]{64}`/)).toBeGreaterThan(0);
    expect(at(/^\*\*Sign convention\.\*\*/)).toBeLessThan(at(/^## Rules/));
    expect(at(/WARNING — this game pays the player/)).toBeLessThan(at(/^## Rules/));
    expect(at(/^\| hit frequency/)).toBeGreaterThan(0);
    expect(at(/^### Return by penetration/)).toBeGreaterThan(0);
    expect(at(/^\| main, mimic the dealer/)).toBeGreaterThan(0);
  }, 300_000);

  test('--verify refuses a file that is not a saved sheet', async () => {
    const bogus = join(dir, 'bogus.json');
    writeFileSync(bogus, JSON.stringify({ hello: 1 }));
    const r = await runCli(['par-sheet', '--verify', bogus]);
    expect(r.code).toBe(2);
    expect(r.stderr).toContain('not a par sheet');
    // A file that is not there: one line naming it, no usage (the command was right, the file is missing).
    const missing = await runCli(['par-sheet', '--verify', join(dir, 'missing.json')]);
    expect(missing.code).toBe(2);
    expect(missing.stderr.trimEnd()).toBe(`shoe par-sheet: ${join(dir, 'missing.json')}: no such file or directory`);
  }, 60_000);
});
