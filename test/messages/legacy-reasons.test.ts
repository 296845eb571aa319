// Logs written before facts carried codes still read (src/messages/legacy-reasons.ts): every reason on every
// golden fact stream and capture in the repository, and on random sessions with faults, refusals and the
// supervisor for every rule set, reads back from its sentence alone to the code and values the round
// machine stores today. A person's own words (`typed`) are no code's sentence, or one whose words they are.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, test } from 'vitest';
import { legacyReason } from '../../src/messages/legacy-reasons.js';
import { REASON_CODES, REASON_SENTENCES, reasonSentence } from '../../src/round/reason-sentence.js';
import type { TableEvent } from '../../src/round/events.js';
import { knownRuleSets, loadRuleSet } from '../../src/config/load-rule-set.js';
import { playRandomSession } from '../support/random-session.js';

const ROOT = process.cwd();

type Stored = { type: string; reason?: string; code?: string; params?: unknown };
const withReason = (facts: readonly Stored[]) => facts.filter((f) => typeof f.reason === 'string');

/** The facts of a golden file: TSV lines ending in a JSON array of facts, or one JSON fact a line. */
function goldenFacts(file: string): Stored[] {
  const text = readFileSync(join(ROOT, file), 'utf8').trim();
  return text.split('\n').flatMap((line) => {
    const json = line.includes('\t') ? line.slice(line.lastIndexOf('\t') + 1) : line;
    const parsed = JSON.parse(json) as Stored | Stored[];
    return Array.isArray(parsed) ? parsed : [parsed];
  });
}

/** JSON with keys sorted: values compared, not the order they were written in. */
const canonical = (value: unknown): string => JSON.stringify(value, (_key, v: unknown) =>
  v && typeof v === 'object' && !Array.isArray(v) ? Object.fromEntries(Object.entries(v).sort(([a], [b]) => a.localeCompare(b))) : v);

/** What the sentence alone gives back, against what the fact stores. */
function misread(facts: readonly Stored[]): string[] {
  return withReason(facts).flatMap((fact) => {
    const read = legacyReason(fact.reason as string);
    if (fact.code === 'typed') return read === null || reasonSentence(read) === fact.reason ? [] : [`typed "${fact.reason}" read as ${read.code}`];
    return canonical(read) === canonical({ code: fact.code, params: fact.params }) ? [] : [`${fact.reason} → ${JSON.stringify(read)}, stored ${fact.code} ${JSON.stringify(fact.params)}`];
  });
}

describe('reasons on older logs', () => {
  test.each(['test/round/golden-facts/scenarios.tsv', 'test/round/golden-facts/demo.tsv', 'test/round/golden-facts/capture.jsonl'])('%s: every sentence reads back to the stored code', (file) => {
    const facts = goldenFacts(file);
    expect(misread(facts)).toEqual([]);
  });

  test('the golden capture\'s event stream: every reason on it reads back to a code', () => {
    const facts = withReason(goldenFacts('test/captures/six-deck-demo.events.jsonl'));
    expect(facts.filter((f) => legacyReason(f.reason as string) === null).map((f) => f.reason)).toEqual([]);
  });

  test('random sessions with faults, refusals and the supervisor, every rule set: every sentence reads back', () => {
    let seen = 0;
    const wrong: string[] = [];
    for (const name of knownRuleSets()) {
      const rules = loadRuleSet(name).rules;
      for (let seed = 1; seed <= 4; seed++) {
        const facts = playRandomSession(rules, seed * 7919, 15).events.flat() as TableEvent[];
        seen += withReason(facts as Stored[]).length;
        wrong.push(...misread(facts as Stored[]));
      }
    }
    expect(seen).toBeGreaterThan(200);
    expect(wrong).toEqual([]);
  });

  test('each code\'s sentence is read by its own pattern, not an earlier one', () => {
    expect(Object.keys(REASON_SENTENCES)).toEqual(REASON_CODES);
    expect(legacyReason('shoe fault: linkDown (port closed)')).toEqual({ code: 'shoeFaultDetail', params: { fault: 'linkDown', detail: 'port closed' } });
    expect(legacyReason('shoe fault: linkDown')).toEqual({ code: 'shoeFault', params: { fault: 'linkDown' } });
    expect(legacyReason('no decision expected: round 4 is being played')).toEqual({ code: 'noDecisionExpected', params: { phase: 'round', round: 4 } });
    expect(legacyReason('hand 0 is not in turn (hand 1 is)')).toEqual({ code: 'handNotInTurn', params: { hand: 0, turn: 1 } });
    expect(legacyReason('camera check')).toBeNull();
  });
});
