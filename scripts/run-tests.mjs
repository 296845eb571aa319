#!/usr/bin/env node
// Runs the whole vitest suite and closes with the plain line CI reads: "N passed, N failed". Before it, the
// ten slowest files and each group's time, which the durations reporter also keeps in
// test-output/test-durations.json (`npm run test:durations` prints them again; docs/testing.md).
//
// The whole suite is two vitest runs at once (vitest.config.ts; docs/testing.md, "Running"): vitest runs the
// groups of one run one after another, so two runs are how groups overlap.
// - "timing", one file at a time, then "waiting-pairs", two at a time, at the normal priority: the first's files
//   hold real timers to bounds, and both mostly wait;
// - "parallel" and then "timing-pairs" at a lower priority (nice 10): they keep both cores busy, and the
//   scheduler gives the other run's processes a core whenever they want one.
// Then, once both have ended, "alone": the files that need the machine to themselves.
// With arguments (files, `--project`, vitest's flags) it is one vitest run with them, at the normal priority.
import { spawn } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { createInterface } from 'node:readline';
import { DURATIONS_PATH, readDurations, summarise } from './test-durations.mjs';
import { countResults, mergeDurations } from './test-results.mjs';

/** The priority of the run that keeps the cores busy: far enough below the other's to yield to it at once. */
const BUSY_NICENESS = 10;

const args = process.argv.slice(2);
/** The runs, phase after phase; the runs of a phase at once. */
const phases = args.length > 0
  ? [[{ name: 'vitest', args, niceness: 0 }]]
  : [
      [
        { name: 'timing', args: ['--project', 'timing', '--project', 'waiting-pairs'], niceness: 0 },
        { name: 'parallel', args: ['--project', 'parallel', '--project', 'timing-pairs'], niceness: BUSY_NICENESS },
      ],
      [{ name: 'alone', args: ['--project', 'alone'], niceness: 0 }],
    ];
const runs = phases.flat();

const scratch = mkdtempSync(join(tmpdir(), 'vitest-'));
rmSync(DURATIONS_PATH, { force: true }); // a run that dies early must not show the previous run's figures
const began = performance.now();
const statuses = [];
for (const phase of phases) statuses.push(...(await Promise.all(phase.map(start))));
const wallSeconds = Math.round(performance.now() - began) / 1000;

const ci = process.env.CI === 'true';
const { passed, failed, skipped, skippedInCi } = countResults(runs.map((run) => readDurations(results(run))), ci);
for (const name of skippedInCi) console.error(`skipped in CI: ${name}`);
const durations = mergeDurations(runs.map((run) => readDurations(durationsOf(run))), wallSeconds);
if (durations !== undefined) {
  mkdirSync(dirname(DURATIONS_PATH), { recursive: true });
  writeFileSync(DURATIONS_PATH, `${JSON.stringify(durations, null, 1)}\n`);
  for (const line of summarise(durations)) console.log(line);
}
rmSync(scratch, { recursive: true, force: true });
console.log(`${passed} passed, ${failed} failed${skipped ? `, ${skipped} skipped` : ''}`);
process.exit(statuses.every((s) => s === 0) && failed === 0 ? 0 : 1);

function results(run) {
  return join(scratch, `${run.name}-results.json`);
}

function durationsOf(run) {
  return join(scratch, `${run.name}-durations.json`);
}

/** Starts one vitest run, its output passed on line by line (two runs' lines never cut into each other); resolves to its exit status. */
function start(run) {
  const vitest = ['vitest', 'run', '--reporter=default', '--reporter=json', `--outputFile.json=${results(run)}`, '--reporter=./scripts/test-durations-reporter.ts', ...run.args];
  const [command, argv] = run.niceness > 0 && process.platform !== 'win32' ? ['nice', ['-n', String(run.niceness), 'npx', ...vitest]] : ['npx', vitest];
  const env = { ...process.env, TEST_DURATIONS_FILE: durationsOf(run), ...(process.stdout.isTTY && !process.env.NO_COLOR ? { FORCE_COLOR: '1' } : {}) };
  const child = spawn(command, argv, { env, stdio: ['inherit', 'pipe', 'pipe'] });
  createInterface({ input: child.stdout, crlfDelay: Infinity }).on('line', (line) => process.stdout.write(`${line}\n`));
  createInterface({ input: child.stderr, crlfDelay: Infinity }).on('line', (line) => process.stderr.write(`${line}\n`));
  return new Promise((resolve) => {
    child.on('error', (error) => {
      console.error(`npm test: could not start vitest (${run.name}): ${error.message}`);
      resolve(1);
    });
    child.on('close', (code) => resolve(code ?? 1)); // no code: ended by a signal
  });
}
