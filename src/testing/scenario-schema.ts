// The scenario file, a product format (docs/qa.md): a rule set, the inputs of a stacked or recorded shoe, and
// what the round machine must make of them. Version 1 reads the files of ../shared/scenarios as they are
// (its README): `rules`, `inputs`, `expect`, `rejected`, `note`; the fields after them are additions.
import { z } from 'zod';
import { tableInputSchema } from '../round/inputs.js';

export const SCENARIO_FORMAT = 'shoe-scenario/1';

export const expectedSettlementSchema = z.strictObject({
  round: z.number().int().describe('the round number as the replay counts it'),
  seat: z.number().int(),
  hand: z.number().int().optional().describe('the hand of the box (0 first; after a split 0, 1, …); default: any hand'),
  bet: z.string().describe('main, behind, pairs, superMatch, insurance, …'),
  net: z.number().int().describe('what the bet won (+) or lost (-), minor units'),
  stake: z.number().int().optional(),
  outcome: z.string().optional(),
  player: z.string().optional().describe('on a box shared by several players, whose bet'),
});

export const expectedRefusalSchema = z.strictObject({
  line: z.number().int().optional().describe('the 1-based position of the refused input in `inputs`'),
  type: z.string().optional().describe("the refused input's type"),
  reason: z.string().optional().describe('the refusal reason, word for word'),
});

export const scenarioSchema = z.strictObject({
  format: z.literal(SCENARIO_FORMAT).optional().describe('the format version; absent in files of the shared format'),
  rules: z.string().min(1).describe('a rule-set name (config/rules) or a rule file, relative to the scenario file'),
  note: z.string().optional().describe('what the scenario shows'),
  inputs: z.array(tableInputSchema).describe('the session, in order, as `shoe replay` reads it'),
  expect: z.array(expectedSettlementSchema).describe('every bet.settled fact the replay must give (in the rounds checked); no other bet may settle'),
  rejected: z.number().int().min(0).optional().describe('how many input.rejected facts (default 0, in the rounds checked)'),
  refusals: z.array(expectedRefusalSchema).optional().describe('the refusals in order, when they are to be checked one by one'),
  rounds: z.strictObject({ from: z.number().int().min(1), to: z.number().int().min(1) }).optional()
    .describe('check only the facts of these rounds; the inputs before them bring in the shoe state'),
  facts: z.array(z.record(z.string(), z.unknown())).optional().describe('the full expected fact stream (in the rounds checked), compared fact by fact'),
  start: z.looseObject({
    value: z.union([z.string(), z.record(z.string(), z.unknown())]).describe('where in the chart, e.g. {"active": "burning"}'),
    historyValue: z.record(z.string(), z.unknown()).optional(),
    context: z.strictObject({ table: z.record(z.string(), z.unknown()).describe('the table state, as the log\'s snapshots hold it') }),
  }).optional().describe('a stated starting table (a persisted table snapshot without the rule set): the inputs replay from there instead of from a new table'),
});

export type ExpectedSettlement = z.infer<typeof expectedSettlementSchema>;
export type ExpectedRefusal = z.infer<typeof expectedRefusalSchema>;
export type Scenario = z.infer<typeof scenarioSchema>;

export class ScenarioFormatError extends Error {}

/** A parsed scenario, or an error naming the field (the text of zod's issues, path first). */
export function parseScenario(raw: unknown, source = 'scenario'): Scenario {
  const parsed = scenarioSchema.safeParse(raw);
  if (parsed.success) return parsed.data;
  const problems = parsed.error.issues.slice(0, 5).map((i) => `${i.path.join('.') || '(top)'}: ${i.message}`).join('; ');
  throw new ScenarioFormatError(`${source}: not a scenario: ${problems}`);
}

/** The JSON Schema of the format (published as schema/scenario.schema.json). */
export function scenarioJsonSchema(): Record<string, unknown> {
  return {
    $id: 'https://blackjack-table-controller/schema/scenario.schema.json',
    title: 'Stacked-shoe scenario (shoe-scenario/1)',
    ...(z.toJSONSchema(scenarioSchema, { io: 'input' }) as Record<string, unknown>),
  };
}
