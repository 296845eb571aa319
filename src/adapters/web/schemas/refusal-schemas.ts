// The one shape of every answer that is not `ok` (docs/web-api.md, "The error shape"): a refusal (4xx)
// says which check refused (`refused`), the table's sentence (`reason`), and the sentence's name in the
// pages' catalogue with its values (`code`, `params`: ./../explained-reason.ts). A 503 has the same
// fields without `refused`: nothing was refused, the table could not do it now.
import { z } from 'zod';

export const REFUSAL_KINDS = ['credential', 'role', 'body', 'table', 'rate', 'route', 'idempotency'] as const;
export type RefusalKind = (typeof REFUSAL_KINDS)[number];

export const explainedFields = {
  reason: z.string().describe('The table\'s English sentence, as the log records it'),
  code: z.string().optional().describe('The sentence\'s name in the pages\' catalogue (`reason.<code>`); absent for a reason a person typed'),
  params: z.record(z.string(), z.string()).optional().describe('The values in the sentence, by name, as text'),
};

export const refusalSchema = z.object({
  ok: z.literal(false),
  refused: z.enum(REFUSAL_KINDS).describe('Which check refused: credential 401, role 403, body 400/413/415, table 409, rate 429, route 404 (no such route, or no such round on the log), idempotency 400/422 (the idempotency key)'),
  ...explainedFields,
  seq: z.number().int().optional().describe('409 from the round machine: the log position of the refused input'),
}).meta({ id: 'Refusal', description: 'Every 4xx answer' });

export const unavailableSchema = z.object({ ok: z.literal(false), ...explainedFields })
  .meta({ id: 'Unavailable', description: 'The table cannot do it now (503): the display routes when the event loop is late, a command the log could not record' });

/** Response schemas for the refusals a route can answer with (every route: 429, too many requests). */
export function refusals(...statuses: number[]): Record<number, z.ZodType> {
  return Object.fromEntries([...new Set([...statuses, 429])].sort().map((s) => [s, refusalSchema]));
}

/** A command's refusals: credential, role, body (malformed, too large, not JSON), the table's, and an idempotency key used for another command. */
export const COMMAND_REFUSALS = [400, 401, 403, 409, 413, 415, 422] as const;
