// A disputed round as a test (`shoe export DB --round N[..M] --as-scenario`): a self-contained scenario from
// a table log. The shoe's state is brought in by replaying every input from the start of the log (round
// numbers and the shoe position carry over, so a later start would not reproduce them); the expectations are
// the settlements and refusals the live table actually wrote for rounds N..M, and the scenario's `rounds`
// makes `shoe check` judge only those. Pure: the log's entries come in (src/library/table-log-reader.ts).
import type { TableEvent } from '../round/events.js';
import type { TableInput } from '../round/inputs.js';
import { factsInRounds, judgeScenario, updatedScenario } from './check-scenario.js';
import { SCENARIO_FORMAT, type Scenario } from './scenario-schema.js';
import type { LogEntry } from '../library/table-log-reader.js';

export class ExportRangeError extends Error {}

export interface RoundRange {
  readonly from: number;
  readonly to: number;
}

export function parseRoundRange(text: string): RoundRange {
  const m = /^(\d+)(?:\.\.(\d+))?$/.exec(text);
  if (!m) throw new ExportRangeError(`--round takes N or N..M, not "${text}"`);
  const from = Number(m[1]);
  const to = m[2] !== undefined ? Number(m[2]) : from;
  if (from < 1 || to < from) throw new ExportRangeError(`--round ${text}: the range is empty`);
  return { from, to };
}

export async function scenarioFromLog(entries: AsyncIterable<LogEntry>, range: RoundRange, source: string): Promise<Scenario> {
  const inputs: TableInput[] = [];
  const facts: TableEvent[] = [];
  let rulesName: string | null = null;
  let current = 0;
  let pastRange = false;
  for await (const entry of entries) {
    if (entry.kind === 'configured') {
      if (rulesName !== null && rulesName !== entry.rulesName) throw new ExportRangeError(`${source}: the rules change from ${rulesName} to ${entry.rulesName} before round ${range.to}`);
      rulesName = entry.rulesName;
    } else if (entry.kind === 'input') {
      if (pastRange) break;
      const { at: _at, ...input } = entry.input as TableInput & { at?: string };
      inputs.push(input as TableInput);
    } else if (entry.kind === 'fact') {
      facts.push(entry.fact);
      if ('round' in entry.fact && typeof entry.fact.round === 'number') current = entry.fact.round;
      if (current > range.to) pastRange = true;
    }
  }
  if (rulesName === null) throw new ExportRangeError(`${source}: the log names no rule set`);
  const inRange = factsInRounds(facts, range);
  if (!inRange.some((f) => f.type === 'betting.opened' || f.type === 'round.ended' || f.type === 'round.voided')) {
    throw new ExportRangeError(`${source}: the log has no round ${range.from}${range.to !== range.from ? `..${range.to}` : ''}`);
  }
  const base: Scenario = {
    format: SCENARIO_FORMAT,
    rules: rulesName,
    note: `Round${range.to !== range.from ? `s ${range.from}..${range.to}` : ` ${range.from}`} of ${source}, as the live table settled ${range.to !== range.from ? 'them' : 'it'}; the inputs before bring in the shoe's state.`,
    rounds: { from: range.from, to: range.to },
    inputs,
    expect: [],
    refusals: [],
  };
  // The expectations are the log's own facts, filtered exactly as `shoe check` filters the replay's.
  return updatedScenario(base, judgeScenario(base, facts));
}
