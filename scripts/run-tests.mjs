#!/usr/bin/env node
// Runs the whole vitest suite and closes with the plain line CI reads: "N passed, N failed". Before it, the
// ten slowest files and each group's time, which the durations reporter also keeps in
// test-output/test-durations.json (`npm run test:durations` prints them again; docs/testing.md).
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, existsSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { DURATIONS_PATH, readDurations, summarise } from './test-durations.mjs';

const out = join(mkdtempSync(join(tmpdir(), 'vitest-')), 'results.json');
rmSync(DURATIONS_PATH, { force: true }); // a run that dies early must not show the previous run's figures
const run = spawnSync(
  'npx',
  ['vitest', 'run', '--reporter=default', '--reporter=json', `--outputFile.json=${out}`, '--reporter=./scripts/test-durations-reporter.ts', ...process.argv.slice(2)],
  { stdio: 'inherit' },
);
let passed = 0;
let failed = 0;
let skipped = 0;
if (existsSync(out)) {
  const report = JSON.parse(readFileSync(out, 'utf8'));
  passed = report.numPassedTests ?? 0;
  failed = report.numFailedTests ?? 0;
  skipped = (report.numPendingTests ?? 0) + (report.numTodoTests ?? 0);
  // A suite that fails to load has no tests in it: count it as a failure so it cannot hide.
  const brokenSuites = (report.testResults ?? []).filter((s) => s.status === 'failed' && (s.assertionResults ?? []).length === 0).length;
  failed += brokenSuites;
  // In CI nothing may skip (docs/testing.md, "CI"): a test that skips there because socat, Chromium, a C compiler or
  // NATS is missing hides a broken promise. Every skipped case is named and counted as a failure.
  if (process.env.CI === 'true' && skipped > 0) {
    for (const suite of report.testResults ?? []) {
      for (const t of suite.assertionResults ?? []) {
        if (['skipped', 'pending', 'todo'].includes(t.status)) console.error(`skipped in CI: ${suite.name} > ${t.fullName ?? t.title}`);
      }
    }
    failed += skipped;
  }
} else {
  failed = 1;
}
const durations = readDurations();
if (durations !== undefined) for (const line of summarise(durations)) console.log(line);
console.log(`${passed} passed, ${failed} failed${skipped ? `, ${skipped} skipped` : ''}`);
process.exit(run.status === 0 && failed === 0 ? 0 : 1);
