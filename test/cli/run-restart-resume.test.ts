// `shoe run` is restartable at any point (src/cli/play-session-into-log.ts): a run killed after a restart's
// recovery marker paused the interrupted round, but before its scripted resume was written, leaves a
// paused table; the next run must still resume it, or every later line of the session is refused.
import { describe, expect, test } from 'vitest';
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import { ROOT } from '../support/run-cli.js';
import { SqliteEventStore } from '../../src/adapters/store/sqlite-event-store.js';
import { TableService } from '../../src/app/table/table-service.js';
import { steppingClock } from '../../src/adapters/clock/system-clock.js';
import { loadRuleSet } from '../../src/config/load-rule-set.js';
import { isNoteRecord } from '../../src/app/audit/log-records.js';
import type { StoredEvent } from '../../src/ports/event-store.js';

const run = (session: string, db: string) =>
  promisify(execFile)(process.execPath, ['--import', 'tsx', 'src/cli/main.ts', 'run', session, '--rules', 'six-deck', '--db', db, '--table', 't1', '--quiet'], { cwd: ROOT });

async function readLog(db: string): Promise<StoredEvent[]> {
  const store = new SqliteEventStore({ path: db, pollIntervalMs: 0 });
  try {
    return await store.read('t1');
  } finally {
    await store.close();
  }
}

/** Inputs and their facts, without notes, recovery markers and the run's own resumes. */
function play(log: readonly StoredEvent[]): string[] {
  const groups: StoredEvent[][] = [];
  for (const e of log) {
    if (isNoteRecord(e.type)) continue;
    if (e.type === 'input' || e.type === 'table.configured') groups.push([e]);
    else groups.at(-1)?.push(e);
  }
  return groups
    .filter(([head]) => {
      const data = head?.data as { input?: { type: string }; by?: string } | undefined;
      return !(data?.input?.type === 'table.recovered' || (data?.input?.type === 'supervisor' && data.by === 'run'));
    })
    .flat()
    .map((e) => JSON.stringify({ type: e.type, round: e.round, data: e.data }));
}

describe('shoe run after a restart that died before its resume', () => {
  test('the next run resumes the paused round and the log plays as an uninterrupted run', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'run-resume-'));
    const demo = readFileSync(join(ROOT, 'config/demo/six-deck-demo.jsonl'), 'utf8').split('\n').filter(Boolean);
    const half = join(dir, 'half.jsonl');
    const whole = join(dir, 'whole.jsonl');
    writeFileSync(half, demo.slice(0, 50).join('\n') + '\n');
    writeFileSync(whole, demo.join('\n') + '\n');
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
    const restarted = await readLog(db);
    expect(restarted.filter((e) => e.type === 'input.rejected')).toHaveLength((await readLog(join(dir, 'clean.db'))).filter((e) => e.type === 'input.rejected').length);
    expect(play(restarted)).toEqual(play(await readLog(join(dir, 'clean.db'))));
  }, 60_000);
});
