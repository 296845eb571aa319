#!/usr/bin/env node
// `npm run test:durations`: the ten slowest test files and each group's time of the last run, read from the
// file the durations reporter wrote (scripts/test-durations-reporter.ts, docs/testing.md "Where the time goes").
//   node scripts/test-durations.mjs [--top N] [--all]
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';

export const DURATIONS_PATH = join(fileURLToPath(new URL('..', import.meta.url)), 'test-output/test-durations.json');

const pad = (s, n) => String(s).padStart(n);

/** The summary's lines: each group's wall-clock and summed file time, then the `top` slowest files. */
export function summarise(report, top = 10) {
  const lines = [`test durations (${report.startedAt}, ${report.wallSeconds.toFixed(1)} s in all):`];
  for (const g of report.groups) {
    lines.push(`  group ${g.group.padEnd(12)} ${pad(g.wallSeconds.toFixed(1), 7)} s wall, ${pad(g.fileSeconds.toFixed(1), 7)} s in ${g.files} files`);
  }
  lines.push(`  the ${Math.min(top, report.files.length)} slowest files (seconds in their worker, of which importing):`);
  for (const f of report.files.slice(0, top)) {
    lines.push(`  ${pad(f.seconds.toFixed(1), 7)} s ${pad(`(${f.importSeconds.toFixed(1)})`, 8)}  ${f.group.padEnd(12)}  ${f.file}${f.state === 'passed' ? '' : `  [${f.state}]`}`);
  }
  return lines;
}

/** The last run's report (or any JSON file `path` names), or undefined when none has been written. */
export function readDurations(path = DURATIONS_PATH) {
  return existsSync(path) ? JSON.parse(readFileSync(path, 'utf8')) : undefined;
}

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) {
  const { values } = parseArgs({ options: { top: { type: 'string', default: '10' }, all: { type: 'boolean' } }, strict: true });
  const report = readDurations();
  if (report === undefined) {
    console.error(`test:durations: no report at ${DURATIONS_PATH}; run npm test (or node scripts/run-tests.mjs <files>) first`);
    process.exit(1);
  }
  for (const line of summarise(report, values.all ? report.files.length : Number(values.top))) console.log(line);
}
