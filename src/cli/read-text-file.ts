// A file an operator named, read as text: its errors name the file, so cli-errors.ts can say which one
// ("FILE: is a directory, not a file") — Node's read of a folder fails with EISDIR and no path.
import { readFileSync } from 'node:fs';

export function readTextFile(path: string): string {
  try {
    return readFileSync(path, 'utf8');
  } catch (err) {
    const failure = err as NodeJS.ErrnoException;
    if (failure.code !== undefined && failure.path === undefined) failure.path = path;
    throw err;
  }
}
