// A worker of `shoe verify DIR|GLOB...` run from the TypeScript sources, as `npm run shoe` and the tests run
// the CLI: it loads through tsx's require hook (src/app/par/worker-shim.cjs), where import() of a source
// file fails, yet it loads the round machine's re-run with its first log, the NATS client for `--nats`, and
// the error classes that explain a log it cannot check (src/app/par/import-own-module.ts). The real task,
// on a real worker, given the logs directly (verify-many-logs.ts hands them out the same way). And a worker
// that fails with a log in hand: that log is reported not checked, the other threads check the rest.
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { beforeAll, describe, expect, test } from 'vitest';
import { loadRuleSet } from '../../src/config/load-rule-set.js';
import { startVerifyWorker } from '../../src/cli/verify-workers.js';
import { verifyManyLogs } from '../../src/cli/verify-many-logs.js';
import type { LogsTaskData, LogsTaskMessage } from '../../src/cli/verify-logs-task-protocol.js';
import type { LogReport } from '../../src/cli/verify-one-log.js';
import { openAnchoredTable } from '../support/anchored-table.js';
import { playRandomSession } from '../support/random-session.js';

const LOGS_TASK = new URL('../../src/cli/verify-logs-task.ts', import.meta.url);
const STOPPING_TASK = new URL('./fixtures/stopping-logs-task.ts', import.meta.url);
const dir = mkdtempSync(join(tmpdir(), 'verify-logs-worker-'));
const db = join(dir, 't1.db');

beforeAll(async () => {
  const table = await openAnchoredTable(db, 't1');
  for (const input of playRandomSession(loadRuleSet('six-deck').rules, 5, 4).inputs) await table.service.submit(input, { source: 'session' });
  await table.close();
}, 60_000);

/** The reports one worker posts for `files` before `done`; rejects if the worker fails instead. */
function reportsOfWorker(files: string[], nats: string | null): Promise<LogReport[]> {
  const data: LogsTaskData = { files, counter: new SharedArrayBuffer(Int32Array.BYTES_PER_ELEMENT), key: null, nats, noAnchorOk: true };
  const worker = startVerifyWorker(LOGS_TASK, { ...data }, {});
  const reports: LogReport[] = [];
  return new Promise<LogReport[]>((resolve, reject) => {
    worker.on('message', (m: LogsTaskMessage) => {
      if ('done' in m) resolve(reports);
      else reports.push(m.report);
    });
    worker.once('error', reject);
    worker.once('exit', (code) => reject(new Error(`the worker stopped with code ${code} before done`)));
  }).finally(() => void worker.terminate());
}

describe('a verify worker run from the sources', () => {
  test('re-runs the round machine over its log (loaded with its first log)', async () => {
    const [report] = await reportsOfWorker([db], null);
    expect(report?.verdict).toBe('intact');
    expect(report?.line).toMatch(/^OK t1: \d+ events, \d+ inputs, \d+ rounds; hash chain intact, every derived event matches/);
  }, 60_000);

  test('with --nats it cannot reach: each log is reported unreadable in words, exit 2, no stack trace', async () => {
    const reports = await reportsOfWorker([db, db], 'nats://127.0.0.1:1');
    expect(reports).toHaveLength(2);
    for (const report of reports) {
      expect(report).toMatchObject({ verdict: 'unreadable', exitCode: 2 });
      expect(report.line).toBe('UNREADABLE: cannot reach NATS at nats://127.0.0.1:1: connection refused; start it, or give the right --nats URL');
    }
  }, 60_000);
});

describe('a verify worker that fails', () => {
  const NOT_CHECKED = 'UNREADABLE: not checked: a verify worker stopped before reporting it (a verify worker failed: stopped on purpose); a fault of the program, please report it';

  test('the log it held is reported not checked, in words, and the failure is returned', async () => {
    const reports = new Map<number, LogReport>();
    const outcome = await verifyManyLogs([db], { threads: 1, noAnchorOk: true, task: STOPPING_TASK, mainTakesLogs: false }, (i, r) => reports.set(i, r));
    expect(outcome.workerFailures).toEqual(['a verify worker failed: stopped on purpose']);
    expect(reports.get(0)).toMatchObject({ file: db, verdict: 'unreadable', exitCode: 2, line: NOT_CHECKED });
  }, 60_000);

  test('beside this thread: every other log is checked, at most the one it held is not', async () => {
    const files = Array.from({ length: 6 }, () => db);
    const reports = new Map<number, LogReport>();
    const outcome = await verifyManyLogs(files, { threads: 2, noAnchorOk: true, task: STOPPING_TASK }, (i, r) => reports.set(i, r));
    expect(outcome.workerFailures).toEqual(['a verify worker failed: stopped on purpose']);
    expect([...reports.keys()].sort()).toEqual([0, 1, 2, 3, 4, 5]);
    const lines = [...reports.values()].map((r) => r.line);
    expect(lines.filter((l) => l === NOT_CHECKED).length).toBeLessThanOrEqual(1);
    expect(lines.filter((l) => l.startsWith('OK t1: ')).length).toBeGreaterThanOrEqual(5);
  }, 60_000);
});
