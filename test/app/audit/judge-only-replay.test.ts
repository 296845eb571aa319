// Verify's re-run steps an engine that changes its table in place (LogReplayer's judgeOnly, IN_PLACE drafts)
// where a table's rebuild copies it per input: its facts must be the facts the product's engine writes, byte
// for byte as stored (canonical text, docs/event-log.md). Every session the golden fact streams hold
// (test/round/golden-fact-streams.test.ts) is played by the product's engine into a log — the input record,
// then each fact as canonical text — and re-run by verify's half, with the stored text and without.
import { describe, expect, test } from 'vitest';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { knownRuleSets, loadRuleSet } from '../../../src/config/load-rule-set.js';
import type { RuleSet } from '../../../src/rules/rule-set.js';
import { TableEngine } from '../../../src/round/table-engine.js';
import type { TableEvent } from '../../../src/round/events.js';
import type { TableInput } from '../../../src/round/inputs.js';
import type { EventRecord, JsonObject } from '../../../src/ports/event-store.js';
import { canonicalJson } from '../../../src/log/canonical-json.js';
import { ReplayHalf } from '../../../src/app/audit/verify-log.js';
import { parseSession } from '../../../src/session/parse-session.js';
import { replaySession } from '../../../src/session/replay-session.js';
import { playBotRounds, type BotStrategy } from '../../../src/app/players/bot-rounds.js';
import { mulberry32 } from '../../../src/random/prng.js';
import { loadScenarios } from '../../support/scenario.js';
import { playRandomSession } from '../../support/random-session.js';

const ROOT = fileURLToPath(new URL('../../..', import.meta.url));

interface Step {
  readonly input: TableInput;
  readonly line?: number;
  /** The facts as the product's engine (copy per input) derived them. */
  readonly facts: readonly TableEvent[];
}

type Logged = EventRecord & { readonly dataJson: string };

/** The log a table writes for these steps: the rules, then each input and its facts. */
function logOf(rules: RuleSet, steps: readonly Step[]): Logged[] {
  const log: Logged[] = [];
  const add = (type: string, data: Record<string, unknown>) => {
    const dataJson = canonicalJson(data);
    log.push({ seq: log.length + 1, type, data: JSON.parse(dataJson) as JsonObject, dataJson });
  };
  add('table.configured', { tableId: 't1', rulesName: rules.name, rulesId: 'r1', rules });
  for (const { input, line, facts } of steps) {
    add('input', { input, source: 'session', ...(line !== undefined ? { line } : {}) });
    for (const { type, ...data } of facts) add(type, data);
  }
  return log;
}

/** Verify's re-run over the log: undefined when every fact matched, else the problem it names. */
function reRun(log: readonly Logged[], withText: boolean): string | undefined {
  const half = new ReplayHalf();
  for (const record of log) {
    const problem = half.push(record, withText ? record.dataJson : undefined);
    if (problem) return problem.problem;
  }
  return half.end()?.problem;
}

function expectSameFacts(rules: RuleSet, steps: readonly Step[]): void {
  expect(steps.some((s) => s.facts.length > 0)).toBe(true);
  const log = logOf(rules, steps);
  expect(reRun(log, true)).toBeUndefined();
  expect(reRun(log, false)).toBeUndefined();
}

describe("verify's in-place re-run derives the product engine's facts", () => {
  test('stacked-shoe scenarios (own and shared) and the bundled demo session', () => {
    const scenarios = [...loadScenarios(join(ROOT, 'test/scenarios')), ...loadScenarios(join(ROOT, 'test/scenarios/shared'))];
    expect(scenarios.length).toBeGreaterThan(80);
    for (const scenario of scenarios) {
      const { rules } = loadRuleSet(scenario.rules);
      const session = parseSession(scenario.inputs.map((i) => JSON.stringify(i)).join('\n'));
      const { steps } = replaySession(rules, session);
      expectSameFacts(rules, session.map(({ input, line }, i) => ({ input, line, facts: steps[i]?.events ?? [] })));
    }
    const { rules } = loadRuleSet('six-deck');
    const demo = parseSession(readFileSync(join(ROOT, 'config/demo/six-deck-demo.jsonl'), 'utf8'));
    const { steps } = replaySession(rules, demo);
    expectSameFacts(rules, demo.map(({ input, line }, i) => ({ input, line, facts: steps[i]?.events ?? [] })));
  });

  test('random sessions with faults, refusals and the supervisor, every rule set', () => {
    for (const name of knownRuleSets()) {
      const { rules } = loadRuleSet(name);
      for (let seed = 1; seed <= 12; seed++) {
        const { inputs, events } = playRandomSession(rules, seed * 7919, 15);
        expectSameFacts(rules, inputs.map((input, i) => ({ input, line: i + 1, facts: events[i] ?? [] })));
      }
    }
  });

  test('bot sessions over several shoes, with and without a results moment, every rule set', () => {
    for (const name of knownRuleSets()) {
      const { rules } = loadRuleSet(name);
      for (const strategy of ['hit17', 'basic', 'results'] as const) {
        const engine = new TableEngine(rules);
        const steps: Step[] = [];
        if (strategy === 'results') {
          const input: TableInput = { type: 'results.configured', seconds: 4 };
          steps.push({ input, facts: engine.submit(input) });
        }
        const bot: BotStrategy = strategy === 'results' ? 'basic' : strategy;
        playBotRounds(engine, rules, {
          rounds: 150, strategy: bot, random: mulberry32(2024), seats: bot === 'basic' && rules.deck.decks > 1 ? [1, 2, 3] : [1],
          onStep: (input, facts) => steps.push({ input, facts: [...facts] }),
        });
        expectSameFacts(rules, steps);
      }
    }
  });

  test('a fact that differs from the derived one by a byte is named', () => {
    const { rules } = loadRuleSet('six-deck');
    const { inputs, events } = playRandomSession(rules, 7919, 15);
    const log = logOf(rules, inputs.map((input, i) => ({ input, line: i + 1, facts: events[i] ?? [] })));
    const at = log.findIndex((r) => r.type === 'card.dealt');
    expect(at).toBeGreaterThan(0);
    const record = log[at] as Logged;
    const dataJson = record.dataJson.replace(/"card":"(.)/, (_m, c: string) => `"card":"${c === '2' ? '3' : '2'}`);
    expect(dataJson).not.toBe(record.dataJson);
    log[at] = { ...record, data: JSON.parse(dataJson) as JsonObject, dataJson };
    expect(reRun(log, true)).toMatch(new RegExp(`^event ${record.seq}: the round machine derives`));
    expect(reRun(log, false)).toMatch(new RegExp(`^event ${record.seq}: the round machine derives`));
  });
});
