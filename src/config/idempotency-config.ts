// How long a table keeps the idempotency keys of the commands it was sent (the table file's `idempotency:`,
// docs/web-api.md, "Retries and idempotency keys"): the keys of the last `keepShoes` shoes, the current one
// counted, and at most `maxKeys` of them. Absent: the current shoe and the one before, at most 20,000 keys.
import { z } from 'zod';

/** The current shoe and the one before: a retry sent just before a shoe change and repeated after it is still found. */
export const DEFAULT_KEY_RETENTION: { readonly keepShoes: number; readonly maxKeys: number } = { keepShoes: 2, maxKeys: 20_000 };

export const idempotencyConfigSchema = z.strictObject({
  /** Shoes whose keys are kept, the current one counted (1: only the current shoe's). */
  keepShoes: z.number().int().min(1).max(100).default(DEFAULT_KEY_RETENTION.keepShoes),
  /** Keys kept at most, whatever their shoe (the oldest are forgotten first). */
  maxKeys: z.number().int().min(100).max(1_000_000).default(DEFAULT_KEY_RETENTION.maxKeys),
});

export type IdempotencyConfig = z.infer<typeof idempotencyConfigSchema>;
