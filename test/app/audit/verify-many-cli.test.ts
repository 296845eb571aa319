// `shoe verify DIR|GLOB...` (docs/audit.md): every table log found, checked in parallel, one line per log in
// the order named and a total; exit 1 if any is broken; `--json` for an auditor's tooling.
import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import { beforeAll, describe, expect, test } from 'vitest';
import { loadRuleSet } from '../../../src/config/load-rule-set.js';
import { openAnchoredTable } from '../../support/anchored-table.js';
import { playRandomSession } from '../../support/random-session.js';
import { runCli } from '../../support/run-cli.js';

const dir = mkdtempSync(join(tmpdir(), 'verify-many-'));
const floor = join(dir, 'floor');
const file = (t: string) => join(floor, `${t}.db`);
let brokenAt = 0;

beforeAll(async () => {
  mkdirSync(join(floor, 'pit-2'), { recursive: true });
  for (const [t, seed] of [['t1', 1], ['t2', 2], ['t3', 3]] as const) {
    const table = await openAnchoredTable(t === 't3' ? join(floor, 'pit-2', 't3.db') : file(t), t);
    for (const input of playRandomSession(loadRuleSet('six-deck').rules, seed, 8).inputs) await table.service.submit(input, { source: 'session' });
    await table.close();
  }
  // t2: one event's data altered in the database, its hash left alone.
  const sql = new Database(file('t2'));
  sql.exec('DROP TRIGGER events_no_update');
  brokenAt = (sql.prepare("SELECT min(seq) AS s FROM events WHERE type = 'input' AND seq > 30").get() as { s: number }).s;
  sql.prepare("UPDATE events SET data = replace(data, '\"session\"', '\"altered\"') WHERE seq = ?").run(brokenAt);
  sql.close();
}, 60_000);

describe('shoe verify DIR|GLOB...', () => {
  test('a folder (and its subfolders) with one broken log: a line per log in order, the total, exit 1', async () => {
    const r = await runCli(['verify', floor, '--threads', '2', '--quiet']);
    const lines = r.stdout.trim().split('\n');
    expect(lines).toHaveLength(4);
    expect(lines[0]).toMatch(new RegExp(`^${join(floor, 'pit-2', 't3.db')}: OK t3: \\d+ events, \\d+ inputs, \\d+ rounds; hash chain intact`));
    expect(lines[1]).toMatch(new RegExp(`^${file('t1')}: OK t1: \\d+ events`));
    expect(lines[2]).toBe(`${file('t2')}: MISMATCH t2 at event ${brokenAt}: hash chain broken: hash does not match the content (the event was altered)`);
    expect(lines[3]).toMatch(/^TOTAL 3 logs: 2 intact, 1 broken, 0 not anchored, 0 unreadable; [\d,]+ events in [\d.]+ s/);
    expect(r.code).toBe(1);
  }, 60_000);

  test('a pattern, and a file that is not a log beside them: the pattern finds only its logs; the garbage is unreadable (exit 2 when nothing is broken)', async () => {
    const ok = await runCli(['verify', join(floor, 't[13].db'), join(floor, '*', 't?.db'), '--quiet']);
    expect(ok.stdout.trim().split('\n').map((l) => l.replace(/:.*/, ''))).toEqual([file('t1'), join(floor, 'pit-2', 't3.db'), 'TOTAL 2 logs']);
    expect(ok.code).toBe(0);
    const garbage = join(dir, 'garbage.db');
    writeFileSync(garbage, 'plain text, long enough to look like something but not a database');
    const bad = await runCli(['verify', file('t1'), garbage, '--quiet']);
    expect(bad.stdout.trim().split('\n')[1]).toMatch(new RegExp(`^${garbage}: UNREADABLE: not a SQLite database`));
    expect(bad.code).toBe(2);
    const none = await runCli(['verify', join(dir, 'nothing-*.db')]);
    expect([none.code, none.stderr.split('\n')[0]]).toEqual([2, `shoe verify: ${join(dir, 'nothing-*.db')}: no file matches`]);
  }, 60_000);

  test('--json: one document, a report per log and the total', async () => {
    const r = await runCli(['verify', floor, '--json']);
    expect(r.code).toBe(1);
    const doc = JSON.parse(r.stdout) as { logs: Array<Record<string, unknown>>; total: Record<string, number> };
    expect(doc.logs.map((l) => [l['file'], l['tableId'], l['verdict'], l['exitCode']])).toEqual([
      [join(floor, 'pit-2', 't3.db'), 't3', 'intact', 0],
      [file('t1'), 't1', 'intact', 0],
      [file('t2'), 't2', 'broken', 1],
    ]);
    expect(doc.logs[2]).toMatchObject({ format: 3, problem: { seq: brokenAt, text: 'hash chain broken: hash does not match the content (the event was altered)' } });
    expect(doc.logs[1]).toMatchObject({ format: 3, events: expect.any(Number), inputs: expect.any(Number), rounds: expect.any(Number), anchors: [expect.stringMatching(/^consistent with the anchor at seq \d+/)] });
    expect(doc.total).toMatchObject({ logs: 3, intact: 2, broken: 1, notAnchored: 0, unreadable: 0, seconds: expect.any(Number) });
    expect(doc.total['events']).toBe((doc.logs[0]!['events'] as number) + (doc.logs[1]!['events'] as number) + (doc.logs[2]!['events'] as number));
    const one = await runCli(['verify', file('t1'), '--json']);
    expect(JSON.parse(one.stdout)).toMatchObject({ logs: [{ tableId: 't1', verdict: 'intact', exitCode: 0 }], total: { logs: 1, intact: 1 } });
    expect(one.code).toBe(0);
  }, 60_000);
});
