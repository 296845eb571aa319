// The package's own folder, found from this module's location: the nearest folder above it holding
// package.json. The same answer from src/ (tsx), dist/src/ (the build) and a test bundle, so bundled
// assets (config/rules, the demo session and table, the web pages) are read from one place whichever
// way the program runs, and never from the working directory.
import { existsSync, readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

function findPackageRoot(from: string): string {
  for (let dir = from; ; dir = dirname(dir)) {
    if (existsSync(join(dir, 'package.json'))) return dir;
    if (dirname(dir) === dir) throw new Error(`no package.json above ${from}`);
  }
}

export const PACKAGE_ROOT = findPackageRoot(dirname(fileURLToPath(import.meta.url)));

/** A path inside the package, e.g. `packagePath('config/rules')`. */
export function packagePath(relative: string): string {
  return join(PACKAGE_ROOT, relative);
}

/** The package's version (package.json), for `shoe --version`. */
export function packageVersion(): string {
  return (JSON.parse(readFileSync(packagePath('package.json'), 'utf8')) as { version: string }).version;
}
