// `--junit FILE` of `shoe check` and `shoe conformance`: the report's file is checked before the work that
// fills it (composition/writable-file.ts), so a long run does not end with its report lost.
import { writableFileProblem } from '../composition/writable-file.js';
import { OperatorError } from './operator-error.js';

/** Throws the operator's one line when `--junit FILE` cannot be written; nothing when no report is asked for. */
export function checkJunitFile(path: string | undefined): void {
  const problem = path !== undefined ? writableFileProblem(path, 'the JUnit report') : undefined;
  if (problem !== undefined) throw new OperatorError(`--junit ${path}${problem}`);
}
