// A worker of `shoe verify DIR|GLOB...` run from the TypeScript sources, as `npm run shoe` and the tests run
// the CLI: it loads through tsx's require hook (src/app/par/worker-shim.cjs), where import() of a source
// file fails, yet it loads the round machine's re-run with its first log, the NATS client for `--nats`, and
// the error classes that explain a log it cannot check (src/app/par/import-own-module.ts). The real task,
// on a real worker, given the logs directly (verify-many-logs.ts hands them out the same way).
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { beforeAll, describe, expect, test } from 'vitest';
import { loadRuleSet } from '../../src/config/load-rule-set.js';
import { startVerifyWorker } from '../../src/cli/verify-workers.js';
import type { LogsTaskData, LogsTaskMessage } from '../../src/cli/verify-logs-task-protocol.js';
import type { LogReport } from '../../src/cli/verify-one-log.js';
import { openAnchoredTable } from '../support/anchored-table.js';
import { playRandomSession } from '../support/random-session.js';

const LOGS_TASK = new URL('../../src/cli/verify-logs-task.ts', import.meta.url);
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
