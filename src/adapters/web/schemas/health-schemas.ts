// What the health routes answer (docs/web-api.md, "Many viewers, abuse, health"): liveness, readiness
// with every problem in words, and Prometheus text.
import { z } from 'zod';
import { refusals } from './refusal-schemas.js';

export const livenessSchema = z.object({ ok: z.literal(true) }).meta({ id: 'Liveness' });

const codedReasonSchema = z.object({
  reason: z.string().describe('In English'),
  code: z.string().describe('Its name in the catalogue (`reason.<code>`)'),
  params: z.record(z.string(), z.string()).describe('The values in it, by name, as text'),
}).meta({ id: 'CodedReason' });

export const readinessSchema = z.object({
  ok: z.boolean(),
  status: z.enum(['ready', 'degraded', 'not ready']),
  problems: z.array(z.string()).describe('Why not ready, in words (empty when ready)'),
  degraded: z.array(z.string()).optional().describe('What works, but not fully (the floor\'s NATS away)'),
  problemReasons: z.array(codedReasonSchema).optional().describe('The problems, each with its code in the catalogue (`reason.<code>`) and values'),
  degradedReasons: z.array(codedReasonSchema).optional().describe('The degradations, each with its code and values'),
  link: z.string().nullable().optional().describe('The shoe link\'s state (null: no link)'),
  eventLoopDelayMs: z.number().optional(),
}).meta({ id: 'Readiness' });

export const healthResponses: Record<number, z.ZodType> = { 200: livenessSchema, ...refusals() };
export const readinessResponses: Record<number, z.ZodType> = { 200: readinessSchema, ...refusals(), 503: readinessSchema };
export const apiHealthResponses: Record<number, z.ZodType> = { 200: readinessSchema, ...refusals() };
export const metricsResponses: Record<number, unknown> = {
  200: { description: 'Prometheus text exposition format', content: { 'text/plain': { schema: z.string() } } },
  ...refusals(),
};
