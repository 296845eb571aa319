// Loading a rule set from config/rules/<name>.yaml (or .json, or any path): parsed, validated by the
// schema, and identified by the SHA-256 of the file so every round record names the rules in force.
import { createHash } from 'node:crypto';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { basename, extname, join } from 'node:path';
import { parse as parseYaml } from 'yaml';
import { ruleSetSchema, type RuleSet } from '../rules/rule-set.js';
import { packagePath } from './package-root.js';

export const RULES_DIR = packagePath('config/rules');

export interface LoadedRuleSet {
  readonly rules: RuleSet;
  /** SHA-256 of the rule file's bytes. */
  readonly rulesId: string;
  readonly path: string;
}

export class RuleSetError extends Error {}

export function knownRuleSets(dir = RULES_DIR): string[] {
  if (!existsSync(dir)) return [];
  return readdirSync(dir)
    .filter((f) => ['.yaml', '.yml', '.json'].includes(extname(f)))
    .map((f) => basename(f, extname(f)))
    .sort();
}

function findRuleFile(nameOrPath: string, dir: string): string | null {
  if (existsSync(nameOrPath) && extname(nameOrPath) !== '') return nameOrPath;
  for (const ext of ['.yaml', '.yml', '.json']) {
    const candidate = join(dir, `${nameOrPath}${ext}`);
    if (existsSync(candidate)) return candidate;
  }
  return null;
}

/** Loads by name (a file in config/rules) or by path; errors name the file and the field. */
export function loadRuleSet(nameOrPath: string, dir = RULES_DIR): LoadedRuleSet {
  const path = findRuleFile(nameOrPath, dir);
  // A path (a folder in it, or a file extension) that is not there is a missing file, not an unknown name.
  if (!path && /[/\\]|\.(ya?ml|json)$/i.test(nameOrPath)) throw new RuleSetError(`${nameOrPath}: no such rule file`);
  if (!path) throw new RuleSetError(`unknown rule set "${nameOrPath}"; known rule sets: ${knownRuleSets(dir).join(', ')}`);
  const bytes = readFileSync(path);
  let raw: unknown;
  try {
    raw = extname(path) === '.json' ? JSON.parse(bytes.toString('utf8')) : parseYaml(bytes.toString('utf8'));
  } catch (err) {
    // One line: the parser's words and where (the yaml library adds a picture of the line below them).
    throw new RuleSetError(`${path}: cannot parse: ${(err as Error).message.split('\n')[0]?.replace(/:$/, '')}`);
  }
  const parsed = ruleSetSchema.safeParse(raw);
  if (!parsed.success) {
    const problems = parsed.error.issues.map((i) => `${i.path.join('.') || '(top level)'}: ${i.message}`);
    throw new RuleSetError(`${path}: invalid rule set: ${problems.join('; ')}`);
  }
  const rules = parsed.data;
  if (rules.limits.min > rules.limits.max) throw new RuleSetError(`${path}: invalid rule set: limits.min: greater than limits.max`);
  if (rules.limits.sideMin > rules.limits.sideMax) throw new RuleSetError(`${path}: invalid rule set: limits.sideMin: greater than limits.sideMax`);
  return { rules, rulesId: createHash('sha256').update(bytes).digest('hex'), path };
}
