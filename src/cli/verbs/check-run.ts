// `shoe check` at work (check.ts declares it): the files expanded, checked one by one, reported.
import { writeFileSync } from 'node:fs';
import { junitXml } from '../../testing/junit-report.js';
import { checkExitCode, checkFile, checkLine, junitCases, type FileCheck } from '../../testing/run-checks.js';
import { expandScenarioPaths, UnreadableScenarioError } from '../../testing/scenario-files.js';
import { recordChecker } from '../../testing/upgrade-check.js';
import { UsageError } from '../usage-error.js';
import { checkJunitFile } from '../junit-file.js';

export interface CheckValues {
  readonly junit?: string | undefined;
  readonly update: boolean;
  readonly rules?: string | undefined;
  readonly quiet: boolean;
  readonly format: 'text' | 'json';
}

export async function runCheck(paths: readonly string[], values: CheckValues, out: (line: string) => void): Promise<number> {
  if (paths.length === 0) throw new UsageError('check needs at least one scenario file or directory');
  checkJunitFile(values.junit);
  let files: string[];
  try {
    files = expandScenarioPaths(paths, ['.json', '.jsonl', '.db']);
  } catch (err) {
    if (err instanceof UnreadableScenarioError) {
      out(values.format === 'json' ? JSON.stringify({ files: [], unreadable: 1, problem: err.message }) : `UNREADABLE ${err.message}`);
      return 2;
    }
    throw err;
  }
  const checks: FileCheck[] = [];
  const others = recordChecker(values.rules);
  for (const path of files) {
    const check = await checkFile(path, { update: values.update, others });
    checks.push(check);
    if (values.format === 'text' && (!values.quiet || check.outcome !== 'passed')) out(checkLine(check));
  }
  const count = (o: FileCheck['outcome']): number => checks.filter((c) => c.outcome === o).length;
  if (values.format === 'json') out(JSON.stringify({ files: checks, passed: count('passed'), failed: count('failed'), updated: count('updated'), unreadable: count('unreadable') }));
  else out(`${count('passed')} passed, ${count('failed')} failed${values.update ? `, ${count('updated')} updated` : ''}, ${count('unreadable')} unreadable`);
  if (values.junit !== undefined) writeFileSync(values.junit, junitXml('shoe check', junitCases(checks)));
  return checkExitCode(checks);
}
