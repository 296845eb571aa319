// The settlement feed's settings (the table file's `feed:`; docs/operations.md, "The settlement feed"): where
// the table's wallet transactions go — an HTTP webhook signed with a secret the environment holds, and/or a
// JetStream subject on the table's own NATS (`nats:`) — and when an undelivered transaction raises the alarm.
import { z } from 'zod';
import type { TableConfig } from './table-config.js';

const envName = z.string().regex(/^[A-Z_][A-Z0-9_]*$/, { error: 'the name of an environment variable: capitals, digits and _ (e.g. FEED_SECRET)' });

export const feedConfigSchema = z.strictObject({
  /** POST one transaction per request, signed (docs/web-api.md, "Settlement feed"). */
  webhook: z.strictObject({
    url: z.url({ protocol: /^https?$/, error: 'an http:// or https:// address' }),
    /** The environment variable holding the HMAC-SHA256 secret of `X-Table-Signature`. */
    secretEnv: envName,
    /** How long one request may take before it counts as failed and is tried again (default 10 s). */
    timeoutMs: z.number().int().min(100).max(120_000).default(10_000),
    /** The longest pause between two attempts (default 60 s): the backoff doubles up to it, with full jitter. */
    maxBackoffMs: z.number().int().min(100).max(3_600_000).default(60_000),
  }).optional(),
  /** Publish each transaction to this subject, the transaction id as the message id (JetStream de-duplicates). */
  jetstream: z.strictObject({
    subject: z.string().regex(/^[A-Za-z0-9_-]+(\.[A-Za-z0-9_-]+)*$/, { error: 'a NATS subject of plain tokens, e.g. wallet.floor-3.transactions (no wildcards)' }),
    /** The longest pause between two attempts (default 60 s). */
    maxBackoffMs: z.number().int().min(100).max(3_600_000).default(60_000),
  }).optional(),
  /** A transaction undelivered this long raises the alarm: a WARN line and the supervisor page (default 60 s). */
  undeliveredAlarmSeconds: z.number().positive().max(86_400).default(60),
}).refine((f) => f.webhook !== undefined || f.jetstream !== undefined, { error: 'give webhook: { url, secretEnv } or jetstream: { subject }, or both' });

export type FeedConfig = z.infer<typeof feedConfigSchema>;

/** One line per problem the feed would have at start: its secret's variable unset, JetStream without `nats:`. */
export function feedProblems(table: Pick<TableConfig, 'feed' | 'nats'>, env: NodeJS.ProcessEnv = process.env): string[] {
  const feed = table.feed;
  if (!feed) return [];
  const problems: string[] = [];
  const secretEnv = feed.webhook?.secretEnv;
  if (secretEnv !== undefined && !env[secretEnv]) {
    problems.push(`feed.webhook.secretEnv: environment variable ${secretEnv} is not set (it holds the secret the webhook's requests are signed with: export it in the service's environment, e.g. an EnvironmentFile of the systemd unit)`);
  }
  if (feed.jetstream && !table.nats) {
    problems.push('feed.jetstream: the table has no nats: { url } to publish on; add the floor\'s NATS to the table file (or NATS_URL), or remove feed.jetstream');
  }
  return problems;
}

/** The webhook's secret (checked by feedProblems before the table starts). */
export function feedSecret(feed: FeedConfig, env: NodeJS.ProcessEnv = process.env): string | undefined {
  const name = feed.webhook?.secretEnv;
  return name === undefined ? undefined : env[name];
}
