// Checking a scenario: its inputs through the real round machine (TableEngine), then what came out against
// what the scenario expects, the first difference said in words ("round 3 seat 2 hand 1 main: expected
// net +2000 (win), got +1000 (win)"). Pure: the rule set is passed in (scenario-files.ts loads it).
import type { RuleSet } from '../rules/rule-set.js';
import type { TableEvent } from '../round/events.js';
import { TableEngine } from '../round/table-engine.js';
import type { ExpectedSettlement, Scenario } from './scenario-schema.js';
import { sameFact } from './compare-facts.js';
import { startSnapshot } from './stated-start.js';

export interface ScenarioResult {
  readonly passed: boolean;
  /** Every difference, in words; the first is the one a report shows. */
  readonly differences: readonly string[];
  /** Every fact of the rounds checked (all facts when the scenario names no rounds), in order. */
  readonly facts: readonly TableEvent[];
}

type Settled = Extract<TableEvent, { type: 'bet.settled' }>;
type Rejected = Extract<TableEvent, { type: 'input.rejected' }>;

const signed = (n: number): string => (n > 0 ? `+${n}` : String(n));

function betName(e: { round: number; seat: number; hand?: number | undefined; bet: string; player?: string | undefined }): string {
  return `round ${e.round} seat ${e.seat}${e.hand !== undefined ? ` hand ${e.hand}` : ''} ${e.bet}${e.player !== undefined ? ` (${e.player})` : ''}`;
}

function settledWords(e: { net: number; outcome?: string | undefined; stake?: number | undefined }): string {
  return `net ${signed(e.net)}${e.outcome !== undefined ? ` (${e.outcome})` : ''}`;
}

/** The table a scenario starts from: a new one, or its stated starting table. */
export function scenarioEngine(rules: RuleSet, scenario: Pick<Scenario, 'start'>): TableEngine {
  return scenario.start === undefined ? new TableEngine(rules) : new TableEngine(rules, startSnapshot(rules, scenario.start));
}

/** Replays the inputs; returns every fact with the 1-based input position it came from. */
export function replayScenarioInputs(rules: RuleSet, scenario: Pick<Scenario, 'inputs' | 'start'>): TableEvent[] {
  const engine = scenarioEngine(rules, scenario);
  return scenario.inputs.flatMap((input, i) => engine.submit(input, i + 1));
}

/** The round a fact belongs to (an input.rejected belongs to the round the table was in: the last seen). */
export function factsInRounds(facts: readonly TableEvent[], rounds: Scenario['rounds']): TableEvent[] {
  if (rounds === undefined) return [...facts];
  let current = 0;
  return facts.filter((f) => {
    if ('round' in f && typeof f.round === 'number') current = f.round;
    return current >= rounds.from && current <= rounds.to;
  });
}

function matches(exp: ExpectedSettlement, got: Settled): boolean {
  return got.round === exp.round && got.seat === exp.seat && got.bet === exp.bet &&
    (exp.hand === undefined || got.hand === exp.hand) && (exp.player === undefined || got.player === exp.player);
}

function settlementDifferences(expect: readonly ExpectedSettlement[], settled: readonly Settled[]): string[] {
  const problems: string[] = [];
  const used = new Set<Settled>();
  for (const exp of expect) {
    const got = settled.filter((s) => matches(exp, s) && !used.has(s));
    const first = got[0];
    if (first === undefined) {
      problems.push(`${betName(exp)}: expected ${settledWords(exp)}, got no settlement`);
      continue;
    }
    used.add(first);
    if (first.net !== exp.net || (exp.outcome !== undefined && first.outcome !== exp.outcome)) {
      problems.push(`${betName(exp)}: expected ${settledWords(exp)}, got ${settledWords(first).replace(/^net /, '')}`);
    } else if (exp.stake !== undefined && first.stake !== exp.stake) {
      problems.push(`${betName(exp)}: expected stake ${exp.stake}, got ${first.stake}`);
    }
  }
  for (const s of settled) {
    if (!used.has(s)) problems.push(`${betName(s)}: settled ${settledWords(s)}, which the scenario does not expect`);
  }
  return problems;
}

function refusalWords(r: Rejected): string {
  return `${r.line !== undefined ? `input ${r.line} ` : ''}(${r.input.type}) refused: ${r.reason}`;
}

function refusalDifferences(scenario: Scenario, rejected: readonly Rejected[]): string[] {
  const problems: string[] = [];
  const count = scenario.refusals?.length ?? scenario.rejected ?? 0;
  if (rejected.length !== count) {
    const first = rejected[0];
    problems.push(`expected ${count} refused input${count === 1 ? '' : 's'}, got ${rejected.length}${first ? `; first: ${refusalWords(first)}` : ''}`);
  }
  scenario.refusals?.forEach((exp, i) => {
    const got = rejected[i];
    if (got === undefined) return;
    if ((exp.line !== undefined && got.line !== exp.line) || (exp.type !== undefined && got.input.type !== exp.type) || (exp.reason !== undefined && got.reason !== exp.reason)) {
      problems.push(`refusal ${i + 1}: expected ${JSON.stringify(exp)}, got ${refusalWords(got)}`);
    }
  });
  return problems;
}

function factDifferences(expected: readonly Record<string, unknown>[], got: readonly TableEvent[]): string[] {
  for (let i = 0; i < Math.max(expected.length, got.length); i++) {
    const exp = expected[i];
    const fact = got[i];
    if (exp === undefined) return [`fact ${i + 1}: not expected, got ${JSON.stringify(fact)}`];
    if (fact === undefined) return [`fact ${i + 1}: expected ${JSON.stringify(exp)}, got no more facts`];
    if (!sameFact(exp, fact)) return [`fact ${i + 1}: expected ${JSON.stringify(exp)}, got ${JSON.stringify(fact)}`];
  }
  return [];
}

/** Compares facts already produced with what the scenario expects. */
export function judgeScenario(scenario: Scenario, allFacts: readonly TableEvent[]): ScenarioResult {
  const facts = factsInRounds(allFacts, scenario.rounds);
  const settled = facts.filter((f): f is Settled => f.type === 'bet.settled');
  const rejected = facts.filter((f): f is Rejected => f.type === 'input.rejected');
  const differences = [
    ...settlementDifferences(scenario.expect, settled),
    ...refusalDifferences(scenario, rejected),
    ...(scenario.facts !== undefined ? factDifferences(scenario.facts, facts) : []),
  ];
  return { passed: differences.length === 0, differences, facts };
}

export function checkScenario(rules: RuleSet, scenario: Scenario): ScenarioResult {
  return judgeScenario(scenario, replayScenarioInputs(rules, scenario));
}

/** The scenario with its expectations rewritten from a result (`shoe check --update`, approval style). */
export function updatedScenario(scenario: Scenario, result: ScenarioResult): Scenario {
  const settled = result.facts.filter((f): f is Settled => f.type === 'bet.settled');
  const rejected = result.facts.filter((f): f is Rejected => f.type === 'input.rejected');
  const expect = settled.map((s) => ({
    round: s.round, seat: s.seat, hand: s.hand, bet: s.bet, ...(scenario.expect.some((e) => e.player !== undefined) ? { player: s.player } : {}),
    stake: s.stake, net: s.net, outcome: s.outcome,
  }));
  const next: Scenario = { ...scenario, expect };
  if (scenario.refusals !== undefined) next.refusals = rejected.map((r) => ({ ...(r.line !== undefined ? { line: r.line } : {}), type: r.input.type, reason: r.reason }));
  else if (scenario.rejected !== undefined || rejected.length > 0) next.rejected = rejected.length;
  if (scenario.facts !== undefined) next.facts = result.facts.map((f) => JSON.parse(JSON.stringify(f)) as Record<string, unknown>);
  return next;
}
