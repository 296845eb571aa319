// The chain check inside SQLite (native/chain-check/chain_check.c, docs/adr/0011-chain-check-inside-sqlite.md):
// on an intact log it vouches for every event of a span; on any damage it stops at the very event the
// JavaScript check (src/log/stored-chain.ts, the reference) would name, never after it. The library is
// built by `npm install` where a C compiler is; this test builds it with warnings as errors, so it runs
// (never skips) wherever the suite runs, and CI has the compiler.
import { spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import { afterEach, beforeAll, describe, expect, test } from 'vitest';
import { damagedCopy } from '../../support/damaged-log.js';
import { SqliteEventStore } from '../../../src/adapters/store/sqlite-event-store.js';
import { SqliteLogReader } from '../../../src/adapters/store/sqlite-log-reader.js';
import { NATIVE_CHAIN_LIBRARY, NativeChainCheck, nativeChainProblem } from '../../../src/adapters/store/sqlite-native-chain.js';
import { chainMac } from '../../../src/log/chain-mac.js';
import { GENESIS_HASH } from '../../../src/log/event-chain.js';
import type { NewEvent } from '../../../src/ports/event-store.js';

const KEY = Buffer.from('native-chain-test-key-0123456789abcdef');
/** A key longer than SHA-256's block: HMAC hashes it first (RFC 2104). */
const LONG_KEY = Buffer.from('k'.repeat(100));
const dir = mkdtempSync(join(tmpdir(), 'native-chain-'));
const EVENTS = 40;

/** Event i's wall time; from `backFrom` on an hour earlier (a clock stepped back). */
function wallOf(i: number, backFrom = Infinity): string {
  return new Date(Date.UTC(2026, 0, 1, 0, 0, i) - (i >= backFrom ? 3_600_000 : 0)).toISOString();
}

function event(i: number, backFrom = Infinity): NewEvent {
  // Non-ASCII text in data and a quote in a string: the bytes hashed are the stored UTF-8.
  return { type: i % 2 ? 'card.dealt' : 'note', data: { i, who: i === 7 ? 'Дилер "Ё"' : `p${i}` }, round: Math.ceil(i / 10), monoTime: i, wallTime: wallOf(i, backFrom), rulesId: 'sha256:test' };
}

async function writeLog(file: string, key: Buffer | undefined, keyedFrom = 1, backFrom = Infinity): Promise<void> {
  if (keyedFrom > 1) {
    const plain = new SqliteEventStore({ path: file, pollIntervalMs: 0 });
    await plain.append('t-1', Array.from({ length: keyedFrom - 1 }, (_, i) => event(i + 1)), { expectedVersion: 0 });
    await plain.close();
  }
  const store = new SqliteEventStore({ path: file, pollIntervalMs: 0, ...(key ? { macKey: key } : {}) });
  for (let seq = keyedFrom; seq <= EVENTS; seq += 1) await store.append('t-1', [event(seq, backFrom)], { expectedVersion: seq - 1 });
  await store.close();
}

const intact = join(dir, 'intact.db');
const longKeyed = join(dir, 'long-key.db');
const lateKeyed = join(dir, 'late-key.db');
const steppedBack = join(dir, 'stepped-back.db');

beforeAll(async () => {
  const built = spawnSync(process.execPath, ['scripts/build-native.mjs', '--strict'], { encoding: 'utf8' });
  expect(built.status, built.stderr).toBe(0);
  await writeLog(intact, KEY);
  await writeLog(longKeyed, LONG_KEY);
  await writeLog(lateKeyed, KEY, 11);
  await writeLog(steppedBack, KEY, 1, 25);
}, 60_000);

afterEach(() => {
  delete process.env.SHOE_VERIFY_CHECK;
});

/** A copy of the intact log with `edit` applied (the append-only triggers dropped). */
function damaged(name: string, edit: (sql: Database.Database) => void, from = intact): string {
  return damagedCopy(from, join(dir, `${name}.db`), edit);
}

/** What the native check vouches for over events from..to of `file`, from the stored hash before `from`. */
function vouch(file: string, key: Buffer | undefined, from = 1, to = EVENTS, macFrom: number | null = null) {
  const reader = SqliteLogReader.open(file);
  try {
    const hash = reader.hashAt(from - 1) ?? '';
    return reader.vouchedSpan(from, to, { hash, macFrom }, key);
  } finally {
    reader.close();
  }
}

describe('the chain check inside SQLite', () => {
  test('the library is built and loads: it vouches for every event of an intact log, with and without the key', () => {
    expect(NATIVE_CHAIN_LIBRARY).toMatch(/native\/build\/chain-check\./);
    const walls = { first: wallOf(1), last: wallOf(EVENTS), back: undefined };
    expect(vouch(intact, KEY)).toEqual({ events: EVENTS, macFrom: 1, walls });
    expect(vouch(intact, undefined)).toEqual({ events: EVENTS, macFrom: null, walls });
    expect(vouch(intact, KEY, 21, 30, 1)).toEqual({ events: 10, macFrom: 1, walls: { first: wallOf(21), last: wallOf(30), back: undefined } });
    expect(vouch(longKeyed, LONG_KEY)).toEqual({ events: EVENTS, macFrom: 1, walls });
    expect(nativeChainProblem()).toBeUndefined();
  });

  test('a log keyed from event 11: the events before carry no MAC, the first keyed event is found', () => {
    expect(vouch(lateKeyed, KEY)).toMatchObject({ events: EVENTS, macFrom: 11 });
    expect(vouch(lateKeyed, KEY, 1, 10)).toMatchObject({ events: 10, macFrom: null });
  });

  test('wall times that go back (docs/audit.md): the first event that goes back, the wall times before and at it, how many', () => {
    expect(vouch(steppedBack, KEY)).toEqual({ events: EVENTS, macFrom: 1, walls: { first: wallOf(1), last: wallOf(EVENTS, 25), back: { seq: 25, before: wallOf(24), at: wallOf(25, 25), times: 1 } } });
    // A span from the step on has none inside it (the join compares it with the span before).
    expect(vouch(steppedBack, KEY, 25, EVENTS, 1)?.walls).toEqual({ first: wallOf(25, 25), last: wallOf(EVENTS, 25), back: undefined });
  });

  test('SHOE_VERIFY_CHECK=js: not used (every span is checked in JavaScript)', () => {
    process.env.SHOE_VERIFY_CHECK = 'js';
    expect(vouch(intact, KEY)).toBeUndefined();
  });

  const cases: Array<[string, number, (sql: Database.Database) => void]> = [
    ['data altered', 12, (sql) => sql.prepare(`UPDATE events SET data = replace(data, '"p12"', '"p13"') WHERE seq = 12`).run()],
    ['a byte of the UTF-8 data altered, hash left alone', 7, (sql) => sql.prepare(`UPDATE events SET data = replace(data, 'Ё', 'Е') WHERE seq = 7`).run()],
    ['the tail altered', 9, (sql) => sql.prepare(`UPDATE events SET tail = replace(tail, '"round":', '"round": ') WHERE seq = 9`).run()],
    ['the prevHash in the tail altered', 20, (sql) => sql.prepare(`UPDATE events SET tail = replace(tail, '"prevHash":"', '"prevHash":"f') WHERE seq = 20`).run()],
    ['the stored hash in capitals', 15, (sql) => sql.prepare('UPDATE events SET hash = upper(hash) WHERE seq = 15').run()],
    ['the seq column not the envelope\'s', 30, (sql) => sql.prepare('UPDATE events SET seq = 1000 WHERE seq = 30').run()],
    ['an event missing', 25, (sql) => sql.prepare('DELETE FROM events WHERE seq = 25').run()],
    ['a MAC wrong', 33, (sql) => sql.prepare(`UPDATE event_macs SET mac = ? WHERE seq = 33`).run(chainMac(KEY, GENESIS_HASH))],
    ['a MAC wrong in its last character only', 36, (sql) => sql.prepare(`UPDATE event_macs SET mac = substr(mac, 1, 63) || CASE WHEN substr(mac, 64) = '0' THEN '1' ELSE '0' END WHERE seq = 36`).run()],
    ['a MAC missing after the first', 18, (sql) => sql.prepare('DELETE FROM event_macs WHERE seq = 18').run()],
    ['the data stored as a blob (not text)', 5, (sql) => sql.prepare('UPDATE events SET data = CAST(data AS BLOB) WHERE seq = 5').run()],
    ['a MAC stored as a blob', 21, (sql) => sql.prepare('UPDATE event_macs SET mac = CAST(mac AS BLOB) WHERE seq = 21').run()],
    ['bytes that are not UTF-8', 3, (sql) => sql.prepare(`UPDATE events SET data = CAST(X'7b2269223a22ff227d' AS TEXT) WHERE seq = 3`).run()],
  ];
  for (const [name, at, edit] of cases) {
    test(`${name}: it vouches for the events before ${at} and stops there`, () => {
      const file = damaged(name.replace(/\W+/g, '-'), edit);
      expect(vouch(file, KEY)?.events).toBe(at - 1);
      // A span that starts after the damaged event: vouched for, unless the damage breaks the link into it.
      if (!['an event missing', 'the seq column not the envelope\'s', 'the stored hash in capitals'].includes(name)) expect(vouch(file, KEY, at + 1, EVENTS, 1)?.events).toBe(EVENTS - at);
    });
  }

  test('bytes that are not UTF-8 under a hash of those very bytes: JavaScript reads other text, so it is not vouched for', () => {
    // The last event (no event after it links to its hash), no key: only the decoding can tell.
    const file = damaged('forged-bytes', (sql) => {
      const { tail } = sql.prepare('SELECT tail FROM events WHERE seq = ?').get(EVENTS) as { tail: string };
      const data = Buffer.from('{"i":"\xff"}', 'latin1');
      const hash = createHash('sha256').update(Buffer.concat([Buffer.from('{"data":'), data, Buffer.from(tail)])).digest('hex');
      sql.prepare('UPDATE events SET data = CAST(? AS TEXT), hash = ? WHERE seq = ?').run(data, hash, EVENTS);
    });
    expect(vouch(file, undefined)?.events).toBe(EVENTS - 1);
  });

  test('MACs of events that are not in the span or not in the log: passed over, as a join passes them over', () => {
    // The check reads the span's MACs itself, in seq order beside the events (chain_check.c).
    const extra = damaged('extra-macs', (sql) => {
      const insert = sql.prepare('INSERT INTO event_macs (stream, seq, mac) VALUES (?, ?, ?)');
      insert.run('t-1', 0, chainMac(KEY, GENESIS_HASH));
      insert.run('t-1', 1000, chainMac(KEY, GENESIS_HASH));
      insert.run('t-0', 5, chainMac(KEY, GENESIS_HASH));
      insert.run('t-2', 5, chainMac(KEY, GENESIS_HASH));
    });
    expect(vouch(extra, KEY)).toMatchObject({ events: EVENTS, macFrom: 1 });
    expect(vouch(extra, KEY, 5, 6, 1)).toMatchObject({ events: 2, macFrom: 1 });
    // A MAC row whose seq is not an integer: the check stops where it meets it (the JavaScript check, which
    // never matches such a row to an event, then finds the span intact): stricter, never looser.
    const odd = damaged('odd-mac-seq', (sql) => sql.prepare('INSERT INTO event_macs (stream, seq, mac) VALUES (?, 20.5, ?)').run('t-1', chainMac(KEY, GENESIS_HASH)));
    expect(vouch(odd, KEY)?.events).toBe(20);
    expect(vouch(odd, KEY, 21, EVENTS, 1)?.events).toBe(EVENTS - 20);
  });

  test('a span from a wrong anchor: nothing vouched for', () => {
    const reader = SqliteLogReader.open(intact);
    try {
      expect(reader.vouchedSpan(11, 20, { hash: GENESIS_HASH, macFrom: 1 }, KEY)?.events).toBe(0);
      expect(reader.vouchedSpan(11, 20, { hash: '', macFrom: 1 }, KEY)?.events).toBe(0);
    } finally {
      reader.close();
    }
  });

  test('the wrong key: nothing vouched for; the right key after an unkeyed reading: everything', () => {
    expect(vouch(intact, Buffer.from('another-key-0123456789abcdef0123456789'))?.events).toBe(0);
    expect(vouch(intact, KEY)?.events).toBe(EVENTS);
  });

  // The problem is the library's own: verify warns about the one it uses (a test process runs many files, and
  // a verify after this one must not warn about this file's other library).
  test('a library built from other sources (its functions another version): not used, and the warning says to rebuild it', () => {
    const other = join(mkdtempSync(join(tmpdir(), 'native-chain-other-')), 'chain-check.so');
    const built = spawnSync(process.execPath, ['scripts/build-native.mjs', '--strict', '--define', 'VERIFY_FUNCTIONS_VERSION=1', '--out', other], { encoding: 'utf8' });
    expect(built.status, built.stderr).toBe(0);
    const db = new Database(intact, { readonly: true });
    try {
      expect(NativeChainCheck.load(db, 't-1', other)).toBeUndefined();
      expect(nativeChainProblem(other)).toMatch(/built from other sources than this program's \(its functions are version 1, this program needs 4\).*npm run build:native/);
      expect(NativeChainCheck.load(db, 't-1')).toBeDefined(); // the library built from these sources still loads
      expect(nativeChainProblem()).toBeUndefined(); // and verify, which uses it, has nothing to warn about
    } finally {
      db.close();
    }
  });
});
