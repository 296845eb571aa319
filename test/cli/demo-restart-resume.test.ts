// The demo (`shoe start` on config/tables/demo.yaml) resumes a round a restart paused even when that
// restart died before its resume was written (src/app/table/restart-pause.ts): the next start's recovery
// marker says `interrupted: false` (the table was already paused), yet the round waits for the same resume,
// so the demo supervisor gives it and the demo plays on instead of waiting, paused, for a person.
import { beforeAll, describe, expect, test } from 'vitest';
import { spawn } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { SqliteEventStore } from '../../src/adapters/store/sqlite-event-store.js';
import { TableService } from '../../src/app/table/table-service.js';
import { steppingClock } from '../../src/adapters/clock/stepping-clock.js';
import { loadRuleSet } from '../../src/config/load-rule-set.js';
import { cliEntry, ROOT } from '../support/run-cli.js';
import { readTableLog } from '../support/log-play.js';
import { ROUND_AT_A_DECISION } from '../support/round-at-a-decision.js';

/** The CLI as `npm start` runs it (the start build, test/support/run-cli.ts): plain node, no tsx start-up. */
let cli = '';
beforeAll(async () => {
  cli = await cliEntry();
});

const DEMO_TABLE = 'demo-1';

/** `shoe start` (the demo) on `dataDir` until its stdout/stderr says `until`, then SIGTERM; its output. */
function startDemoUntil(dataDir: string, until: RegExp): Promise<string> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [cli, 'start', '--data-dir', dataDir, '--port', '0'], { cwd: ROOT, stdio: ['ignore', 'pipe', 'pipe'] });
    let out = '';
    const guard = setTimeout(() => child.kill('SIGKILL'), 45_000);
    const seen = (d: Buffer) => {
      out += d.toString();
      if (until.test(out)) child.kill('SIGTERM');
    };
    child.stdout.on('data', seen);
    child.stderr.on('data', seen);
    child.on('error', reject);
    child.on('close', () => { clearTimeout(guard); resolve(out); });
  });
}

describe('the demo after a restart that died before its resume', () => {
  test('the next start resumes the paused round and the demo plays on', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'demo-resume-'));
    const { rules, rulesId } = loadRuleSet('six-deck');
    const store = new SqliteEventStore({ path: join(dir, '{tableId}.db'), pollIntervalMs: 0 });
    const open = () => TableService.open({ tableId: DEMO_TABLE, rules, rulesId, store, clock: steppingClock() });
    const first = await open();
    for (const input of ROUND_AT_A_DECISION) await first.submit(input, { source: 'shoe' });
    first.close();
    // A restart writes its recovery marker, pausing the round, and dies before the demo supervisor's resume.
    const restarted = await open();
    expect(restarted.recovery?.interrupted).toBe(true);
    restarted.close();
    await store.close();

    const output = await startDemoUntil(dir, /"msg":"table resumed by demo-supervisor"/);
    expect(output).toMatch(/"waitsForResume":true,"msg":"table recovered after a restart: the interrupted round waits, paused, for a resume"/);
    const log = await readTableLog(join(dir, `${DEMO_TABLE}.db`), DEMO_TABLE);
    const recoveries = log.filter((e) => e.type === 'table.recovered').map((e) => (e.data as { interrupted: boolean }).interrupted);
    expect(recoveries, 'the second marker found the table already paused').toEqual([true, false]);
    const resumed = log.findIndex((e) => e.type === 'table.resumed');
    const lastRecovery = log.map((e) => e.type).lastIndexOf('table.recovered');
    expect(resumed, 'the demo supervisor resumed the round').toBeGreaterThan(lastRecovery);
    expect(log[resumed]?.data).toMatchObject({ by: 'demo-supervisor' });
  }, 60_000);
});
