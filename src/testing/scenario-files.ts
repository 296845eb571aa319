// Scenario files on disk: FILE or DIR arguments expanded to the scenario files they hold (a directory: its
// *.json files, sorted, not recursing), each read and parsed; a rule set named by a scenario is loaded by
// name (config/rules) or as a path relative to the scenario file. `--update` writes a scenario back with
// the indentation the file had, so the change reviews as a small diff.
import { readFileSync, readdirSync, statSync, writeFileSync } from 'node:fs';
import { dirname, extname, join, resolve } from 'node:path';
import { loadRuleSet } from '../config/load-rule-set.js';
import type { RuleSet } from '../rules/rule-set.js';
import { parseScenario, type Scenario } from './scenario-schema.js';

export interface ScenarioFile {
  readonly path: string;
  readonly scenario: Scenario;
}

export class UnreadableScenarioError extends Error {}

/** Every file the arguments name: a file as is, a directory's *.json files (sorted). */
export function expandScenarioPaths(args: readonly string[], extensions: readonly string[] = ['.json']): string[] {
  return args.flatMap((arg) => {
    let isDir: boolean;
    try {
      isDir = statSync(arg).isDirectory();
    } catch {
      throw new UnreadableScenarioError(`${arg}: no such file or directory`);
    }
    if (!isDir) return [arg];
    return readdirSync(arg).filter((f) => extensions.includes(extname(f))).sort().map((f) => join(arg, f));
  });
}

export function readScenarioFile(path: string): ScenarioFile {
  let raw: unknown;
  try {
    raw = JSON.parse(readFileSync(path, 'utf8'));
  } catch (err) {
    throw new UnreadableScenarioError(`${path}: ${(err as Error).message}`);
  }
  try {
    return { path, scenario: parseScenario(raw, path) };
  } catch (err) {
    throw new UnreadableScenarioError((err as Error).message);
  }
}

/** Every scenario in the files and directories named (throws UnreadableScenarioError on the first bad one). */
export function loadScenarioFiles(...args: string[]): ScenarioFile[] {
  return expandScenarioPaths(args).map(readScenarioFile);
}

const ruleCache = new Map<string, RuleSet>();

/** The rule set a scenario names: a name in config/rules, or a rule file relative to the scenario. */
export function scenarioRules(file: ScenarioFile): RuleSet {
  const name = file.scenario.rules;
  const key = extname(name) !== '' ? resolve(dirname(file.path), name) : name;
  let rules = ruleCache.get(key);
  if (rules === undefined) {
    try {
      rules = loadRuleSet(key).rules;
    } catch (err) {
      throw new UnreadableScenarioError(`${file.path}: rules "${name}": ${(err as Error).message}`);
    }
    ruleCache.set(key, rules);
  }
  return rules;
}

/** Writes the scenario back with the file's own indentation (the shared files use one space). */
export function writeScenarioFile(path: string, scenario: Scenario): void {
  let indent: string | number = 2;
  try {
    const match = /\n([ \t]+)"/.exec(readFileSync(path, 'utf8'));
    if (match?.[1]) indent = match[1];
  } catch {
    // a new file: two spaces
  }
  writeFileSync(path, `${JSON.stringify(scenario, null, indent)}\n`);
}
