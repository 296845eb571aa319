// The re-run's reading of a format-3 log a page at a time as one text (records_page in
// native/chain-check/records_page.c, src/adapters/store/sqlite-record-pages.ts): the records read so are
// the records read row by row, on an intact log and on every kind of row the text cannot carry, which
// records_page declines so that page is read row by row. The library is built with warnings as errors.
import { spawnSync } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import { afterEach, beforeAll, describe, expect, test } from 'vitest';
import { damagedCopy } from '../../support/damaged-log.js';
import { SqliteEventStore } from '../../../src/adapters/store/sqlite-event-store.js';
import { SqliteLogReader } from '../../../src/adapters/store/sqlite-log-reader.js';
import { NativeChainCheck } from '../../../src/adapters/store/sqlite-native-chain.js';
import { PageTextError, RecordTextPages, recordsOfText } from '../../../src/adapters/store/sqlite-record-pages.js';
import type { NewEvent } from '../../../src/ports/event-store.js';

const dir = mkdtempSync(join(tmpdir(), 'record-pages-'));
const intact = join(dir, 'intact.db');
/** More than two of the reader's text pages (1,000 rows; 200 when a page is read row by row). */
const EVENTS = 2450;

function event(i: number): NewEvent {
  return { type: i % 3 ? 'card.dealt' : 'input', data: { i, who: i === 7 ? 'Дилер "Ё"' : `p${i}` }, round: Math.ceil(i / 10), monoTime: i, wallTime: new Date(Date.UTC(2026, 0, 1, 0, 0, i)).toISOString(), rulesId: 'sha256:test' };
}

beforeAll(async () => {
  const built = spawnSync(process.execPath, ['scripts/build-native.mjs', '--strict'], { encoding: 'utf8' });
  expect(built.status, built.stderr).toBe(0);
  const store = new SqliteEventStore({ path: intact, pollIntervalMs: 0 });
  await store.append('t-1', Array.from({ length: EVENTS }, (_, i) => event(i + 1)), { expectedVersion: 0 });
  await store.close();
}, 60_000);

afterEach(() => {
  delete process.env.SHOE_VERIFY_CHECK;
});

/** The records of `file` from..to as plain values, read with the library (native) or row by row. */
function records(file: string, native: boolean, from = 1, to = EVENTS + 10) {
  if (!native) process.env.SHOE_VERIFY_CHECK = 'js';
  const reader = SqliteLogReader.open(file);
  try {
    return [...reader.records(from, to)].map((r) => ({ seq: r.seq, type: r.type, dataJson: r.dataJson }));
  } finally {
    reader.close();
    delete process.env.SHOE_VERIFY_CHECK;
  }
}

/** What RecordTextPages reads of the page from `from`: records, or undefined (declined). */
function textPage(file: string, from: number) {
  const db = new Database(file, { readonly: true });
  try {
    NativeChainCheck.load(db, 't-1');
    return new RecordTextPages(db, 't-1', 200).read(from, EVENTS + 10)?.map((r) => ({ seq: r.seq, type: r.type, dataJson: r.dataJson }));
  } finally {
    db.close();
  }
}

/** A copy of the intact log with `edit` applied (the append-only triggers dropped). */
function damaged(name: string, edit: (sql: Database.Database) => void): string {
  return damagedCopy(intact, join(dir, `${name}.db`), edit);
}

describe('the re-run reads a page as one text', () => {
  test('an intact log: the text pages give the records row-by-row reading gives, across page borders and from any seq', () => {
    const byRows = records(intact, false);
    expect(byRows).toHaveLength(EVENTS);
    expect(byRows[6]).toEqual({ seq: 7, type: 'card.dealt', dataJson: '{"i":7,"who":"Дилер \\"Ё\\""}' });
    expect(records(intact, true)).toEqual(byRows);
    expect(records(intact, true, 150, 420)).toEqual(byRows.slice(149, 420));
    expect(records(intact, true, 950, 2100)).toEqual(byRows.slice(949, 2100));
    // The text path is the one taken: a whole page, read as one text.
    expect(textPage(intact, 1)).toEqual(byRows.slice(0, 200));
    expect(textPage(intact, 2401)).toEqual(byRows.slice(2400));
    expect(textPage(intact, EVENTS + 1)).toBeUndefined(); // no row: nothing to read
  });

  const declined: Array<[string, number, (sql: Database.Database) => void]> = [
    ['a separator byte in the data', 210, (sql) => sql.prepare(`UPDATE events SET data = '{"i":"' || char(30) || '"}' WHERE seq = 210`).run()],
    ['the other separator in the data', 211, (sql) => sql.prepare(`UPDATE events SET data = '{"i":"' || char(31) || '"}' WHERE seq = 211`).run()],
    ['an event missing (seqs not consecutive)', 250, (sql) => sql.prepare('DELETE FROM events WHERE seq = 250').run()],
    ['bytes that are not UTF-8 in the data', 5, (sql) => sql.prepare(`UPDATE events SET data = CAST(X'7b2269223a22ff227d' AS TEXT) WHERE seq = 5`).run()],
    ['the data stored as a blob', 6, (sql) => sql.prepare('UPDATE events SET data = CAST(data AS BLOB) WHERE seq = 6').run()],
    ['a type written with an escape', 9, (sql) => sql.prepare(`UPDATE events SET tail = replace(tail, '"type":"input"', '"type":"in\\u0070ut"') WHERE seq = 9`).run()],
  ];
  for (const [name, at, edit] of declined) {
    test(`${name}: that page is declined and read row by row, the same records either way`, () => {
      const file = damaged(name.replace(/\W+/g, '-'), edit);
      const pageStart = at <= 200 ? 1 : 201;
      expect(textPage(file, pageStart)).toBeUndefined();
      expect(records(file, true)).toEqual(records(file, false));
      // The pages around it are still read as text.
      expect(textPage(file, pageStart === 1 ? 201 : 1)).toBeDefined();
    });
  }

  test("events missing at the end of a page's seqs: the rows after them are read too, the same records either way", () => {
    // Seqs 60..1000 gone: a page read by its seqs alone would hold 59 rows, and a short page ends the reading.
    const file = damaged('missing-page-end', (sql) => sql.prepare('DELETE FROM events WHERE seq >= 60 AND seq <= 1000').run());
    const byRows = records(file, false);
    expect(byRows).toHaveLength(EVENTS - 941);
    expect(records(file, true)).toEqual(byRows);
    expect(textPage(file, 1)).toBeUndefined(); // rows 1..59 and 1001.. are not consecutive: declined
  });

  const carried: Array<[string, number, (sql: Database.Database) => void, string]> = [
    ['a tail without its wallTime', 12, (sql) => sql.prepare(`UPDATE events SET tail = replace(tail, ',"wallTime":', ',"wall":') WHERE seq = 12`).run(), ''],
    ['a tail whose type comes after its wallTime', 13, (sql) => sql.prepare(`UPDATE events SET tail = replace(tail, '}', ',"type":"late"}') WHERE seq = 13`).run(), ''],
    ['a type not quoted', 14, (sql) => sql.prepare(`UPDATE events SET tail = replace(tail, '"type":"card.dealt"', '"type":17') WHERE seq = 14`).run(), ''],
  ];
  for (const [name, at, edit, type] of carried) {
    test(`${name}: read as typeOfTail reads it (type '${type}'), in the text`, () => {
      const file = damaged(name.replace(/\W+/g, '-'), edit);
      const page = textPage(file, 1);
      expect(page?.[at - 1]?.type).toBe(type);
      expect(records(file, true)).toEqual(records(file, false));
    });
  }

  test('a page text cut short or without its first seq stops the reader in one line, never reads on', () => {
    const text = `41\ninput\x1f{"a":1}\x1ecard.dealt\x1f{"b":2}\x1e`;
    expect(recordsOfText(text).map((r) => [r.seq, r.type, r.dataJson])).toEqual([[41, 'input', '{"a":1}'], [42, 'card.dealt', '{"b":2}']]);
    for (const cut of [text.slice(0, -1), text.slice(0, text.indexOf('{"b"')), `${text}card`, 'input\x1f{}\x1e', '\ninput\x1f{}\x1e']) {
      expect(() => recordsOfText(cut)).toThrow(PageTextError);
    }
    expect(() => recordsOfText(text.slice(0, -1))).toThrow(/the record of seq 42 is cut short/);
  });
});

