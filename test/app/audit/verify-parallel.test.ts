// `shoe verify --threads 2` (the default from 50,000 events) re-runs the round machine while a worker
// checks spans of the chain and the MACs, the main thread taking the last spans. Whatever the log, it must
// name the same first problem as the one-thread verifyLog: the earliest event, the chain's problem before
// the round machine's at the same event.
import { copyFileSync, mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import { beforeAll, describe, expect, test } from 'vitest';
import { SqliteLogReader } from '../../../src/adapters/store/sqlite-log-reader.js';
import { verifyLog, type Verdict } from '../../../src/app/audit/verify-log.js';
import { verifyLogFile } from '../../../src/cli/verify-log-file.js';
import { loadRuleSet } from '../../../src/config/load-rule-set.js';
import { chainMac } from '../../../src/log/chain-mac.js';
import { hashEvent } from '../../../src/log/event-chain.js';
import { openAnchoredTable } from '../../support/anchored-table.js';
import { playRandomSession } from '../../support/random-session.js';
import { runCli } from '../../support/run-cli.js';

const KEY = Buffer.from('verify-parallel-test-key-0123456789abcdef');
const dir = mkdtempSync(join(tmpdir(), 'verify-parallel-'));
const original = join(dir, 'table.db');

type Row = { seq: number; stream: string; round: number; mono_time: number; wall_time: string; rules_id: string; type: string; data: string; prev_hash: string; hash: string };

/** A copy of the log with `edit` applied to its rows (triggers dropped), for one case. */
function damaged(name: string, edit: (sql: Database.Database) => void): string {
  const file = join(dir, `${name}.db`);
  copyFileSync(original, file);
  const sql = new Database(file);
  try {
    sql.exec('DROP TRIGGER IF EXISTS events_no_update; DROP TRIGGER IF EXISTS events_no_delete; DROP TRIGGER IF EXISTS event_macs_no_delete; DROP TRIGGER IF EXISTS event_macs_no_update');
    edit(sql);
  } finally {
    sql.close();
  }
  return file;
}

/** Sets the data of `seq` and re-seals the chain from there on (as a forger without the key would); `macs` re-signs too (a forger with the key). */
function rewrite(sql: Database.Database, seq: number, data: (old: string) => string, macs = false): void {
  const rows = sql.prepare('SELECT * FROM events WHERE seq >= ? ORDER BY seq').all(seq) as Row[];
  let prevHash = rows[0]!.prev_hash;
  for (const r of rows) {
    const text = r.seq === seq ? data(r.data) : r.data;
    const hash = hashEvent({ tableId: r.stream, seq: r.seq, round: r.round, monoTime: r.mono_time, wallTime: r.wall_time, rulesId: r.rules_id, type: r.type, data: JSON.parse(text), prevHash }, text);
    sql.prepare('UPDATE events SET data = ?, prev_hash = ?, hash = ? WHERE seq = ?').run(text, prevHash, hash, r.seq);
    if (macs) sql.prepare('UPDATE event_macs SET mac = ? WHERE seq = ?').run(chainMac(KEY, hash), r.seq);
    prevHash = hash;
  }
}

/** The seq of the n-th event of a type (1-based). */
function seqOf(file: string, type: string, n = 1): number {
  const sql = new Database(file, { readonly: true });
  try {
    return (sql.prepare('SELECT seq FROM events WHERE type = ? ORDER BY seq LIMIT 1 OFFSET ?').get(type, n - 1) as { seq: number }).seq;
  } finally {
    sql.close();
  }
}

async function bothWays(file: string, key: Buffer | undefined): Promise<{ one: Verdict; two: Verdict }> {
  const reader = SqliteLogReader.open(file);
  try {
    const to = reader.head().seq;
    const one = verifyLog(reader.events(), key ? { key } : {});
    const two = await verifyLogFile(reader, { to, parallel: true, ...(key ? { key } : {}) });
    // The chain cut in small spans shared by the two threads: the same verdict across every border.
    // The replay worker may take most spans of a short log (the chain worker is still starting): once it leaves them all to the chain worker.
    for (const [spanSize, backSpans] of [[5, true], [7, false]] as const) {
      expect(await verifyLogFile(reader, { to, parallel: true, spanSize, backSpans, ...(key ? { key } : {}) }), `spans of ${spanSize}`).toEqual(two);
    }
    return { one, two };
  } finally {
    reader.close();
  }
}

beforeAll(async () => {
  const table = await openAnchoredTable(original, 'par-t', { key: KEY });
  const { inputs } = playRandomSession(loadRuleSet('six-deck').rules, 7, 12);
  for (const input of inputs) await table.service.submit(input, { source: 'session' });
  await table.close();
}, 60_000);

describe('verify in two threads names the same first problem as in one', () => {
  test('an intact keyed log: OK, the same counts', async () => {
    const { one, two } = await bothWays(original, KEY);
    expect(one).toMatchObject({ ok: true, macFrom: 1 });
    expect(two).toEqual(one);
  });

  test('a fact rewritten and the chain re-sealed without the key: the round machine finds it (no key given)', async () => {
    const seq = seqOf(original, 'bet.placed', 2);
    const file = damaged('refact', (sql) => rewrite(sql, seq, (d) => d.replace(/"amount":(\d+)/, '"amount":1$1')));
    const { one, two } = await bothWays(file, undefined);
    expect(one).toMatchObject({ ok: false, seq, problem: expect.stringMatching(/round machine derives/) });
    expect(two).toEqual(one);
  });

  test('the same with the key given: the MAC is wrong at that very event, and the chain half wins the tie', async () => {
    const seq = seqOf(original, 'bet.placed', 2);
    const file = damaged('refact-keyed', (sql) => rewrite(sql, seq, (d) => d.replace(/"amount":(\d+)/, '"amount":1$1')));
    const { one, two } = await bothWays(file, KEY);
    expect(one).toMatchObject({ ok: false, seq, problem: expect.stringMatching(/^MAC does not match/) });
    expect(two).toEqual(one);
  });

  test('a late chain break after an earlier rewritten fact (re-signed with the key): the earlier event wins', async () => {
    const early = seqOf(original, 'bet.placed', 2);
    const late = seqOf(original, 'bet.placed', 9);
    const file = damaged('two-faults', (sql) => {
      rewrite(sql, early, (d) => d.replace(/"amount":(\d+)/, '"amount":1$1'), true);
      sql.prepare("UPDATE events SET data = replace(data, 'session', 'sessionX') WHERE seq = ?").run(late - 1);
    });
    const { one, two } = await bothWays(file, KEY);
    expect(one).toMatchObject({ ok: false, seq: early, problem: expect.stringMatching(/round machine derives/) });
    expect(two).toEqual(one);
  });

  test('an early chain break before a rewritten fact: the chain break wins', async () => {
    const early = seqOf(original, 'input', 3);
    const late = seqOf(original, 'bet.placed', 9);
    const file = damaged('break-first', (sql) => {
      rewrite(sql, late, (d) => d.replace(/"amount":(\d+)/, '"amount":1$1'), true);
      sql.prepare('UPDATE events SET wall_time = ? WHERE seq = ?').run('2020-01-01T00:00:00.000Z', early);
    });
    const { one, two } = await bothWays(file, KEY);
    expect(one).toMatchObject({ ok: false, seq: early, problem: 'hash chain broken: hash does not match the content (the event was altered)' });
    expect(two).toEqual(one);
  });

  test('a MAC removed, and no MAC at all', async () => {
    const seq = seqOf(original, 'input', 5);
    const removed = damaged('mac-removed', (sql) => sql.prepare('DELETE FROM event_macs WHERE seq = ?').run(seq));
    const a = await bothWays(removed, KEY);
    expect(a.one).toMatchObject({ ok: false, seq, problem: expect.stringMatching(/^no MAC/) });
    expect(a.two).toEqual(a.one);
    const none = damaged('mac-none', (sql) => sql.prepare('DELETE FROM event_macs').run());
    const b = await bothWays(none, KEY);
    expect(b.one).toMatchObject({ ok: false, seq: 1, problem: expect.stringMatching(/^no event carries a MAC/) });
    expect(b.two).toEqual(b.one);
  });

  test('an event missing at a span border (150: spans of 5 end there) and one inside a span', async () => {
    for (const seq of [150, 151, 212]) {
      const file = damaged(`gap-${seq}`, (sql) => sql.prepare('DELETE FROM events WHERE seq = ?').run(seq));
      const { one, two } = await bothWays(file, KEY);
      expect(one).toMatchObject({ ok: false, seq, problem: `hash chain broken: expected seq ${seq}, found ${seq + 1}` });
      expect(two).toEqual(one);
    }
  });

  test('a MAC removed late in the log (a span that starts after the first keyed event must find it)', async () => {
    const seq = seqOf(original, 'input', 60);
    const file = damaged('mac-removed-late', (sql) => sql.prepare('DELETE FROM event_macs WHERE seq = ?').run(seq));
    const { one, two } = await bothWays(file, KEY);
    expect(one).toMatchObject({ ok: false, seq, problem: 'no MAC: events from 1 on were keyed, so a MAC was removed or the event was written without the key' });
    expect(two).toEqual(one);
  });

  test('the last events missing (the last input lacks its facts): the end check, in both', async () => {
    const last = seqOf(original, 'bet.placed', 9);
    const file = damaged('cut', (sql) => sql.prepare('DELETE FROM events WHERE seq > ?').run(last - 1));
    const { one, two } = await bothWays(file, undefined);
    expect(one.ok).toBe(false);
    expect(two).toEqual(one);
  });

  test('the CLI: `shoe verify --threads 2` exits 0 on the intact log and 1 naming the event on a rewritten one', async () => {
    process.env['VERIFY_PARALLEL_TEST_KEY'] = KEY.toString('utf8'); // the child inherits the environment
    const ok = await runCli(['verify', original, '--threads', '2', '--key-env', 'VERIFY_PARALLEL_TEST_KEY']);
    expect(ok.code).toBe(0);
    expect(ok.stdout).toMatch(/^OK par-t: \d+ events/);
    const seq = seqOf(original, 'bet.placed', 3);
    const file = damaged('cli', (sql) => rewrite(sql, seq, (d) => d.replace(/"amount":(\d+)/, '"amount":1$1')));
    const bad = await runCli(['verify', file, '--threads', '2', '--key-env', 'VERIFY_PARALLEL_TEST_KEY']);
    expect(bad.code).toBe(1);
    expect(bad.stdout).toContain(`MISMATCH par-t at event ${seq}: MAC does not match`);
    const three = await runCli(['verify', original, '--threads', '3']);
    expect(three.code).not.toBe(0);
    expect(three.stderr).toMatch(/--threads/);
  }, 60_000);
});
