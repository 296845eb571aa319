// The log's format (docs/event-log.md, "Log formats"): format 2 keeps the bytes each hash covers, so the
// chain check hashes what is stored; the header says the format; a log of format 1 is read and verified
// as ever, never written, and `shoe migrate` brings it to format 2 with the same hashes, all or nothing.
import { createHash } from 'node:crypto';
import { existsSync, mkdtempSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import { beforeAll, describe, expect, test } from 'vitest';
import { SqliteEventStore } from '../../../src/adapters/store/sqlite-event-store.js';
import { MemoryEventStore } from '../../../src/adapters/store/memory-event-store.js';
import { canonicalEnvelope, GENESIS_HASH } from '../../../src/log/event-chain.js';
import { sealEnvelopes } from '../../../src/log/seal-events.js';
import { loadRuleSet } from '../../../src/config/load-rule-set.js';
import { playRandomSession } from '../../support/random-session.js';
import { runCli } from '../../support/run-cli.js';
import { openAnchoredTable } from '../../support/anchored-table.js';
import { asFormat1 } from './fixtures/format-1-log.js';
import { makeEvents } from './event-store-contract.js';

const KEY_TEXT = 'log-format-test-key-0123456789abcdef0123';
const dir = mkdtempSync(join(tmpdir(), 'log-format-'));
const written = join(dir, 'written.db');

function rows(db: string, sql: string): unknown[] {
  const d = new Database(db, { readonly: true });
  try {
    return d.prepare(sql).raw(true).all();
  } finally {
    d.close();
  }
}
const hashes = (db: string) => rows(db, 'SELECT seq, hash FROM events ORDER BY seq');
const fileDigest = (file: string) => createHash('sha256').update(readFileSync(file)).digest('hex');
process.env['LOG_FORMAT_KEY'] = KEY_TEXT; // the CLI's children inherit it (--key-env LOG_FORMAT_KEY)

beforeAll(async () => {
  // A real keyed, anchored table log with snapshots: what `shoe start` writes.
  const table = await openAnchoredTable(written, 'fmt-t', { key: Buffer.from(KEY_TEXT), snapshotEvery: 100 });
  for (const input of playRandomSession(loadRuleSet('six-deck').rules, 5, 15).inputs) await table.service.submit(input, { source: 'session' });
  await table.close();
}, 60_000);

describe('format 2: the bytes each hash covers are stored', () => {
  test('every row: sha256 of \'{"data":\' || data || tail is its hash; the header says format 2', () => {
    const all = rows(written, `SELECT '{"data":' || data || tail, hash FROM events ORDER BY seq`) as Array<[string, string]>;
    expect(all.length).toBeGreaterThan(200);
    for (const [bytes, hash] of all) expect(createHash('sha256').update(bytes, 'utf8').digest('hex')).toBe(hash);
    expect(rows(written, 'SELECT key, value FROM log_meta')).toEqual([['format', '2']]);
    expect(rows(written, 'PRAGMA user_version')).toEqual([[2]]);
  });

  test('the hashes are those every store has always written: SQLite and memory seal alike, the stored text is the canonical envelope', async () => {
    const events = makeEvents(0, 12);
    const sqlite = new SqliteEventStore({ path: join(dir, '{tableId}.db'), pollIntervalMs: 0 });
    const memory = new MemoryEventStore();
    const a = await sqlite.append('same', events, { expectedVersion: 0 });
    const b = await memory.append('same', events, { expectedVersion: 0 });
    expect(a.events.map((e) => e.hash)).toEqual(b.events.map((e) => e.hash));
    await sqlite.close();
    const stored = rows(join(dir, 'same.db'), `SELECT '{"data":' || data || tail FROM events ORDER BY seq`).map((r) => (r as [string])[0]);
    expect(stored).toEqual(b.events.map((e) => canonicalEnvelope(e)));
    for (const s of sealEnvelopes('same', { version: 0, hash: GENESIS_HASH }, events)) expect(`{"data":${s.dataJson}${s.tail}`).toBe(canonicalEnvelope(s.event));
  });

  test("SQLite's json_quote writes strings as JSON.stringify does (the columns are compared with the tail through it)", () => {
    const sql = new Database(':memory:');
    const quote = sql.prepare('SELECT json_quote(?)').pluck();
    for (let c = 0; c < 0x3000; c++) {
      if (c >= 0xd800 && c < 0xe000) continue; // lone surrogates are refused before any write
      const s = `a${String.fromCharCode(c)}"\\b`;
      expect(quote.get(s), `U+${c.toString(16)}`).toBe(JSON.stringify(s));
    }
    expect(quote.get('\u{1F600}é')).toBe(JSON.stringify('\u{1F600}é'));
    sql.close();
  });

  test("mono_time is the tail's monoTime for the clock's values (SQLite reads back JSON's shortest form exactly)", () => {
    const sql = new Database(':memory:');
    const same = sql.prepare('SELECT CAST(? AS REAL) = ?').pluck();
    let x = 0x2545f491;
    const random = () => ((x = (x * 1103515245 + 12345) >>> 0) / 2 ** 32);
    for (let i = 0; i < 20_000; i++) {
      for (const v of [Math.round(random() * 1e10) / 1000, random() * 1e6, random(), random() * 1e-7, random() * 1e22]) expect(same.get(JSON.stringify(v), v), JSON.stringify(v)).toBe(1);
    }
    sql.close();
  });
});

describe('format 1 logs', () => {
  test('are read and verified as ever, and never written: an append is refused in one line naming `shoe migrate`', async () => {
    const old = asFormat1(written, join(dir, 'old-read.db'));
    const r = await runCli(['verify', old, '--threads', '2'], 'node');
    expect(r.stdout).toMatch(/^OK fmt-t: \d+ events/);
    const store = new SqliteEventStore({ path: old, pollIntervalMs: 0 });
    expect((await store.read('fmt-t')).length).toBeGreaterThan(200);
    const head = await store.head('fmt-t');
    await expect(store.append('fmt-t', makeEvents(0, 1), { expectedVersion: head.version })).rejects.toThrow(/log format 1 .* run `shoe migrate .*old-read\.db` to bring it to format 2/);
    await store.close();
    expect(rows(old, 'PRAGMA user_version')).toEqual([[1]]);
  }, 60_000);

  test('`shoe migrate`: format 2, the same hashes, MACs, snapshots and anchors; verify OK; a second run has nothing to do', async () => {
    const old = asFormat1(written, join(dir, 'old-migrated.db'));
    const before = { hashes: hashes(old), macs: rows(old, 'SELECT * FROM event_macs ORDER BY seq'), snapshots: rows(old, 'SELECT * FROM snapshots ORDER BY stream') };
    const r = await runCli(['migrate', old, '--key-env', 'LOG_FORMAT_KEY'], 'node');
    expect(r.stderr).toBe('');
    expect(r.stdout.trim()).toMatch(/^MIGRATED fmt-t: .*old-migrated\.db from log format 1 to 2: \d+ events, the same hashes .*; verified before and after$/);
    expect(r.code).toBe(0);
    expect(hashes(old)).toEqual(before.hashes);
    expect(rows(old, 'SELECT * FROM event_macs ORDER BY seq')).toEqual(before.macs);
    expect(rows(old, 'SELECT * FROM snapshots ORDER BY stream')).toEqual(before.snapshots);
    expect(rows(old, 'SELECT value FROM log_meta')).toEqual([['2']]);
    expect(readdirSync(dir).filter((f) => f.includes('migrating'))).toEqual([]);
    const verified = await runCli(['verify', old, '--key-env', 'LOG_FORMAT_KEY'], 'node');
    expect(verified.stdout).toMatch(/^OK fmt-t: .*MACs checked from event 1; consistent with the anchor at seq \d+/);
    const again = await runCli(['migrate', old], 'node');
    expect([again.code, again.stdout.trim()]).toEqual([0, `ALREADY fmt-t: ${old} is in log format 2; nothing to do`]);
  }, 120_000);

  test('a migration source that does not verify is refused in one line and left byte for byte as it was', async () => {
    const old = asFormat1(written, join(dir, 'old-altered.db'));
    const sql = new Database(old);
    sql.exec('DROP TRIGGER events_no_update');
    sql.prepare("UPDATE events SET data = replace(data, '\"session\"', '\"altered\"') WHERE seq = 40").run();
    sql.close();
    const digest = fileDigest(old);
    const r = await runCli(['migrate', old], 'node');
    expect(r.code).toBe(1);
    expect(r.stdout.trim().split('\n')).toHaveLength(1);
    expect(r.stdout).toMatch(/^REFUSED fmt-t: .*old-altered\.db does not verify, so it was not migrated: MISMATCH fmt-t at event 40: hash chain broken/);
    expect(fileDigest(old)).toBe(digest);
    expect(existsSync(`${old}.migrating`)).toBe(false);
    const garbage = join(dir, 'garbage.db');
    writeFileSync(garbage, 'not a database at all, just text that is long enough to be read');
    const g = await runCli(['migrate', garbage], 'node');
    expect(g.code).toBe(2);
    expect(g.stderr.trim().split('\n')).toEqual([expect.stringMatching(/^shoe migrate: .*garbage\.db: not a SQLite database/)]);
  }, 60_000);

  test('`shoe backup` of a live log of format 1 writes its copy in format 2', async () => {
    const old = asFormat1(written, join(dir, 'old-live.db'));
    const copy = join(dir, 'old-live-copy.db');
    const r = await runCli(['backup', old, copy], 'node');
    expect(r.stdout).toMatch(/^OK fmt-t: .* in the current log format \(the live log is in format 1/);
    expect(rows(copy, 'SELECT value FROM log_meta')).toEqual([['2']]);
    expect(hashes(copy)).toEqual(hashes(old));
  }, 60_000);
});
