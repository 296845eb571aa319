// Whether a file an operator named for writing (a capture, a JUnit report) can be written, checked before the
// work that would write it starts — without creating anything (`start --check` creates nothing), so a long
// run does not end with its report lost.
import { accessSync, constants, statSync } from 'node:fs';
import { dirname } from 'node:path';

/**
 * What stops `path` from being written (appended to, or created), in words that follow the path; undefined
 * when it can be. `what` names the file's use ("the capture").
 */
export function writableFileProblem(path: string, what: string): string | undefined {
  const existing = statSync(path, { throwIfNoEntry: false });
  if (existing?.isDirectory()) return ` is a folder: give the path of a file for ${what}`;
  const folder = dirname(path);
  if (existing === undefined && !statSync(folder, { throwIfNoEntry: false })?.isDirectory()) {
    return `: the folder ${folder} does not exist (create it, or give a path in a folder that does)`;
  }
  try {
    accessSync(existing ? path : folder, constants.W_OK);
  } catch {
    return `: permission denied (this user cannot write ${existing ? 'the file' : `in ${folder}`})`;
  }
  return undefined;
}
