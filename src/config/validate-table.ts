// Validate everything, then open anything (docs/operations.md, "Start-up checks"): a table's whole
// configuration — the table file merged with the environment and the command line — is checked before
// the log, the shoe link or NATS is touched, and before anything is created on disk. Each problem is one
// line naming the field and the fix, and every problem is found in one pass (all unset token variables,
// not the first one only); `shoe start --check` runs exactly these checks and exits.
import { accessSync, constants, existsSync, statSync } from 'node:fs';
import { dirname } from 'node:path';
import { loadRuleSet, RuleSetError, type LoadedRuleSet } from './load-rule-set.js';
import { logKeyOf } from './log-key.js';
import { missingTokenProblems, TableConfigError, type TableConfig } from './table-config.js';
import { feedProblems } from './feed-config.js';

export interface ValidatedTable {
  readonly ruleSet: LoadedRuleSet;
}

export interface TableCheck {
  /** The rule set, when it loads. */
  readonly ruleSet: LoadedRuleSet | null;
  /** Every problem found, one line each, in the order of the table file; empty when the table can start. */
  readonly problems: readonly string[];
}

/** What runs the table beyond its file: the shoe's device from the file or the command line (--serial). */
export interface TableCheckOptions {
  readonly serialPath?: string | undefined;
}

/** The nearest folder of `path` (itself included) that exists. */
function nearestExisting(path: string): string {
  let at = path;
  while (!existsSync(at) && dirname(at) !== at) at = dirname(at);
  return at;
}

/** The database's folder exists and is writable, or could be created by this user: nothing is created here. */
function storeFolderProblem(dbPath: string): string | null {
  const folder = dirname(dbPath);
  if (existsSync(dbPath) && statSync(dbPath).isDirectory()) return `store.path: ${dbPath} is a folder; give the table database's file name`;
  const existing = nearestExisting(folder);
  if (!statSync(existing).isDirectory()) return `store.path: ${existing} is a file, not a folder; set store.path, DATA_DIR or --data-dir to a folder for the table's database`;
  try {
    accessSync(existing, constants.W_OK | constants.X_OK);
    return null;
  } catch {
    const what = existing === folder ? `the folder ${folder} is not writable by this user` : `the folder ${folder} does not exist and ${existing} is not writable by this user`;
    return `store.path: ${what}; create it for the service user (sudo install -d -o USER ${folder}) or set DATA_DIR / --data-dir`;
  }
}

/** A table without a shoe deals from the emulated shoe with bots betting: only when its file says it is a demo. */
function shoeProblem(table: TableConfig, options: TableCheckOptions): string | null {
  if (options.serialPath !== undefined || table.serial !== undefined || table.demo) return null;
  return 'serial: no shoe is configured and the table file does not say demo: true; give the shoe\'s device (serial: { path: /dev/serial/by-id/… } in the table file, or --serial PATH), or set demo: true to deal from the emulated shoe with bot players';
}

/** The problem a throwing check reports, as its line; null when it passes. */
function problemOf(check: () => unknown): string | null {
  try {
    check();
    return null;
  } catch (err) {
    if (err instanceof TableConfigError) return err.message;
    throw err;
  }
}

/**
 * Checks a merged table configuration without opening or creating anything, and finds every problem in
 * one pass: the rule set loads and has the seats the table opens, every credential's token variable is
 * set, the log key (when named) is set and usable, the settlement feed's secret (when it has a webhook) is
 * set and its JetStream has a NATS, the database's folder can be used, and a table with no shoe says it is a demo.
 */
export function checkTable(table: TableConfig, env: NodeJS.ProcessEnv = process.env, options: TableCheckOptions = {}): TableCheck {
  const problems: Array<string | null> = [];
  let ruleSet: LoadedRuleSet | null = null;
  try {
    ruleSet = loadRuleSet(table.rules);
  } catch (err) {
    if (!(err instanceof RuleSetError)) throw err;
    problems.push(`rules: ${err.message}`);
  }
  const offered = ruleSet?.rules.seats;
  if (ruleSet && offered !== undefined && table.seats !== undefined && table.seats > offered) {
    problems.push(`seats: ${table.seats} seats, but rule set "${ruleSet.rules.name}" has ${offered}; set seats to ${offered} or fewer`);
  }
  problems.push(shoeProblem(table, options));
  problems.push(storeFolderProblem(table.store.path));
  problems.push(problemOf(() => logKeyOf(table, env)));
  problems.push(...feedProblems(table, env));
  problems.push(...missingTokenProblems(table, env));
  return { ruleSet, problems: problems.filter((p): p is string => p !== null) };
}

/** checkTable, throwing every problem (one line each) as a TableConfigError. */
export function validateTable(table: TableConfig, env: NodeJS.ProcessEnv = process.env, options: TableCheckOptions = {}): ValidatedTable {
  const { ruleSet, problems } = checkTable(table, env, options);
  if (problems.length > 0 || ruleSet === null) throw new TableConfigError(problems.join('\n'));
  return { ruleSet };
}
