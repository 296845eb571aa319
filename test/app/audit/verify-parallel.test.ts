// `shoe verify --threads 2` (the default from 50,000 events) re-runs the round machine while a worker
// checks spans of the chain and the MACs, the main thread taking the last spans. Whatever the log, it must
// name the same first problem as the one-thread verifyLog: the earliest event, the chain's problem before
// the round machine's at the same event.
//
// SLOW (44 s: every damage at every place, each verified by the threaded verify against the one-thread verifyLog;
// docs/testing.md, "Where the time goes").
import { closeSync, copyFileSync, mkdtempSync, openSync, writeSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import { beforeAll, describe, expect, test } from 'vitest';
import { damagedCopy } from '../../support/damaged-log.js';
import { SqliteLogReader } from '../../../src/adapters/store/sqlite-log-reader.js';
import { verifyLog, type Verdict } from '../../../src/app/audit/verify-log.js';
import { verifyLogFile } from '../../../src/cli/verify-log-file.js';
import { loadRuleSet } from '../../../src/config/load-rule-set.js';
import { chainMac } from '../../../src/log/chain-mac.js';
import { envelopeTail, hashEvent } from '../../../src/log/event-chain.js';
import { openAnchoredTable } from '../../support/anchored-table.js';
import { playRandomSession } from '../../support/random-session.js';
import { runCli } from '../../support/run-cli.js';
import { asFormat1 } from '../../adapters/store/fixtures/format-1-log.js';
import { asFormat2 } from '../../adapters/store/fixtures/format-2-log.js';

const KEY = Buffer.from('verify-parallel-test-key-0123456789abcdef');
const dir = mkdtempSync(join(tmpdir(), 'verify-parallel-'));
const original = join(dir, 'table.db');

type Row = { seq: number; stream: string; round: number; mono_time: number; wall_time: string; rules_id: string; type: string; data: string; prev_hash: string; hash: string };

/** A copy of the log (of `from`: by default the original) with `edit` applied to its rows (triggers dropped), for one case. */
function damaged(name: string, edit: (sql: Database.Database) => void, from = original): string {
  return damagedCopy(from, join(dir, `${name}.db`), edit);
}

/** Sets the data of `seq` and re-seals the chain from there on (as a forger without the key would); `macs` re-signs too (a forger with the key). */
function rewrite(sql: Database.Database, seq: number, data: (old: string) => string, macs = false): void {
  const rows = sql.prepare('SELECT * FROM events WHERE seq >= ? ORDER BY seq').all(seq) as Row[];
  let prevHash = rows[0]!.prev_hash;
  for (const r of rows) {
    const text = r.seq === seq ? data(r.data) : r.data;
    const unsealed = { tableId: r.stream, seq: r.seq, round: r.round, monoTime: r.mono_time, wallTime: r.wall_time, rulesId: r.rules_id, type: r.type, data: JSON.parse(text), prevHash };
    const hash = hashEvent(unsealed, text);
    // Log format 3: the prevHash is in the stored tail (docs/event-log.md).
    sql.prepare('UPDATE events SET data = ?, tail = ?, hash = ? WHERE seq = ?').run(text, envelopeTail(unsealed), hash, r.seq);
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

/**
 * The one-reading verdict (verifyLog over the events' fields) and the file's verdict in one thread and in
 * several: cut in small spans shared by the threads, the same verdict across every border. The re-run
 * may take most spans of a short log (the workers are still starting): once it leaves them all to the workers.
 */
async function bothWays(file: string, key: Buffer | undefined): Promise<{ one: Verdict; two: Verdict }> {
  const reader = SqliteLogReader.open(file);
  try {
    const to = reader.head().seq;
    const one = verifyLog(reader.events(), key ? { key } : {});
    const two = await allThreadings(reader, to, key);
    return { one, two };
  } finally {
    reader.close();
  }
}

/** The file's verdict, the same whatever the threads and spans (returned once). */
async function allThreadings(reader: SqliteLogReader, to: number, key: Buffer | undefined): Promise<Verdict> {
  const withKey = key ? { key } : {};
  const two = await verifyLogFile(reader, { to, threads: 2, ...withKey });
  expect(await verifyLogFile(reader, { to, threads: 1, ...withKey }), 'one thread').toEqual(two);
  expect(await verifyLogFile(reader, { to, threads: 1, spanSize: 6, ...withKey }), 'one thread, spans of 6').toEqual(two);
  for (const [spanSize, backSpans, threads] of [[5, true, 2], [7, false, 2], [5, true, 3]] as const) {
    expect(await verifyLogFile(reader, { to, threads, spanSize, backSpans, ...withKey }), `spans of ${spanSize}, ${threads} threads`).toEqual(two);
  }
  // The chain checked in JavaScript only (as where the native check is not built: sqlite-native-chain.ts).
  process.env.SHOE_VERIFY_CHECK = 'js';
  try {
    expect(await verifyLogFile(reader, { to, threads: 2, spanSize: 5, ...withKey }), 'in JavaScript, 2 threads').toEqual(two);
    expect(await verifyLogFile(reader, { to, threads: 1, ...withKey }), 'in JavaScript, 1 thread').toEqual(two);
  } finally {
    delete process.env.SHOE_VERIFY_CHECK;
  }
  return two;
}

/** The file's verdict (every threading agreeing) where one reading of the fields cannot see the damage. */
async function fileVerdict(file: string, key: Buffer | undefined): Promise<Verdict> {
  const reader = SqliteLogReader.open(file);
  try {
    return await allThreadings(reader, reader.head().seq, key);
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
      sql.prepare(`UPDATE events SET tail = replace(tail, '"wallTime":"', '"wallTime":"1') WHERE seq = ?`).run(early);
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

  test('an event forged at a span border, its own hash recomputed: the span after the border finds it (its prevHash)', async () => {
    // Spans of 5: an input whose seq ends a span; the next span's anchor is its forged hash. Its origin is
    // changed, which the round machine does not re-derive: only the chain can see it.
    const border = (() => {
      for (let n = 1; ; n++) if (seqOf(original, 'input', n) % 5 === 0) return seqOf(original, 'input', n);
    })();
    const file = damaged('forged-border', (sql) => {
      const r = sql.prepare('SELECT * FROM events WHERE seq = ?').get(border) as Row;
      const data = r.data.replace('"session"', '"sessionX"');
      expect(data).not.toBe(r.data);
      const hash = hashEvent({ tableId: r.stream, seq: r.seq, round: r.round, monoTime: r.mono_time, wallTime: r.wall_time, rulesId: r.rules_id, type: r.type, data: JSON.parse(data), prevHash: r.prev_hash }, data);
      sql.prepare('UPDATE events SET data = ?, hash = ? WHERE seq = ?').run(data, hash, border);
    });
    const { one, two } = await bothWays(file, undefined);
    expect(one).toMatchObject({ ok: false, seq: border + 1, problem: `hash chain broken: prevHash does not match the hash of seq ${border}` });
    expect(two).toEqual(one);
  });

  test('the stored envelope and the columns beside it: an edit of either, hashes left alone, is a broken chain at that event', async () => {
    // The tail (what the hash covers): only the stored bytes show it. In format 3 every other column the table
    // reads is generated from it and cannot be written at all.
    const tail = damaged('tail', (sql) => sql.prepare("UPDATE events SET tail = replace(tail, '\"round\":', '\"round\": ') WHERE seq = 151").run());
    expect(await fileVerdict(tail, KEY)).toEqual({ ok: false, seq: 151, problem: 'hash chain broken: hash does not match the content (the event was altered)' });
    expect(() => damaged('generated', (sql) => sql.prepare('UPDATE events SET round = 999 WHERE seq = 150').run())).toThrow(/cannot UPDATE generated column/);
    // Format 2 kept every field twice: a column the table reads, edited, is compared with the envelope.
    const format2 = asFormat2(original, join(dir, 'format-2.db'));
    for (const [column, value] of [['round', 999], ['type', 'card.burned'], ['mono_time', 0.5], ['rules_id', 'sha256:other'], ['wall_time', '2020-01-01T00:00:00.000Z']] as const) {
      const file = damaged(`column-${column}`, (sql) => sql.prepare(`UPDATE events SET ${column} = ? WHERE seq = 150`).run(value), format2);
      const { one, two } = await bothWays(file, KEY);
      expect(two, column).toEqual({ ok: false, seq: 150, problem: 'hash chain broken: hash does not match the content (the event was altered)' });
      expect(one, column).toEqual(two);
    }
  });

  test('a log of format 1 (events read from their fields): the same verdicts in every threading', async () => {
    const old = asFormat1(original, join(dir, 'format-1.db'));
    const intact = await bothWays(old, KEY);
    expect(intact.one).toMatchObject({ ok: true, macFrom: 1 });
    expect(intact.two).toEqual(intact.one);
    const seq = seqOf(old, 'input', 7);
    const file = join(dir, 'format-1-altered.db');
    const source = damaged('format-1-source', (sql) => sql.prepare('UPDATE events SET wall_time = ? WHERE seq = ?').run('2020-01-01T00:00:00.000Z', seq), asFormat2(original, join(dir, 'format-2-source.db')));
    const sql = new Database(source);
    sql.exec('ALTER TABLE events DROP COLUMN tail; DROP TABLE log_meta; PRAGMA user_version = 1;');
    sql.close();
    copyFileSync(source, file);
    const altered = await bothWays(file, KEY);
    expect(altered.one).toEqual({ ok: false, seq, problem: 'hash chain broken: hash does not match the content (the event was altered)' });
    expect(altered.two).toEqual(altered.one);
  });

  test('a damaged page: the file\'s own check is the answer, the same words whether a worker ran it (two threads) or this thread (one)', async () => {
    // A page of a table verify does not read (the idempotency keys): only the file's own check can find it.
    const file = join(dir, 'zeroed-page.db');
    copyFileSync(original, file);
    const stat = new Database(file, { readonly: true });
    const { page, size } = stat.prepare("SELECT pageno AS page, pgsize AS size FROM dbstat WHERE name = 'idempotency' ORDER BY pageno LIMIT 1").get() as { page: number; size: number };
    stat.close();
    const fd = openSync(file, 'r+');
    writeSync(fd, Buffer.alloc(size), 0, size, (page - 1) * size);
    closeSync(fd);
    const reader = SqliteLogReader.open(file);
    try {
      const to = reader.head().seq;
      for (const withKey of [{}, { key: KEY }]) {
        const words = await verifyLogFile(reader, { to, threads: 1, quickCheck: true, ...withKey }).then(() => 'no failure', (err: Error) => err.message);
        expect(words).toMatch(/zeroed-page\.db: .*(corrupt|quick_check failed)/);
        for (const threads of [2, 3]) await expect(verifyLogFile(reader, { to, threads, spanSize: 5, quickCheck: true, ...withKey }), `${threads} threads`).rejects.toThrow(words);
      }
    } finally {
      reader.close();
    }
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
    const none = await runCli(['verify', original, '--threads', '0']);
    expect(none.code).toBe(2);
    expect(none.stderr).toMatch(/--threads takes 1 or more/);
  }, 60_000);
});
