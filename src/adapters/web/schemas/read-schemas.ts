// What the read-only routes answer (docs/web-api.md, "Reading"): each audience's current view, the
// supervisor's recall of the last rounds, and the players' options. Views are the projections' own JSON
// (src/app/displays/), documented here by their top-level fields.
import { z } from 'zod';
import { BET_KINDS } from '../../../round/inputs.js';
import { refusals, unavailableSchema } from './refusal-schemas.js';

export const MAX_RECALL = 100;

export const viewSchema = z.looseObject({
  meta: z.looseObject({ tableId: z.string() }).optional(),
}).meta({ id: 'View', description: 'An audience\'s current view of the table: the public one (`{ meta, table }`), the dealer\'s or the supervisor\'s' });

export const recallQuerySchema = z.object({
  rounds: z.string()
    .regex(/^0*[1-9]\d*$/, { error: (issue) => `rounds takes a whole number, 1 or more (at most ${MAX_RECALL} are sent), not ${JSON.stringify(issue.input)}` })
    .optional()
    .describe(`How many of the last rounds (at most ${MAX_RECALL} are sent; default 10)`),
});

export const recallSchema = z.object({
  rounds: z.array(z.looseObject({ round: z.number().int(), steps: z.array(z.looseObject({})) })),
}).meta({ id: 'Recall', description: 'The last rounds, step by step (src/app/audit/recall-rounds.ts)' });

const amountRange = z.object({ min: z.number().int(), max: z.number().int() });

export const playOptionsSchema = z.object({
  betting: z.boolean(),
  betKinds: z.array(z.enum(BET_KINDS)),
  limits: z.object({ min: z.number().int(), max: z.number().int(), sideMin: z.number().int(), sideMax: z.number().int() }),
  awaiting: z.object({ kind: z.enum(['play', 'offer']), seat: z.number().int(), hand: z.number().int(), owner: z.string() }).nullable(),
  botSeat: z.number().int().optional().describe('The box the table waits for is played by the demo\'s bot: `awaiting` is null and nothing is offered'),
  actions: z.array(z.string()),
  followers: z.array(z.string()),
  amounts: z.object({ double: amountRange.optional(), insurance: amountRange.optional() }),
}).meta({ id: 'PlayOptions', description: 'What the players\' page may offer now (src/round/play-options.ts)' });

/** The display routes are shed (503) while the event loop is late; a reader's refusals are 401 and 403. */
export const viewResponses = (reader: boolean): Record<number, z.ZodType> => ({ 200: viewSchema, ...refusals(...(reader ? [401, 403] : [])), 503: unavailableSchema });
export const recallResponses: Record<number, z.ZodType> = { 200: recallSchema, ...refusals(400, 401, 403), 503: unavailableSchema };
export const playOptionsResponses: Record<number, z.ZodType> = { 200: playOptionsSchema, ...refusals(401, 403) };
