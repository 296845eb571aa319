// A table's configuration (config/tables/<id>.yaml), validated at start; errors name the file and field.
// Credentials are given inline or, better, named by environment variable (`tokenEnv`).
import { readFileSync } from 'node:fs';
import { parse as parseYaml } from 'yaml';
import { z } from 'zod';
import { TableConfigError } from './table-config-error.js';
import { corsConfigSchema } from './cors-config.js';
import { idempotencyConfigSchema } from './idempotency-config.js';
import { feedConfigSchema } from './feed-config.js';
import { RESULTS_SECONDS_MAX } from '../round/inputs.js';

export const ROLES = ['dealer', 'supervisor', 'game-server', 'display'] as const;
export type Role = (typeof ROLES)[number];

const credential = z.strictObject({
  name: z.string().min(1),
  /** The token itself (tests, demo). */
  token: z.string().min(8).optional(),
  /** The environment variable holding the token (production). */
  tokenEnv: z.string().regex(/^[A-Z_][A-Z0-9_]*$/).optional(),
}).refine((c) => (c.token === undefined) !== (c.tokenEnv === undefined), { message: 'give exactly one of token or tokenEnv' });

export const tableConfigSchema = z.strictObject({
  id: z.string().regex(/^[A-Za-z0-9][A-Za-z0-9_-]{0,63}$/),
  rules: z.string().min(1),
  /** The table's money, an ISO 4217 code: every wallet transaction carries it (docs/event-log.md, "Transactions"). */
  currency: z.string().regex(/^[A-Z]{3}$/, { error: 'an ISO 4217 currency code: three capital letters, e.g. EUR' }).default('EUR'),
  /** Seats open at this table (at most the rule set's). */
  seats: z.number().int().min(1).max(9).optional(),
  serial: z.strictObject({ path: z.string().min(1), baud: z.number().int().positive().default(115200) }).optional(),
  /** A demonstration table: without a shoe (no `serial:`, no --serial) the emulated shoe deals and bots bet.
   *  Without it a table with no shoe is refused at start (docs/operations.md, "Start-up checks"). */
  demo: z.boolean().default(false),
  store: z.strictObject({
    kind: z.literal('sqlite').default('sqlite'),
    path: z.string().default('data/{tableId}.db'),
    synchronous: z.enum(['FULL', 'NORMAL']).default('FULL'),
    /** The environment variable holding the log key (keyed chain, ADR 0004), e.g. SHOE_LOG_KEY. */
    keyEnv: z.string().regex(/^[A-Z_][A-Z0-9_]*$/).optional(),
  }).default({ kind: 'sqlite', path: 'data/{tableId}.db', synchronous: 'FULL' }),
  /** The floor's NATS (docs/operations.md, "The floor on a cluster"): one server or several, comma-separated;
   *  `replicas`: copies JetStream keeps of the table's streams (3 on a three-node cluster). */
  nats: z.strictObject({ url: z.string().min(1), replicas: z.number().int().min(1).max(5).default(1) }).optional(),
  /** The dealer on duty, for the floor's reports and the pit console until the log says who took over. */
  dealer: z.string().min(1).max(80).optional(),
  /** The settlement feed (./feed-config.ts): the wallet transactions delivered to the game server or wallet; off when absent. */
  feed: feedConfigSchema.optional(),
  /** Seconds a player has to decide; default: the rule set's. */
  decisionTimerSeconds: z.number().int().min(1).max(600).optional(),
  /** The betting countdown (docs/live-table.md): seconds from the first main bet of a round until betting closes by itself. */
  bettingSeconds: z.number().positive().max(600).default(8),
  /** The results moment (docs/live-table.md): whole seconds the table holds after a round settles, showing its
   *  results, before betting opens (the dealer's time to collect and pay); 0: betting opens at once. */
  /** The end-of-shoe receipt (docs/procedures.md): each shoe removed is receipted on the log, its anomalies
   *  raised as alarms. Recorded on the log at start when it differs from what the log holds. */
  shoeReceipt: z.boolean().default(true),
  resultsSeconds: z.number().int({ error: 'whole seconds, e.g. 4 (0: betting opens as soon as a round settles)' }).min(0).max(RESULTS_SECONDS_MAX).default(4),
  /** Shuffle check (docs/live-table.md): a run of this many cards repeating the previous shoe, or in new-deck order,
   *  raises an integrity alarm; `pause: true` also pauses the table. */
  shuffleCheck: z.strictObject({
    runLength: z.number().int().min(3).max(52).default(8),
    pause: z.boolean().default(false),
  }).default({ runLength: 8, pause: false }),
  /** The link watchdog (docs/live-table.md, "Link health"): no link to the shoe within this many seconds of start is a linkDown fault. */
  linkTimeoutSeconds: z.number().positive().max(600).default(5),
  /** The pages' language when the address gives none (`?lang=`); without it, the browser's Accept-Language (docs/adr/0008-page-language.md). */
  language: z.enum(['ru', 'en']).optional(),
  http: z.strictObject({ host: z.string().default('127.0.0.1'), port: z.number().int().min(0).max(65535).default(8080) }).default({ host: '127.0.0.1', port: 8080 }),
  /** Cross-origin access to the API for a front end on another origin (./cors-config.ts); off when absent. */
  cors: corsConfigSchema.optional(),
  /** How long the idempotency keys of commands are kept (./idempotency-config.ts). */
  idempotency: idempotencyConfigSchema.default(idempotencyConfigSchema.parse({})),
  roles: z.strictObject({
    dealer: z.array(credential).default([]),
    supervisor: z.array(credential).default([]),
    'game-server': z.array(credential).default([]),
    display: z.array(credential).default([]),
  }),
});

export type TableConfig = z.infer<typeof tableConfigSchema>;

export { TableConfigError };

export function parseTableConfig(raw: unknown, source: string): TableConfig {
  const parsed = tableConfigSchema.safeParse(raw);
  if (!parsed.success) {
    const problems = parsed.error.issues.map((i) => `${i.path.join('.') || '(top level)'}: ${i.message}`);
    throw new TableConfigError(`${source}: invalid table configuration: ${problems.join('; ')}`);
  }
  return parsed.data;
}

/** `option`: the command-line option that named the file, for the line that says what to give it. */
export function loadTableConfig(path: string, option = '--table'): TableConfig {
  let text: string;
  try {
    text = readFileSync(path, 'utf8');
  } catch (err) {
    const code = (err as NodeJS.ErrnoException).code;
    if (code === 'ENOENT') throw new TableConfigError(`${path}: no such table file (give ${option} the path of a table file, e.g. config/tables/example-production.yaml)`);
    if (code === 'EISDIR') throw new TableConfigError(`${path}: is a folder; give ${option} a table file`);
    if (code === 'EACCES') throw new TableConfigError(`${path}: permission denied reading the table file`);
    throw new TableConfigError(`${path}: cannot read: ${(err as Error).message}`);
  }
  let raw: unknown;
  try {
    raw = parseYaml(text);
  } catch (err) {
    throw new TableConfigError(`${path}: not valid YAML: ${(err as Error).message.split('\n')[0]?.replace(/:$/, '')}`);
  }
  return parseTableConfig(raw, path);
}

export interface Principal {
  readonly role: Role;
  readonly name: string;
}

/** Every credential with its token (from the file or the environment; undefined when its variable is not set). */
function credentials(config: TableConfig, env: NodeJS.ProcessEnv) {
  return ROLES.flatMap((role) => config.roles[role].map((c) => ({ role, c, token: c.token ?? (c.tokenEnv ? env[c.tokenEnv] : undefined) })));
}

/** One line for each credential whose token variable is not set (all of them, not the first only). */
export function missingTokenProblems(config: TableConfig, env: NodeJS.ProcessEnv = process.env): string[] {
  return credentials(config, env).filter((x) => !x.token)
    .map(({ role, c }) => `roles.${role}.${c.name}: environment variable ${c.tokenEnv} is not set (export it in the service's environment, e.g. an EnvironmentFile of the systemd unit)`);
}

/** Resolves every credential's token (from the file or the environment) to who it identifies. */
export function credentialIndex(config: TableConfig, env: NodeJS.ProcessEnv = process.env): Map<string, Principal> {
  const missing = missingTokenProblems(config, env);
  if (missing.length > 0) throw new TableConfigError(missing.join('\n'));
  return new Map(credentials(config, env).map(({ role, c, token }) => [token as string, { role, name: c.name }]));
}
