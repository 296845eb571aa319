// Validate everything, then open anything (docs/operations.md, "Start-up checks"): a table's whole
// configuration — the table file merged with the environment and the command line — is checked before
// the log, the shoe link or NATS is touched, and before anything is created on disk. Each problem is one
// line naming the field and the fix; `shoe start --check` runs exactly these checks and exits.
import { accessSync, constants, existsSync, statSync } from 'node:fs';
import { dirname } from 'node:path';
import { loadRuleSet, RuleSetError, type LoadedRuleSet } from './load-rule-set.js';
import { logKeyOf } from './log-key.js';
import { credentialIndex, TableConfigError, type TableConfig } from './table-config.js';

export interface ValidatedTable {
  readonly ruleSet: LoadedRuleSet;
}

/** The nearest folder of `path` (itself included) that exists. */
function nearestExisting(path: string): string {
  let at = path;
  while (!existsSync(at) && dirname(at) !== at) at = dirname(at);
  return at;
}

/** The database's folder exists and is writable, or could be created by this user: nothing is created here. */
function checkStoreFolder(dbPath: string): void {
  const folder = dirname(dbPath);
  if (existsSync(dbPath) && statSync(dbPath).isDirectory()) throw new TableConfigError(`store.path: ${dbPath} is a folder; give the table database's file name`);
  const existing = nearestExisting(folder);
  if (!statSync(existing).isDirectory()) throw new TableConfigError(`store.path: ${existing} is a file, not a folder; set store.path, DATA_DIR or --data-dir to a folder for the table's database`);
  try {
    accessSync(existing, constants.W_OK | constants.X_OK);
  } catch {
    const what = existing === folder ? `the folder ${folder} is not writable by this user` : `the folder ${folder} does not exist and ${existing} is not writable by this user`;
    throw new TableConfigError(`store.path: ${what}; create it for the service user (sudo install -d -o USER ${folder}) or set DATA_DIR / --data-dir`);
  }
}

/**
 * Checks a merged table configuration without opening or creating anything: the rule set loads and
 * has the seats the table opens, every credential's token variable is set, the log key (when named)
 * is set and usable, and the database's folder can be used. Throws TableConfigError (or RuleSetError)
 * with one line.
 */
export function validateTable(table: TableConfig, env: NodeJS.ProcessEnv = process.env): ValidatedTable {
  let ruleSet: LoadedRuleSet;
  try {
    ruleSet = loadRuleSet(table.rules);
  } catch (err) {
    if (err instanceof RuleSetError) throw new TableConfigError(`rules: ${err.message}`);
    throw err;
  }
  const offered = ruleSet.rules.seats;
  if (table.seats !== undefined && table.seats > offered) {
    throw new TableConfigError(`seats: ${table.seats} seats, but rule set "${ruleSet.rules.name}" has ${offered}; set seats to ${offered} or fewer`);
  }
  credentialIndex(table, env);
  logKeyOf(table, env);
  checkStoreFolder(table.store.path);
  return { ruleSet };
}
