// What a command answers (docs/web-api.md, "Commands"): accepted, the log position and the facts as the
// public may see them; refused, the one error shape (./refusal-schemas.ts). The bodies themselves are
// ../command-bodies.ts, shared with the command socket.
import { z } from 'zod';
import { COMMAND_REFUSALS, explainedFields, refusals, unavailableSchema } from './refusal-schemas.js';

export const viewFactSchema = z.looseObject({ type: z.string() })
  .meta({ id: 'ViewFact', description: 'A fact as the public may see it (src/ports/view-facts.ts)' });

export const acceptedSchema = z.object({
  ok: z.literal(true),
  seq: z.number().int().describe('The log position of the last event the command caused'),
  facts: z.array(viewFactSchema),
  note: z.object(explainedFields).optional()
    .describe('What the table did besides the command\'s facts, in words and coded: a Resume that cleared a storage halt says `storageRecovered` (its facts are then empty when nothing else was paused)'),
}).meta({ id: 'Accepted', description: 'The command is an input on the log; these are its facts' });

export const commandResponses: Record<number, z.ZodType> = { 200: acceptedSchema, ...refusals(...COMMAND_REFUSALS), 503: unavailableSchema };
