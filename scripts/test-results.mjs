// What `npm test` (scripts/run-tests.mjs) reads back from its vitest runs: each run's JSON report and durations
// report (scripts/test-durations-reporter.ts), merged into one count and one durations report. Pure functions
// over the parsed files, so the closing line's arithmetic is tested (test/support/test-results.test.ts).

/**
 * The counts of the closing line from the runs' JSON reports (vitest's `json` reporter; `undefined` for a run
 * that wrote none). A run without a report, and a file that failed to load (no tests in it), count as a failure
 * each, so neither can hide. Under CI every skipped test is also a failure, and named in `skippedInCi`
 * (docs/testing.md, "CI": a test that skips there because socat, Chromium, a C compiler or NATS is missing
 * hides a broken promise).
 */
export function countResults(reports, ci) {
  let passed = 0;
  let failed = 0;
  let skipped = 0;
  const skippedInCi = [];
  for (const report of reports) {
    if (report === undefined) {
      failed += 1;
      continue;
    }
    passed += report.numPassedTests ?? 0;
    failed += report.numFailedTests ?? 0;
    skipped += (report.numPendingTests ?? 0) + (report.numTodoTests ?? 0);
    failed += (report.testResults ?? []).filter((s) => s.status === 'failed' && (s.assertionResults ?? []).length === 0).length;
    for (const suite of report.testResults ?? []) {
      for (const t of suite.assertionResults ?? []) {
        if (['skipped', 'pending', 'todo'].includes(t.status)) skippedInCi.push(`${suite.name} > ${t.fullName ?? t.title}`);
      }
    }
  }
  if (ci) failed += skipped;
  return { passed, failed, skipped, skippedInCi: ci ? skippedInCi : [] };
}

/**
 * One durations report from the runs' (those that wrote one): every run's groups and files, the files slowest
 * first, started when the first run started, and `wallSeconds` the whole of `npm test` as the caller measured it
 * (the runs overlap, so their own wall times do not add up). `undefined` when no run wrote one.
 */
export function mergeDurations(reports, wallSeconds) {
  const written = reports.filter((r) => r !== undefined);
  if (written.length === 0) return undefined;
  return {
    startedAt: written.map((r) => r.startedAt).sort()[0],
    wallSeconds,
    groups: written.flatMap((r) => r.groups),
    files: written.flatMap((r) => r.files).sort((a, b) => b.seconds - a.seconds),
  };
}
