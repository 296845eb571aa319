// `shoe run` is restartable at any point (src/cli/play-session-into-log.ts): a run killed after a restart's
// recovery marker paused the interrupted round, but before its scripted resume was written, leaves a
// paused table; the next run must still resume it, or every later line of the session is refused.
import { beforeAll, describe, expect, test } from 'vitest';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import { cliEntry, ROOT } from '../support/run-cli.js';
import { demoSessionFiles, play, readTableLog } from '../support/log-play.js';
import { SqliteEventStore } from '../../src/adapters/store/sqlite-event-store.js';
import { TableService } from '../../src/app/table/table-service.js';
import { steppingClock } from '../../src/adapters/clock/stepping-clock.js';
import { loadRuleSet } from '../../src/config/load-rule-set.js';

/** The CLI as `npm start` runs it (the start build, test/support/run-cli.ts): plain node, no tsx start-up. */
let cli = '';
beforeAll(async () => {
  cli = await cliEntry();
});

const run = (session: string, db: string) =>
  promisify(execFile)(process.execPath, [cli, 'run', session, '--rules', 'six-deck', '--db', db, '--table', 't1', '--quiet'], { cwd: ROOT });

describe('shoe run after a restart that died before its resume', () => {
  test('the next run resumes the paused round and the log plays as an uninterrupted run', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'run-resume-'));
    const { half, whole } = demoSessionFiles(dir);
    await run(whole, join(dir, 'clean.db'));

    const db = join(dir, 'restarted.db');
    await run(half, db);
    // A restart that writes its recovery marker (pausing the round) and dies before the resume.
    const { rules, rulesId } = loadRuleSet('six-deck');
    const store = new SqliteEventStore({ path: db, pollIntervalMs: 0 });
    const service = await TableService.open({ tableId: 't1', rules, rulesId, store, clock: steppingClock() });
    expect(service.recovery?.interrupted, 'the half session ends mid-round').toBe(true);
    expect(service.phase).toMatch(/^paused/);
    service.close();
    await store.close();

    await run(whole, db);
    const restarted = await readTableLog(db, 't1');
    expect(restarted.filter((e) => e.type === 'input.rejected')).toHaveLength((await readTableLog(join(dir, 'clean.db'), 't1')).filter((e) => e.type === 'input.rejected').length);
    expect(play(restarted)).toEqual(play(await readTableLog(join(dir, 'clean.db'), 't1')));
  }, 60_000);
});
