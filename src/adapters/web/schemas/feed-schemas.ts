// What GET /api/feed answers (docs/web-api.md, "Settlement feed"): the settlement feed's state per target,
// as src/ports/settlement-feed.ts `FeedStatus` has it.
import { z } from 'zod';
import { refusals } from './refusal-schemas.js';

const coded = z.object({
  code: z.string().describe('Its name in the catalogue (`reason.<code>`)'),
  params: z.record(z.string(), z.string()).describe('The values in it, by name, as text'),
});

export const feedStatusSchema = z.object({
  target: z.enum(['webhook', 'jetstream']),
  destination: z.string().describe('The webhook\'s address without its query, or the JetStream subject'),
  state: z.enum(['delivering', 'behind', 'failing']).describe('delivering: up to date; behind: catching up on transactions older than 5 s; failing: the last attempt failed'),
  pending: z.number().int().describe('Transactions derived from the log and not yet acknowledged (counted up to 10,000 ahead)'),
  pendingAtLeast: z.boolean().describe('More wait on the log than `pending` counts'),
  lagSeconds: z.number().describe('Seconds since the fact of the oldest unacknowledged transaction; 0 when none waits'),
  delivered: z.number().int().describe('Acknowledged since the table started'),
  retries: z.number().int().describe('Failed attempts since the table started'),
  deliveredThrough: z.object({ id: z.string(), seq: z.number().int() }).nullable().describe('The last transaction acknowledged'),
  lastError: coded.nullable().describe('Why the last attempt failed, while failing'),
  alarm: z.object({ id: z.string(), seconds: z.number().int() }).nullable().describe('The oldest transaction, while it is undelivered past feed.undeliveredAlarmSeconds'),
}).meta({ id: 'FeedStatus', description: 'One target of the settlement feed' });

export const feedAnswerSchema = z.object({
  feeds: z.array(feedStatusSchema).describe('One per target of the table file\'s `feed:`; empty when it has none'),
}).meta({ id: 'Feeds' });

export const feedResponses: Record<number, z.ZodType> = { 200: feedAnswerSchema, ...refusals(401, 403) };
