// The scenario checker in-process: the project's own and the shared scenarios pass through the same code
// `shoe check` runs; a changed expectation fails with its first difference in words; --update rewrites it.
import { describe, expect, test } from 'vitest';
import { fileURLToPath } from 'node:url';
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { checkScenario } from '../../src/testing/check-scenario.js';
import { loadScenarioFiles, scenarioRules } from '../../src/testing/scenario-files.js';
import { checkFile } from '../../src/testing/run-checks.js';
import { parseScenario, ScenarioFormatError } from '../../src/testing/scenario-schema.js';

const own = loadScenarioFiles(fileURLToPath(new URL('../scenarios', import.meta.url)));
const shared = loadScenarioFiles(fileURLToPath(new URL('../scenarios/shared', import.meta.url)));

describe('the project scenarios and the shared ones through the checker', () => {
  test('all of them are read', () => {
    expect(own.length).toBeGreaterThanOrEqual(40);
    expect(shared.length).toBeGreaterThanOrEqual(5);
  });
  test.each([...own, ...shared].map((f) => [f.path, f] as const))('%s', (_name, file) => {
    expect(checkScenario(scenarioRules(file), file.scenario).differences).toEqual([]);
  });
});

describe('differences in words', () => {
  const base = shared.find((f) => f.path.includes('p03')) ?? (shared[0] as (typeof shared)[number]);
  const rules = scenarioRules(base);
  test('a net one unit off names round, seat, hand, bet and both values', () => {
    const first = base.scenario.expect[0] as (typeof base.scenario.expect)[number];
    const changed = { ...base.scenario, expect: [{ ...first, net: first.net + 1 }] };
    const result = checkScenario(rules, changed);
    expect(result.passed).toBe(false);
    expect(result.differences[0]).toBe(`round 1 seat 1 hand 0 main: expected net +${first.net + 1} (win), got +${first.net} (win)`);
  });
  test('a missing expectation and an unexpected refusal are said', () => {
    const result = checkScenario(rules, { ...base.scenario, expect: [], rejected: 1 });
    expect(result.differences).toEqual([
      'round 1 seat 1 hand 0 main (p1): settled net +2000 (win), which the scenario does not expect',
      'expected 1 refused input, got 0',
    ]);
  });
  test('a full fact stream is compared fact by fact', () => {
    const facts = checkScenario(rules, base.scenario).facts.map((f) => ({ ...f }) as Record<string, unknown>);
    expect(checkScenario(rules, { ...base.scenario, facts }).passed).toBe(true);
    facts[3] = { ...facts[3], extra: 1 };
    expect(checkScenario(rules, { ...base.scenario, facts }).differences[0]).toMatch(/^fact 4: expected .*"extra":1.*, got /);
  });
  test('a malformed scenario names the field', () => {
    expect(() => parseScenario({ rules: 'six-deck', inputs: [{ type: 'bet' }], expect: [] }, 'x.json')).toThrow(ScenarioFormatError);
    expect(() => parseScenario({ rules: 'six-deck', inputs: [], expect: [] , bogus: 1 }, 'x.json')).toThrow(/x\.json: not a scenario/);
  });
  test('--update rewrites the expectations from today\'s results, keeping the indentation', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'qa-update-'));
    const path = join(dir, 'p03.json');
    const original = readFileSync(base.path, 'utf8');
    writeFileSync(path, original.replace('"net": 2000', '"net": 1999'));
    expect((await checkFile(path)).outcome).toBe('failed');
    expect((await checkFile(path, { update: true })).outcome).toBe('updated');
    expect((await checkFile(path)).outcome).toBe('passed');
    expect(readFileSync(path, 'utf8')).toContain('\n "rules": "six-deck"');
  });
});

describe('a stated starting table', () => {
  const rules = scenarioRules({ path: 'x.json', scenario: { rules: 'six-deck', inputs: [], expect: [] } });
  const start = {
    value: { active: 'burning' }, historyValue: {},
    context: { table: { shoe: { number: 1, drawn: { AS: 6 }, burnTarget: 1, burned: 0, cutCardSeen: false }, round: 0, bets: [], boxes: [], dealer: { cards: [], holeRevealed: false, natural: null }, dealt: 0, faultCard: null, shoeFaults: [], announcedTurn: null } },
  };
  test('the inputs replay from it: a seventh ace of spades is foreign there, not on a new shoe', () => {
    const scenario = parseScenario({ rules: 'six-deck', start, inputs: [{ type: 'card', card: 'AS' }], expect: [] });
    const paused = checkScenario(rules, scenario).facts;
    expect(paused).toEqual([{ type: 'table.paused', round: 0, reason: 'foreign card AS: all 6 in this shoe were already drawn', code: 'foreignAllDrawn', params: { card: 'AS', count: 6 }, fault: { kind: 'foreignCard', card: 'AS' } }]);
    const fresh = checkScenario(rules, parseScenario({ rules: 'six-deck', inputs: [{ type: 'shoe.loaded' }, { type: 'card', card: 'AS' }], expect: [] })).facts;
    expect(fresh.map((f) => f.type)).toEqual(['shoe.loaded', 'card.burned', 'betting.opened']);
  });
  test('a start the chart does not have is unreadable, in words', async () => {
    const path = join(mkdtempSync(join(tmpdir(), 'stated-start-')), 'nowhere.json');
    writeFileSync(path, JSON.stringify({ rules: 'six-deck', start: { ...start, value: { active: 'nowhere' } }, inputs: [{ type: 'card', card: 'AS' }], expect: [] }));
    const check = await checkFile(path);
    expect(check.outcome).toBe('unreadable');
    expect(check.differences[0]).toBe(`${path}: no state nowhere in table.active`);
  });
});
