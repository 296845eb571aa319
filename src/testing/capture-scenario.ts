// A capture as a test (`shoe replay-capture FILE --rules NAME --as-scenario [--round N[..M]]`, docs/qa.md):
// the inputs the live table took, each shoe input first proven against its captured bytes (the decoder run
// again: replay-capture.ts), as a self-contained scenario. A capture keeps the inputs, not the table's
// facts; the table's facts are what its round machine made of exactly these inputs, so the expectations are
// the settlements and refusals of that replay (the golden capture test holds them equal to the live log).
// With --round the inputs end with round M and `rounds` makes `shoe check` judge only N..M. Pure.
import type { RuleSet } from '../rules/rule-set.js';
import type { TableEvent } from '../round/events.js';
import { tableInputSchema, type TableInput } from '../round/inputs.js';
import type { CapturedShoeInputs } from '../ports/shoe-input.js';
import { replayCapture, type CaptureLine } from '../app/audit/replay-capture.js';
import { TableEngine } from '../round/table-engine.js';
import { factsInRounds, judgeScenario, updatedScenario } from './check-scenario.js';
import { ExportRangeError, type RoundRange } from './export-scenario.js';
import { SCENARIO_FORMAT, type Scenario } from './scenario-schema.js';

const roundOf = (f: TableEvent): number | undefined => ('round' in f && typeof f.round === 'number' ? f.round : undefined);

export function scenarioFromCapture(rules: RuleSet, rulesRef: string, lines: readonly CaptureLine[], shoeInputs: CapturedShoeInputs, range: RoundRange | undefined, source: string): Scenario {
  replayCapture(rules, lines, shoeInputs); // throws CaptureMismatchError where the bytes disagree
  const engine = new TableEngine(rules);
  const inputs: TableInput[] = [];
  const facts: TableEvent[] = [];
  let current = 0;
  for (const line of lines) {
    if (line.dir !== 'input') continue;
    if (range !== undefined && current > range.to) break;
    const { at: _at, ...input } = tableInputSchema.parse(line.input);
    inputs.push(input as TableInput);
    for (const fact of engine.submit(input as TableInput, inputs.length)) {
      facts.push(fact);
      current = roundOf(fact) ?? current;
    }
  }
  const rounds = range;
  if (rounds !== undefined && !factsInRounds(facts, rounds).some((f) => f.type === 'betting.opened' || f.type === 'round.ended' || f.type === 'round.voided')) {
    throw new ExportRangeError(`${source}: the capture has no round ${rounds.from}${rounds.to !== rounds.from ? `..${rounds.to}` : ''}`);
  }
  const which = rounds === undefined ? 'Every round' : rounds.to !== rounds.from ? `Rounds ${rounds.from}..${rounds.to}` : `Round ${rounds.from}`;
  const base: Scenario = {
    format: SCENARIO_FORMAT,
    rules: rulesRef,
    note: `${which} of the capture ${source}: the inputs the live table took (each shoe input proven against its captured bytes), settled as the table's round machine settles them.${rounds !== undefined ? ' The inputs before bring in the shoe\'s state.' : ''}`,
    ...(rounds !== undefined ? { rounds: { from: rounds.from, to: rounds.to } } : {}),
    inputs,
    expect: [],
    refusals: [],
  };
  return updatedScenario(base, judgeScenario(base, facts));
}
