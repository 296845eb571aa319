// The full fact stream of every golden session, byte for byte ("facts stay byte-for-byte what
// they are today"). Each session goes through TableEngine; the facts it causes, serialised with
// JSON.stringify (key order included), must equal the expectation recorded in test/round/golden-facts/.
// Sessions: the stacked-shoe scenarios (own and shared), the bundled demo session, the golden capture's
// inputs, random sessions with faults and supervisor inputs for every rule set, and bot sessions
// (hit below 17 and basic strategy) over several shoes for every rule set.
// The expectations were recorded from the code before the structural-sharing change. A deliberate rule
// change regenerates them: UPDATE_GOLDEN_FACTS=1 npx vitest run test/round/golden-fact-streams.test.ts
import { describe, expect, test } from 'vitest';
import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { join } from 'node:path';
import { knownRuleSets, loadRuleSet } from '../../src/config/load-rule-set.js';
import { TableEngine } from '../../src/round/table-engine.js';
import type { TableEvent } from '../../src/round/events.js';
import { parseSession } from '../../src/session/parse-session.js';
import { replaySession } from '../../src/session/replay-session.js';
import { replayCapture, type CaptureLine } from '../../src/app/audit/replay-capture.js';
import { capturedShoeInputs } from '../../src/adapters/serial/shoe-input.js';
import { playBotRounds, type BotStrategy } from '../../src/app/players/bot-rounds.js';
import { mulberry32 } from '../../src/random/prng.js';
import { loadScenarios } from '../support/scenario.js';
import { playRandomSession } from '../support/random-session.js';

const ROOT = fileURLToPath(new URL('../..', import.meta.url));
const GOLDEN = join(ROOT, 'test/round/golden-facts');
const UPDATE = process.env.UPDATE_GOLDEN_FACTS === '1';

/** Compares `actual` lines with the recorded file (or records them in update mode). */
function expectRecorded(file: string, actual: string[]): void {
  const path = join(GOLDEN, file);
  if (UPDATE) {
    mkdirSync(GOLDEN, { recursive: true });
    writeFileSync(path, actual.join('\n') + '\n');
    return;
  }
  expect(existsSync(path), `${path} is missing: record it with UPDATE_GOLDEN_FACTS=1`).toBe(true);
  const expected = readFileSync(path, 'utf8').trimEnd().split('\n');
  // Line by line first, so a difference names the first line that changed.
  for (let i = 0; i < Math.max(expected.length, actual.length); i++) {
    expect(actual[i], `${file} line ${i + 1}`).toBe(expected[i]);
  }
}

const stepLine = (session: string, line: number, facts: readonly TableEvent[]) => `${session}\t${line}\t${JSON.stringify(facts)}`;

function digest(steps: readonly (readonly TableEvent[])[]): string {
  const hash = createHash('sha256');
  for (const facts of steps) hash.update(JSON.stringify(facts)).update('\n');
  return hash.digest('hex');
}

describe('golden fact streams', () => {
  test('stacked-shoe scenarios (own and shared): every input\'s facts', () => {
    const scenarios = [
      ...loadScenarios(join(ROOT, 'test/scenarios')).map((s) => ({ ...s, file: `own/${s.file}` })),
      ...loadScenarios(join(ROOT, 'test/scenarios/shared')).map((s) => ({ ...s, file: `shared/${s.file}` })),
    ];
    expect(scenarios.length).toBeGreaterThan(80);
    const lines: string[] = [];
    for (const scenario of scenarios) {
      const session = parseSession(scenario.inputs.map((i) => JSON.stringify(i)).join('\n'));
      const { steps } = replaySession(loadRuleSet(scenario.rules).rules, session);
      for (const step of steps) lines.push(stepLine(scenario.file, step.line, step.events));
    }
    expectRecorded('scenarios.tsv', lines);
  });

  test('the bundled demo session', () => {
    const session = parseSession(readFileSync(join(ROOT, 'config/demo/six-deck-demo.jsonl'), 'utf8'));
    const { steps } = replaySession(loadRuleSet('six-deck').rules, session);
    expect(steps.flatMap((s) => s.events).some((e) => e.type === 'bet.settled')).toBe(true);
    expectRecorded('demo.tsv', steps.map((s) => stepLine('demo', s.line, s.events)));
  });

  test('the golden capture\'s inputs', () => {
    const lines = readFileSync(join(ROOT, 'test/captures/six-deck-demo.capture.jsonl'), 'utf8').trim().split('\n').map((l) => JSON.parse(l) as CaptureLine);
    const facts = replayCapture(loadRuleSet('six-deck').rules, lines, capturedShoeInputs);
    expect(facts.length).toBeGreaterThan(100);
    expectRecorded('capture.jsonl', facts.map((f) => JSON.stringify(f)));
  });

  test('random sessions with faults, refusals and the supervisor, every rule set (digests)', () => {
    const lines: string[] = [];
    for (const name of knownRuleSets()) {
      const rules = loadRuleSet(name).rules;
      for (let seed = 1; seed <= 12; seed++) {
        const { inputs, events } = playRandomSession(rules, seed * 7919, 15);
        lines.push(`${name}\t${seed * 7919}\t${inputs.length}\t${events.flat().length}\t${digest(events)}`);
      }
    }
    expectRecorded('random-sessions.tsv', lines);
  });

  test('bot sessions over several shoes, every rule set (digests)', () => {
    const lines: string[] = [];
    for (const name of knownRuleSets()) {
      const rules = loadRuleSet(name).rules;
      for (const strategy of ['hit17', 'basic'] as BotStrategy[]) {
        const engine = new TableEngine(rules);
        const steps: TableEvent[][] = [];
        const result = playBotRounds(engine, rules, {
          rounds: 150, strategy, random: mulberry32(2024), seats: strategy === 'basic' && rules.deck.decks > 1 ? [1, 2, 3] : [1],
          onStep: (_input, facts) => steps.push([...facts]),
        });
        lines.push(`${name}\t${strategy}\t${result.inputs}\t${result.facts}\t${result.shoes}\t${digest(steps)}`);
      }
    }
    expectRecorded('bot-sessions.tsv', lines);
  });

  test('bot sessions on a table with a results moment, every rule set (every fact of the first rounds, then digests)', () => {
    const lines: string[] = [];
    for (const name of knownRuleSets()) {
      const rules = loadRuleSet(name).rules;
      const engine = new TableEngine(rules);
      const steps: TableEvent[][] = [engine.submit({ type: 'results.configured', seconds: 4 })];
      const result = playBotRounds(engine, rules, {
        rounds: 60, strategy: 'basic', random: mulberry32(2025), seats: [1, 2],
        onStep: (_input, facts) => steps.push([...facts]),
      });
      // The first rounds whole, so the moment's facts read in the file; the rest as a digest.
      steps.slice(0, 40).forEach((facts, i) => lines.push(stepLine(name, i + 1, facts)));
      lines.push(`${name}\t${result.inputs}\t${result.facts}\t${result.shoes}\t${digest(steps)}`);
    }
    expectRecorded('bot-sessions-results.tsv', lines);
  });
});
