// `shoe verify` in threads: the chain workers read the re-run's pages ahead into shared slots for the main thread
// (src/cli/verify-read-ahead.ts; docs/audit.md, "How verify spends its time"). Whichever thread reads a page,
// the verdict, the event it names, the progress and where the re-run stops are those of the main thread
// reading every page itself. Pages of 7 seqs here, so every log crosses many page borders; "carried" makes
// the main thread take every page from a worker (it waits rather than read one itself).
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import { beforeAll, describe, expect, test } from 'vitest';
import { damagedCopy } from '../../support/damaged-log.js';
import { SqliteLogReader } from '../../../src/adapters/store/sqlite-log-reader.js';
import { nativeChainWanted } from '../../../src/adapters/store/sqlite-native-chain.js';
import { verifyLog, type Verdict } from '../../../src/app/audit/verify-log.js';
import { verifyLogFile, type VerifyFileOptions } from '../../../src/cli/verify-log-file.js';
import { loadRuleSet } from '../../../src/config/load-rule-set.js';
import { envelopeTail, hashEvent } from '../../../src/log/event-chain.js';
import { openAnchoredTable } from '../../support/anchored-table.js';
import { playRandomSession } from '../../support/random-session.js';

const KEY = Buffer.from('verify-read-ahead-test-key-0123456789abcdef');
const PAGE = 7;
const dir = mkdtempSync(join(tmpdir(), 'verify-read-ahead-'));
const original = join(dir, 'table.db');

type Row = { seq: number; stream: string; round: number; mono_time: number; wall_time: string; rules_id: string; type: string; data: string; prev_hash: string };

/** Sets the data of `seq` and re-seals the chain from there on without the key: only the round machine can find it. */
function refact(sql: Database.Database, seq: number): void {
  const rows = sql.prepare('SELECT * FROM events WHERE seq >= ? ORDER BY seq').all(seq) as Row[];
  let prevHash = rows[0]!.prev_hash;
  for (const r of rows) {
    const text = r.seq === seq ? r.data.replace(/"amount":(\d+)/, '"amount":1$1') : r.data;
    const unsealed = { tableId: r.stream, seq: r.seq, round: r.round, monoTime: r.mono_time, wallTime: r.wall_time, rulesId: r.rules_id, type: r.type, data: JSON.parse(text), prevHash };
    const hash = hashEvent(unsealed, text);
    sql.prepare('UPDATE events SET data = ?, tail = ?, hash = ? WHERE seq = ?').run(text, envelopeTail(unsealed), hash, r.seq);
    prevHash = hash;
  }
}

function seqOf(file: string, type: string, n: number): number {
  const sql = new Database(file, { readonly: true });
  try {
    return (sql.prepare('SELECT seq FROM events WHERE type = ? ORDER BY seq LIMIT 1 OFFSET ?').get(type, n - 1) as { seq: number }).seq;
  } finally {
    sql.close();
  }
}

interface Run {
  readonly verdict: Verdict;
  readonly progress: number[];
  /** Pages the re-run took from a worker and read itself (undefined: no read-ahead). */
  readonly carried?: number;
  readonly readHere?: number;
}

async function run(reader: SqliteLogReader, to: number, key: Buffer | undefined, options: Partial<VerifyFileOptions>): Promise<Run> {
  const progress: number[] = [];
  let pages: { carried: number; readHere: number } | undefined;
  const readAhead = options.readAhead === false ? false : { page: PAGE, ...options.readAhead, onDone: (carried: number, readHere: number) => (pages = { carried, readHere }) };
  const verdict = await verifyLogFile(reader, { to, threads: 2, progressEvery: 50, onProgress: (done) => progress.push(done), ...(key ? { key } : {}), ...options, readAhead });
  return { verdict, progress, ...pages };
}

/** The one-reading verdict, and the file's in two threads without read-ahead, with it, and with every page carried. */
async function everyWay(file: string, key: Buffer | undefined) {
  const reader = SqliteLogReader.open(file);
  try {
    const to = reader.head().seq;
    const one = verifyLog(reader.events(), key ? { key } : {});
    const off = await run(reader, to, key, { readAhead: false });
    const on = await run(reader, to, key, {});
    const carried = await run(reader, to, key, { readAhead: { onlyCarried: true } });
    const three = await run(reader, to, key, { threads: 3, spanSize: 5, readAhead: { onlyCarried: true } });
    return { to, one, off, on, carried, three };
  } finally {
    reader.close();
  }
}

beforeAll(async () => {
  const table = await openAnchoredTable(original, 'ahead-t', { key: KEY });
  const { inputs } = playRandomSession(loadRuleSet('six-deck').rules, 11, 12);
  for (const input of inputs) await table.service.submit(input, { source: 'session' });
  await table.close();
}, 60_000);

describe.runIf(nativeChainWanted())('verify reads the re-run\'s pages ahead in the chain workers', () => {
  test('an intact keyed log: every page carried, the same verdict and progress as reading every page here', async () => {
    const { to, one, off, on, carried, three } = await everyWay(original, KEY);
    expect(one).toMatchObject({ ok: true, macFrom: 1 });
    expect(to).toBeGreaterThan(20 * PAGE);
    for (const r of [off, on, carried, three]) expect(r.verdict).toEqual(one);
    for (const r of [on, carried, three]) expect(r.progress).toEqual(off.progress);
    expect(off.carried).toBeUndefined();
    expect(carried).toMatchObject({ carried: Math.ceil(to / PAGE), readHere: 0 });
    expect(three).toMatchObject({ carried: Math.ceil(to / PAGE), readHere: 0 });
    expect((on.carried ?? 0) + (on.readHere ?? 0)).toBe(Math.ceil(to / PAGE));
  });

  test('a fact rewritten and re-sealed: found at the same event whoever read its page, and the re-run stops there', async () => {
    const seq = seqOf(original, 'bet.placed', 7);
    const file = damagedCopy(original, join(dir, 'refact.db'), (sql) => refact(sql, seq));
    const { one, off, on, carried, three } = await everyWay(file, undefined);
    expect(one).toMatchObject({ ok: false, seq, problem: expect.stringMatching(/round machine derives/) });
    for (const r of [off, on, carried, three]) expect(r.verdict).toEqual(one);
    for (const r of [on, carried, three]) expect(r.progress).toEqual(off.progress);
    // The re-run takes no page after the one that holds the problem.
    expect(carried).toMatchObject({ carried: Math.ceil(seq / PAGE), readHere: 0 });
    expect((on.carried ?? 0) + (on.readHere ?? 0)).toBe(Math.ceil(seq / PAGE));
  });

  test('an event missing (a page records_page declines) and an envelope edited: the chain\'s problem, the same in every way', async () => {
    const gap = damagedCopy(original, join(dir, 'gap.db'), (sql) => sql.prepare('DELETE FROM events WHERE seq = ?').run(212));
    const a = await everyWay(gap, KEY);
    expect(a.one).toMatchObject({ ok: false, seq: 212, problem: 'hash chain broken: expected seq 212, found 213' });
    for (const r of [a.off, a.on, a.carried, a.three]) expect(r.verdict).toEqual(a.one);
    const tail = damagedCopy(original, join(dir, 'tail.db'), (sql) => sql.prepare("UPDATE events SET tail = replace(tail, '\"round\":', '\"round\": ') WHERE seq = 151").run());
    const b = await everyWay(tail, KEY);
    // Only the stored bytes show it: not the one reading of the fields.
    expect(b.off.verdict).toEqual({ ok: false, seq: 151, problem: 'hash chain broken: hash does not match the content (the event was altered)' });
    for (const r of [b.on, b.carried, b.three]) expect(r.verdict).toEqual(b.off.verdict);
  });
});
