// The log's format (docs/event-log.md, "Log formats"): format 3 stores the bytes each hash covers and
// generates every other field from them, so the chain check hashes what is stored and no column can say
// what the envelope does not; the header says the format; logs of formats 1 and 2 are read and verified as
// ever, never written, and `shoe migrate` brings them to format 3 with the same hashes, all or nothing.
import { createHash } from 'node:crypto';
import { existsSync, mkdtempSync, readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import { beforeAll, describe, expect, test } from 'vitest';
import { SqliteEventStore } from '../../../src/adapters/store/sqlite-event-store.js';
import { EVENTS_TABLE_DDL } from '../../../src/adapters/store/sqlite-schema.js';
import { MemoryEventStore } from '../../../src/adapters/store/memory-event-store.js';
import { canonicalEnvelope, GENESIS_HASH, sha256Hex } from '../../../src/log/event-chain.js';
import { chainMac } from '../../../src/log/chain-mac.js';
import { sealEnvelopes } from '../../../src/log/seal-events.js';
import { loadRuleSet } from '../../../src/config/load-rule-set.js';
import { playRandomSession } from '../../support/random-session.js';
import { runCli } from '../../support/run-cli.js';
import { openAnchoredTable } from '../../support/anchored-table.js';
import { asFormat1 } from './fixtures/format-1-log.js';
import { asFormat2 } from './fixtures/format-2-log.js';
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
/** A copy of the written log (with its anchor file), compacted into one file. */
function vacuumedCopy(name: string): string {
  const file = join(dir, name);
  const copy = new Database(written, { readonly: true });
  copy.exec(`VACUUM INTO '${file}'`);
  copy.close();
  writeFileSync(`${file}.anchors`, readFileSync(`${written}.anchors`));
  return file;
}
process.env['LOG_FORMAT_KEY'] = KEY_TEXT; // the CLI's children inherit it (--key-env LOG_FORMAT_KEY)

beforeAll(async () => {
  // A real keyed, anchored table log with snapshots: what `shoe start` writes.
  const table = await openAnchoredTable(written, 'fmt-t', { key: Buffer.from(KEY_TEXT), snapshotEvery: 100 });
  for (const input of playRandomSession(loadRuleSet('six-deck').rules, 5, 15).inputs) await table.service.submit(input, { source: 'session' });
  await table.close();
}, 60_000);

describe('format 3: the bytes each hash covers are stored, every other field generated from them', () => {
  test('every row: sha256 of \'{"data":\' || data || tail is its hash; the header says format 3', () => {
    const all = rows(written, `SELECT '{"data":' || data || tail, hash FROM events ORDER BY seq`) as Array<[string, string]>;
    expect(all.length).toBeGreaterThan(200);
    for (const [bytes, hash] of all) expect(createHash('sha256').update(bytes, 'utf8').digest('hex')).toBe(hash);
    expect(rows(written, 'SELECT key, value FROM log_meta')).toEqual([['format', '3']]);
    expect(rows(written, 'PRAGMA user_version')).toEqual([[3]]);
  });

  test("only the table id, seq, data, tail and hash are stored; the columns the table reads are the envelope's members", () => {
    // table_xinfo: hidden 2 = a virtual generated column (nothing stored).
    const columns = rows(written, "SELECT name, hidden FROM pragma_table_xinfo('events')") as Array<[string, number]>;
    expect(columns.filter(([, hidden]) => hidden === 0).map(([name]) => name)).toEqual(['id', 'stream', 'seq', 'data', 'tail', 'hash']);
    expect(columns.filter(([, hidden]) => hidden === 2).map(([name]) => name)).toEqual(['round', 'mono_time', 'wall_time', 'rules_id', 'type', 'prev_hash']);
    const all = rows(written, `SELECT stream, seq, round, mono_time, wall_time, rules_id, type, prev_hash, '{"data":' || data || tail FROM events ORDER BY seq`) as Array<[string, number, number, number, string, string, string, string, string]>;
    for (const [stream, seq, round, monoTime, wallTime, rulesId, type, prevHash, envelope] of all) {
      const e = JSON.parse(envelope) as Record<string, unknown>;
      expect({ stream, seq, round, monoTime, wallTime, rulesId, type, prevHash }).toEqual({ stream: e['tableId'], seq: e['seq'], round: e['round'], monoTime: e['monoTime'], wallTime: e['wallTime'], rulesId: e['rulesId'], type: e['type'], prevHash: e['prevHash'] });
    }
  });

  test('the same events take less room than in format 2, which stored every field twice', () => {
    const two = asFormat2(written, join(dir, 'size-2.db'));
    const three = vacuumedCopy('size-3.db');
    expect(hashes(three)).toEqual(hashes(two));
    expect(statSync(three).size).toBeLessThan(statSync(two).size * 0.85);
  });

  test('a redefined events table is found by verify and refused by the table (a generated column could say anything)', async () => {
    const file = vacuumedCopy('redefined.db');
    // The table made anew with one generated column redefined, the stored columns copied as they were.
    const sql = new Database(file);
    sql.exec('DROP TRIGGER events_no_update; DROP TRIGGER events_no_delete; DROP TRIGGER events_round_index; ALTER TABLE events RENAME TO events_before;');
    sql.exec(EVENTS_TABLE_DDL.replace("'$.type'", "'$.rulesId'"));
    sql.exec('INSERT INTO events (id, stream, seq, data, tail, hash) SELECT id, stream, seq, data, tail, hash FROM events_before; DROP TABLE events_before;');
    sql.close();
    expect(rows(file, 'SELECT count(*) FROM events WHERE type = rules_id')).toEqual([[hashes(file).length]]);
    const r = await runCli(['verify', file], 'node');
    expect([r.code, r.stdout.trim()]).toEqual([1, expect.stringMatching(/^MISMATCH fmt-t at event 1: the events table is not the one log format 3 defines/)]);
    const store = new SqliteEventStore({ path: file, pollIntervalMs: 0 });
    await expect(store.head('fmt-t')).rejects.toThrow(/the events table is not the one log format 3 defines.*the table does not write to it/);
    await store.close();
  }, 60_000);

  test("a seq column that is not the envelope's breaks the chain there, even with its hash and MAC recomputed", async () => {
    const file = vacuumedCopy('seq-column.db');
    const sql = new Database(file);
    const [seq, data, tail] = sql.prepare('SELECT seq, data, tail FROM events ORDER BY seq DESC LIMIT 1').raw(true).get() as [number, string, string];
    // The last event's envelope says it is the one after (hash and MAC made anew): only the column comparison can tell.
    const forged = tail.replace(`,"seq":${seq},`, `,"seq":${seq + 1},`);
    const hash = sha256Hex(`{"data":${data}${forged}`);
    sql.exec('DROP TRIGGER events_no_update; DROP TRIGGER event_macs_no_update;');
    sql.prepare('UPDATE events SET tail = ?, hash = ? WHERE seq = ?').run(forged, hash, seq);
    sql.prepare('UPDATE event_macs SET mac = ? WHERE seq = ?').run(chainMac(Buffer.from(KEY_TEXT), hash), seq);
    sql.close();
    const r = await runCli(['verify', file, '--key-env', 'LOG_FORMAT_KEY', '--no-anchor-ok'], 'node');
    expect([r.code, r.stdout.trim()]).toEqual([1, expect.stringMatching(new RegExp(`^MISMATCH fmt-t at event ${seq}: hash chain broken`))]);
  }, 60_000);
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

});

describe('format 2: every field stored twice, compared by verify', () => {
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


describe.each([
  { format: 1, make: asFormat1 },
  { format: 2, make: asFormat2 },
])('logs of format $format', ({ format, make }) => {
  test('are read and verified as ever, and never written: an append is refused in one line naming `shoe migrate`', async () => {
    const old = make(written, join(dir, `old-read-${format}.db`));
    const r = await runCli(['verify', old, '--threads', '2'], 'node');
    expect(r.stdout).toMatch(/^OK fmt-t: \d+ events/);
    const store = new SqliteEventStore({ path: old, pollIntervalMs: 0 });
    expect((await store.read('fmt-t')).length).toBeGreaterThan(200);
    const head = await store.head('fmt-t');
    await expect(store.append('fmt-t', makeEvents(0, 1), { expectedVersion: head.version })).rejects.toThrow(new RegExp(`log format ${format} .* run \`shoe migrate .*old-read-${format}\\.db\` to bring it to format 3`));
    await store.close();
    expect(rows(old, 'PRAGMA user_version')).toEqual([[format]]);
  }, 60_000);

  test('`shoe migrate`: format 3, the same hashes, envelopes, MACs, snapshots and anchors; verify OK; a second run has nothing to do', async () => {
    const old = make(written, join(dir, `old-migrated-${format}.db`));
    const before = { hashes: hashes(old), macs: rows(old, 'SELECT * FROM event_macs ORDER BY seq'), snapshots: rows(old, 'SELECT * FROM snapshots ORDER BY stream') };
    const r = await runCli(['migrate', old, '--key-env', 'LOG_FORMAT_KEY'], 'node');
    expect(r.stderr).toBe('');
    expect(r.stdout.trim()).toMatch(new RegExp(`^MIGRATED fmt-t: .*old-migrated-${format}\\.db from log format ${format} to 3: \\d+ events, the same hashes .*; verified before and after$`));
    expect(r.code).toBe(0);
    expect(hashes(old)).toEqual(before.hashes);
    expect(rows(old, 'SELECT * FROM event_macs ORDER BY seq')).toEqual(before.macs);
    expect(rows(old, 'SELECT * FROM snapshots ORDER BY stream')).toEqual(before.snapshots);
    expect(rows(old, 'SELECT value FROM log_meta')).toEqual([['3']]);
    const envelopes = `SELECT '{"data":' || data || tail FROM events ORDER BY seq`;
    expect(rows(old, envelopes)).toEqual(rows(written, envelopes));
    expect(readdirSync(dir).filter((f) => f.includes('migrating'))).toEqual([]);
    const verified = await runCli(['verify', old, '--key-env', 'LOG_FORMAT_KEY'], 'node');
    expect(verified.stdout).toMatch(/^OK fmt-t: .*MACs checked from event 1; consistent with the anchor at seq \d+/);
    const again = await runCli(['migrate', old], 'node');
    expect([again.code, again.stdout.trim()]).toEqual([0, `ALREADY fmt-t: ${old} is in log format 3; nothing to do`]);
  }, 120_000);

  test('a migration source that does not verify is refused in one line and left byte for byte as it was', async () => {
    const old = make(written, join(dir, `old-altered-${format}.db`));
    const sql = new Database(old);
    sql.exec('DROP TRIGGER events_no_update');
    sql.prepare("UPDATE events SET data = replace(data, '\"session\"', '\"altered\"') WHERE seq = 40").run();
    sql.close();
    const digest = fileDigest(old);
    const r = await runCli(['migrate', old], 'node');
    expect(r.code).toBe(1);
    expect(r.stdout.trim().split('\n')).toHaveLength(1);
    expect(r.stdout).toMatch(/^REFUSED fmt-t: .*old-altered-\d\.db does not verify, so it was not migrated: MISMATCH fmt-t at event 40: hash chain broken/);
    expect(fileDigest(old)).toBe(digest);
    expect(existsSync(`${old}.migrating`)).toBe(false);
    const garbage = join(dir, 'garbage.db');
    writeFileSync(garbage, 'not a database at all, just text that is long enough to be read');
    const g = await runCli(['migrate', garbage], 'node');
    expect(g.code).toBe(2);
    expect(g.stderr.trim().split('\n')).toEqual([expect.stringMatching(/^shoe migrate: .*garbage\.db: not a SQLite database/)]);
  }, 60_000);

  test('`shoe backup` of a live log writes its copy in format 3', async () => {
    const old = make(written, join(dir, `old-live-${format}.db`));
    const copy = join(dir, `old-live-copy-${format}.db`);
    const r = await runCli(['backup', old, copy], 'node');
    expect(r.stdout).toMatch(new RegExp(`^OK fmt-t: .* in the current log format \\(the live log is in format ${format}`));
    expect(rows(copy, 'SELECT value FROM log_meta')).toEqual([['3']]);
    expect(hashes(copy)).toEqual(hashes(old));
  }, 60_000);
});

test('a log of format 2 whose columns were edited, hashes left alone, is found by verify and refused by migrate', async () => {
  const old = asFormat2(written, join(dir, 'format-2-edited.db'));
  const sql = new Database(old);
  sql.exec('DROP TRIGGER events_no_update');
  sql.prepare("UPDATE events SET wall_time = '2020-01-01T00:00:00.000Z' WHERE seq = 40").run();
  sql.close();
  const r = await runCli(['verify', old], 'node');
  expect([r.code, r.stdout.trim()]).toEqual([1, expect.stringMatching(/^MISMATCH fmt-t at event 40: hash chain broken/)]);
  const m = await runCli(['migrate', old], 'node');
  expect([m.code, m.stdout.trim()]).toEqual([1, expect.stringMatching(/^REFUSED fmt-t: .* MISMATCH fmt-t at event 40/)]);
}, 60_000);
