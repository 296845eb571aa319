// A clean install: every package the lock installs accepts every Node version package.json's `engines`
// declares, so `npm install` on a supported Node warns of no engine (EBADENGINE) and no dependency needs a
// Node the package does not declare (docs/operations.md, "Install"). Read from package-lock.json's
// `engines` fields with semver (npm's own range logic): the declared range must be a subset of each one.
import { expect, test } from 'vitest';
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join } from 'node:path';
import { ROOT } from '../support/run-cli.js';

interface Semver {
  subset(sub: string, dom: string, options?: { includePrerelease?: boolean }): boolean;
  validRange(range: string): string | null;
  satisfies(version: string, range: string): boolean;
}
const semver = createRequire(import.meta.url)('semver') as Semver;

interface LockEntry { readonly engines?: Record<string, string> | string[] }
const pkg = JSON.parse(readFileSync(join(ROOT, 'package.json'), 'utf8')) as { engines: { node: string } };
const lock = JSON.parse(readFileSync(join(ROOT, 'package-lock.json'), 'utf8')) as { packages: Record<string, LockEntry> };
const declared = pkg.engines.node;

/** The lock's packages that state a Node range, with that range. */
function nodeRanges(): Array<{ name: string; range: string }> {
  return Object.entries(lock.packages).flatMap(([path, entry]) => {
    const range = entry.engines && !Array.isArray(entry.engines) ? entry.engines.node : undefined;
    return path !== '' && range !== undefined ? [{ name: path.replace(/^.*node_modules\//, ''), range }] : [];
  });
}

test("package.json's engines is a range, and the Node running the tests is in it", () => {
  expect(semver.validRange(declared)).not.toBeNull();
  expect(semver.satisfies(process.versions.node, declared)).toBe(true);
});

test('the lock is the one package.json declares (its root entry has the same engines)', () => {
  expect(lock.packages['']?.engines).toEqual(pkg.engines);
});

test("no package in the lock excludes a Node version package.json's engines declares", () => {
  const ranges = nodeRanges();
  expect(ranges.length).toBeGreaterThan(50); // the lock's engines fields were read, not an empty list
  const excluding = ranges.filter(({ range }) => !semver.subset(declared, range)).map(({ name, range }) => `${name} needs node ${range}`);
  expect(excluding).toEqual([]);
});

test('the check can fail: an open-ended range such as ">=20" is not accepted by every package', () => {
  expect(nodeRanges().filter(({ range }) => !semver.subset('>=20', range)).length).toBeGreaterThan(0);
});
