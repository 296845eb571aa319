// `shoe check` at work, apart from the command line: each file named is checked in turn and reported as
// one line; the results feed the exit code and the JUnit report. Scenario files (*.json) replay through
// check-scenario.ts; captures and table logs (upgrade-check.ts) compare every fact the old version wrote.
import { realClock } from '../adapters/clock/real-clock.js';
import { checkScenario, updatedScenario } from './check-scenario.js';
import type { JUnitCase } from './junit-report.js';
import { readScenarioFile, scenarioRules, UnreadableScenarioError, writeScenarioFile } from './scenario-files.js';

export type CheckOutcome = 'passed' | 'failed' | 'updated' | 'unreadable';

export interface FileCheck {
  readonly path: string;
  readonly outcome: CheckOutcome;
  readonly differences: readonly string[];
  readonly seconds: number;
}

/** Other kinds of file `shoe check` takes (captures, logs): given a path, the differences, or null if not its kind. */
export type RecordChecker = (path: string) => Promise<readonly string[] | null>;

export interface CheckOptions {
  readonly update?: boolean;
  readonly others?: RecordChecker;
}

export async function checkFile(path: string, options: CheckOptions = {}): Promise<FileCheck> {
  const clock = realClock();
  const started = clock.now();
  const done = (outcome: CheckOutcome, differences: readonly string[]): FileCheck =>
    ({ path, outcome, differences, seconds: (clock.now() - started) / 1000 });
  try {
    if (options.others) {
      const other = await options.others(path);
      if (other !== null) return done(other.length === 0 ? 'passed' : 'failed', other);
    }
    const file = readScenarioFile(path);
    const result = checkScenario(scenarioRules(file), file.scenario);
    if (options.update && !result.passed) {
      writeScenarioFile(path, updatedScenario(file.scenario, result));
      return done('updated', result.differences);
    }
    return done(result.passed ? 'passed' : 'failed', result.differences);
  } catch (err) {
    if (err instanceof UnreadableScenarioError) return done('unreadable', [err.message]);
    return done('unreadable', [`${path}: ${(err as Error).message}`]);
  }
}

/** The one line a check prints. */
export function checkLine(check: FileCheck): string {
  switch (check.outcome) {
    case 'passed':
      return `passed  ${check.path}`;
    case 'updated':
      return `updated ${check.path}: ${check.differences[0] ?? ''}${check.differences.length > 1 ? ` (and ${check.differences.length - 1} more)` : ''}`;
    case 'failed':
      return `FAILED  ${check.path}: ${check.differences[0] ?? ''}${check.differences.length > 1 ? ` (and ${check.differences.length - 1} more)` : ''}`;
    default:
      return `UNREADABLE ${check.differences[0] ?? check.path}`;
  }
}

/** 0 all passed (or updated), 1 any failed, 2 any unreadable. */
export function checkExitCode(checks: readonly FileCheck[]): number {
  if (checks.some((c) => c.outcome === 'unreadable')) return 2;
  if (checks.some((c) => c.outcome === 'failed')) return 1;
  return 0;
}

export function junitCases(checks: readonly FileCheck[]): JUnitCase[] {
  return checks.map((c) => ({
    name: c.path, classname: 'shoe.check', seconds: c.seconds,
    ...(c.outcome === 'failed' ? { failure: c.differences } : {}),
    ...(c.outcome === 'unreadable' ? { error: c.differences[0] ?? 'unreadable' } : {}),
  }));
}

export { UnreadableScenarioError };
