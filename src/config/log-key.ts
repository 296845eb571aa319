// The log key (ADR 0004) from the environment, by the table file's env-name convention (like `tokenEnv`):
// `store: { keyEnv: SHOE_LOG_KEY }` names the variable; a named but unset variable is an error naming
// the field, so a keyed table never starts unkeyed by mistake.
import { chainKey, ChainKeyError } from '../log/chain-mac.js';
import { TableConfigError } from './table-config-error.js';
import type { TableConfig } from './table-config.js';

/** The conventional variable (`shoe verify --key-env` defaults to it). */
export const DEFAULT_LOG_KEY_ENV = 'SHOE_LOG_KEY';

export function logKeyOf(config: TableConfig, env: NodeJS.ProcessEnv = process.env): Buffer | undefined {
  const name = config.store.keyEnv;
  if (name === undefined) return undefined;
  const secret = env[name];
  if (!secret) throw new TableConfigError(`store.keyEnv: environment variable ${name} is not set`);
  try {
    return chainKey(secret, `store.keyEnv (${name})`);
  } catch (err) {
    if (err instanceof ChainKeyError) throw new TableConfigError(err.message);
    throw err;
  }
}

/**
 * The log key a command line names (`--key-env NAME`), else the conventional variable when it is set:
 * one rule for every verb that writes or checks a log (run, backup, verify). A named variable that is
 * not set is an error naming it; none named and none set is no key.
 */
export function logKeyFromEnv(named: string | undefined, env: NodeJS.ProcessEnv = process.env): Buffer | undefined {
  const name = named ?? DEFAULT_LOG_KEY_ENV;
  const secret = env[name];
  if (!secret) {
    if (named !== undefined) throw new TableConfigError(`--key-env ${named}: environment variable ${named} is not set`);
    return undefined;
  }
  try {
    return chainKey(secret, `environment variable ${name}`);
  } catch (err) {
    if (err instanceof ChainKeyError) throw new TableConfigError(err.message);
    throw err;
  }
}
