// Stacked-shoe scenarios (../shared/scenarios format): a session, its rule set, and every settlement it must print.
import { readFileSync, readdirSync, writeFileSync, mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { shoeInProcess } from './shoe-in-process.js';

export interface ExpectedSettlement {
  round: number;
  seat: number;
  hand?: number;
  bet: string;
  net: number;
  stake?: number;
  outcome?: string;
  /** On a box shared by several players (european), which player's bet. */
  player?: string;
}

export interface Scenario {
  readonly file: string;
  readonly rules: string;
  readonly note?: string;
  readonly inputs: unknown[];
  readonly expect: ExpectedSettlement[];
  readonly rejected?: number;
}

export function loadScenarios(dir: string): Scenario[] {
  return readdirSync(dir)
    .filter((f) => f.endsWith('.json'))
    .sort()
    .map((f) => loadScenario(dir, f));
}

/** One scenario of `dir` by its file name (`.json` may be left off). */
export function loadScenario(dir: string, name: string): Scenario {
  const f = name.endsWith('.json') ? name : `${name}.json`;
  const scenario = JSON.parse(readFileSync(join(dir, f), 'utf8')) as Omit<Scenario, 'file'>;
  // A rule file (not a name in config/rules) is relative to the scenario (schema/scenario.schema.json).
  const rules = /\.(ya?ml|json)$/i.test(scenario.rules) ? join(dir, scenario.rules) : scenario.rules;
  return { file: f, ...scenario, rules };
}

/** The scenario's session dealt into an SQLite log at `db` as table `table` by `shoe run`: its session file
 *  and what the run printed on stderr (nothing when it went well). */
export async function playIntoLog(scenario: Scenario, db: string, table: string): Promise<{ session: string; stderr: string }> {
  const session = writeSession(scenario);
  const run = await shoeInProcess('run', session, '--rules', scenario.rules, '--db', db, '--table', table, '-q');
  return { session, stderr: run.stderr };
}

export function writeSession(scenario: Scenario): string {
  const path = join(mkdtempSync(join(tmpdir(), 'scenario-')), `${scenario.file}.jsonl`);
  writeFileSync(path, scenario.inputs.map((i) => JSON.stringify(i)).join('\n') + '\n');
  return path;
}

/** The comparison of ../shared/tools/check-scenarios (every expected settlement exactly once, no others),
 *  also matching on `player` where an expectation names one (several players on one box). */
export function compareSettlements(scenario: Scenario, events: Array<Record<string, unknown>>): string[] {
  const settled = events.filter((e) => e.type === 'bet.settled');
  const rejected = events.filter((e) => e.type === 'input.rejected');
  const problems: string[] = [];
  for (const exp of scenario.expect) {
    const got = settled.filter((e) =>
      e.round === exp.round && e.seat === exp.seat && e.bet === exp.bet && (exp.hand === undefined || (e.hand ?? 0) === exp.hand) &&
      (exp.player === undefined || e.player === exp.player));
    if (got.length !== 1) {
      problems.push(`expected one settlement ${JSON.stringify(exp)}, found ${got.length}`);
      continue;
    }
    for (const key of ['net', 'stake', 'outcome'] as const) {
      if (exp[key] !== undefined && got[0]?.[key] !== exp[key]) problems.push(`${key} ${String(got[0]?.[key])} != ${String(exp[key])} for ${JSON.stringify(exp)}`);
    }
  }
  if (settled.length !== scenario.expect.length) problems.push(`${settled.length} settlements, expected ${scenario.expect.length}`);
  if (rejected.length !== (scenario.rejected ?? 0)) {
    problems.push(`${rejected.length} rejected inputs, expected ${scenario.rejected ?? 0}: ${rejected.map((r) => r.reason).join(' | ')}`);
  }
  return problems;
}
