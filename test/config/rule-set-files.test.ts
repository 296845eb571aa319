// Rule sets are data, validated at load: an error names the file and the field.
import { describe, expect, test } from 'vitest';
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { knownRuleSets, loadRuleSet, RULES_DIR, RuleSetError } from '../../src/config/load-rule-set.js';

const EXPECTED = ['basic', 'classic', 'classic-17plus4', 'deluxe', 'european', 'six-deck', 'switch'];

function variant(name: string, edit: (text: string) => string): string {
  const dir = mkdtempSync(join(tmpdir(), 'rules-'));
  const path = join(dir, `${name}.yaml`);
  writeFileSync(path, edit(readFileSync(join(RULES_DIR, `${name}.yaml`), 'utf8')));
  return path;
}

describe('rule set files', () => {
  test('every rule set named by the issue is in config/rules and loads', () => {
    expect(knownRuleSets()).toEqual(EXPECTED);
    for (const name of EXPECTED) expect(loadRuleSet(name).rules.name).toBe(name);
  });

  test('each rule set fixes decks, seats and the burn and dealer rules the issue gives', () => {
    const r = Object.fromEntries(EXPECTED.map((n) => [n, loadRuleSet(n).rules]));
    expect([r['six-deck']?.deck.decks, r['six-deck']?.seats]).toEqual([6, 5]);
    expect([r.classic?.deck.decks, r.classic?.seats]).toEqual([1, 7]);
    expect(r['classic-17plus4']?.deck.ranks).toHaveLength(8);
    expect([r.european?.dealer.holeCard, r.european?.boxes.playersPerBox]).toEqual([false, 3]);
    expect([r.deluxe?.deck.decks, r.deluxe?.burn.kind, r.deluxe?.boxes.betBehind]).toEqual([8, 'firstCardValue', true]);
    expect([r.switch?.seats, r.switch?.boxes.handsPerBox, r.switch?.dealer.push22, r.switch?.blackjack.pays]).toEqual([3, 2, true, [1, 1]]);
    for (const rules of Object.values(r)) expect([rules?.dealer.standOn, rules?.dealer.hitSoft17]).toEqual([17, false]);
  });

  test('the rules id is the SHA-256 of the file, so a changed rule shows in every record', () => {
    const a = loadRuleSet('six-deck');
    const b = loadRuleSet(variant('six-deck', (t) => t.replace('seats: 5', 'seats: 4')));
    expect(a.rulesId).toMatch(/^[0-9a-f]{64}$/);
    expect(b.rulesId).not.toBe(a.rulesId);
    expect(b.rules.seats).toBe(4);
  });

  test('a bad field is refused naming the file and the field', () => {
    const path = variant('six-deck', (t) => t.replace('seats: 5', 'seats: many'));
    expect(() => loadRuleSet(path)).toThrow(RuleSetError);
    expect(() => loadRuleSet(path)).toThrow(new RegExp(`${path.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}.*seats`));
  });

  test('an unknown field is refused by name (no silent typo)', () => {
    const path = variant('deluxe', (t) => t.replace('seats: 7', 'seats: 7\nseets: 8'));
    expect(() => loadRuleSet(path)).toThrow(/seets/);
  });

  test('inconsistent limits are refused', () => {
    const path = variant('basic', (t) => t.replace('min: 100, max: 100000', 'min: 5000, max: 100'));
    expect(() => loadRuleSet(path)).toThrow(/limits\.min/);
  });

  test('a file that is not YAML is refused in one line, with the file and the place named', () => {
    const path = variant('basic', () => 'name: [unclosed\n');
    expect(() => loadRuleSet(path)).toThrow(new RegExp(`^${path}: cannot parse: .* at line \\d+, column \\d+$`));
  });
});
