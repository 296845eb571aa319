// Wall times that go back (docs/audit.md): a log written by a table whose clock stepped back verifies
// (exit 0) with a note naming the first event whose wall time is earlier than the one before it, the two
// wall times and how many times it happened — the same through verifyLog, the file's check in one thread
// and in several (spans cut so a step back falls on a span's border and inside one), and `shoe verify`.
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import { beforeAll, describe, expect, test } from 'vitest';
import { clockSteppingBackOnce } from '../../../src/adapters/clock/stepping-clock.js';
import { SqliteLogReader } from '../../../src/adapters/store/sqlite-log-reader.js';
import { verifyLog, type Verdict } from '../../../src/app/audit/verify-log.js';
import { joinWalls, WallTimes, type WallTimeBack } from '../../../src/app/audit/verify-wall-times.js';
import { verifyLogFile } from '../../../src/cli/verify-log-file.js';
import { loadRuleSet } from '../../../src/config/load-rule-set.js';
import { openAnchoredTable } from '../../support/anchored-table.js';
import { playRandomSession } from '../../support/random-session.js';
import { runCli } from '../../support/run-cli.js';
import { asFormat1 } from '../../adapters/store/fixtures/format-1-log.js';
import { asFormat2 } from '../../adapters/store/fixtures/format-2-log.js';
import type { Clock } from '../../../src/ports/clock.js';

const TEN_MINUTES = 10 * 60_000;
const dir = mkdtempSync(join(tmpdir(), 'verify-wall-'));
const steppedBack = join(dir, 'stepped-back.db');
const steady = join(dir, 'steady.db');
const withOffsets = join(dir, 'with-offsets.db');

/** The same clock, its wall times written with a zone offset (`+00:00`): not compared as text. */
function withOffset(clock: Clock): Clock {
  return {
    now: () => clock.now(),
    wallNow: () => clock.wallNow(),
    instant: () => {
      const { mono, wall } = clock.instant();
      return { mono, wall: wall.replace(/Z$/, '+00:00') };
    },
    setTimeout: (callback, ms) => clock.setTimeout(callback, ms),
    clearTimeout: (handle) => clock.clearTimeout(handle),
  };
}

async function writeLog(file: string, tableId: string, clock?: Clock): Promise<void> {
  const table = await openAnchoredTable(file, tableId, clock ? { clock } : {});
  const { inputs } = playRandomSession(loadRuleSet('six-deck').rules, 7, 8);
  for (const input of inputs) await table.service.submit(input, { source: 'session' });
  await table.close();
}

/** What the note must say, worked out from the file's rows with dates (not text). */
function expectedNote(file: string): WallTimeBack | undefined {
  const sql = new Database(file, { readonly: true });
  try {
    const rows = sql.prepare('SELECT seq, wall_time AS wall FROM events ORDER BY seq').all() as Array<{ seq: number; wall: string }>;
    let first: WallTimeBack | undefined;
    let times = 0;
    rows.forEach((r, i) => {
      const before = rows[i - 1];
      if (before && Date.parse(r.wall) < Date.parse(before.wall)) {
        times += 1;
        first ??= { seq: r.seq, before: before.wall, at: r.wall, times: 0 };
      }
    });
    return first && { ...first, times };
  } finally {
    sql.close();
  }
}

/** The file's verdict in one thread and in two, with spans of `spanSize`, checked in JavaScript and (format 3, when built) inside SQLite. */
async function fileVerdicts(file: string, spanSize: number): Promise<Verdict[]> {
  const reader = SqliteLogReader.open(file);
  try {
    const to = reader.head().seq;
    const verdicts: Verdict[] = [verifyLog(reader.events())];
    for (const check of ['js', undefined]) {
      if (check === undefined) delete process.env['SHOE_VERIFY_CHECK'];
      else process.env['SHOE_VERIFY_CHECK'] = check;
      try {
        verdicts.push(await verifyLogFile(reader, { to, threads: 1, spanSize }));
        verdicts.push(await verifyLogFile(reader, { to, threads: 2, spanSize }));
        verdicts.push(await verifyLogFile(reader, { to, threads: 3, spanSize, backSpans: false }));
      } finally {
        delete process.env['SHOE_VERIFY_CHECK'];
      }
    }
    return verdicts;
  } finally {
    reader.close();
  }
}

let note: WallTimeBack;

beforeAll(async () => {
  await writeLog(steppedBack, 'wall-back', clockSteppingBackOnce(40, TEN_MINUTES));
  await writeLog(steady, 'wall-steady');
  await writeLog(withOffsets, 'wall-offsets', withOffset(clockSteppingBackOnce(40, TEN_MINUTES)));
  const expected = expectedNote(steppedBack);
  if (!expected) throw new Error('the clock stepped back, but no wall time in the log did');
  note = expected;
}, 60_000);

describe('the wall times of consecutive events', () => {
  test('one step back counted where it happens; dates in other formats compared as dates', () => {
    const walls = new WallTimes(1);
    ['2026-01-01T00:10:00.000Z', '2026-01-01T00:10:00.001Z', '2026-01-01T00:00:00.000Z', '2026-01-01T00:00:00.001Z', '2026-01-01T01:00:00.5+02:00'].forEach((w, i) => walls.push(i + 1, w));
    expect(walls.span()).toEqual({
      from: 1, first: '2026-01-01T00:10:00.000Z', last: '2026-01-01T01:00:00.5+02:00',
      back: { seq: 3, before: '2026-01-01T00:10:00.001Z', at: '2026-01-01T00:00:00.000Z', times: 2 },
    });
  });

  test('spans joined in seq order whatever order they come in, a step back across a border included', () => {
    const spans = [[1, ['2026-01-01T00:00:01.000Z', '2026-01-01T00:00:02.000Z']], [3, ['2026-01-01T00:00:01.500Z', '2026-01-01T00:00:03.000Z']], [5, ['2026-01-01T00:00:00.000Z']]] as const;
    const walls = spans.map(([from, times]) => {
      const w = new WallTimes(from);
      times.forEach((t, i) => w.push(from + i, t));
      return w.span();
    });
    expect(joinWalls([walls[2]!, walls[0]!, walls[1]!])).toEqual({ seq: 3, before: '2026-01-01T00:00:02.000Z', at: '2026-01-01T00:00:01.500Z', times: 2 });
    expect(joinWalls([walls[0]!])).toBeUndefined();
  });
});

describe('a log whose clock stepped back', () => {
  test('verifyLog and the file check note where, in one thread and in several, on a span border and inside a span', async () => {
    expect(note).toMatchObject({ times: 1, before: expect.stringMatching(/Z$/), at: expect.stringMatching(/Z$/) });
    expect(Date.parse(note.before) - Date.parse(note.at)).toBeGreaterThan(TEN_MINUTES - 100);
    for (const spanSize of [note.seq - 1, 7]) {
      for (const verdict of await fileVerdicts(steppedBack, spanSize)) expect(verdict).toMatchObject({ ok: true, wallTimeBack: note });
    }
  }, 60_000);

  test('logs of formats 1 and 2 say the same', async () => {
    for (const file of [asFormat1(steppedBack, join(dir, 'format-1.db')), asFormat2(steppedBack, join(dir, 'format-2.db'))]) {
      for (const verdict of await fileVerdicts(file, 7)) expect(verdict).toMatchObject({ ok: true, wallTimeBack: note });
    }
  }, 60_000);

  test('wall times with a zone offset are compared as dates: the same note', async () => {
    const offsets = expectedNote(withOffsets);
    expect(offsets).toMatchObject({ seq: note.seq, times: 1, at: expect.stringMatching(/\+00:00$/) });
    for (const verdict of await fileVerdicts(withOffsets, 7)) expect(verdict).toMatchObject({ ok: true, wallTimeBack: offsets });
  }, 60_000);

  test('a log whose wall times never go back has no note', async () => {
    for (const verdict of await fileVerdicts(steady, 7)) {
      expect(verdict.ok).toBe(true);
      expect(verdict).not.toHaveProperty('wallTimeBack');
    }
  }, 60_000);

  test('shoe verify: exit 0, the note on the OK line and in the JSON report, with and without worker threads', async () => {
    const line = `note: the events' wall times go back once at event ${note.seq} (${note.at}, after ${note.before} at event ${note.seq - 1}): the clock that wrote them was stepped back`;
    for (const threads of ['1', '2']) {
      const r = await runCli(['verify', steppedBack, '--threads', threads]);
      expect([r.code, r.stderr]).toEqual([0, '']);
      expect(r.stdout).toMatch(/^OK wall-back: /);
      expect(r.stdout.trimEnd().endsWith(line)).toBe(true);
      const json = await runCli(['verify', steppedBack, '--threads', threads, '--json']);
      expect(json.code).toBe(0);
      expect(JSON.parse(json.stdout)).toMatchObject({ logs: [{ verdict: 'intact', exitCode: 0, wallTimeBack: note }] });
    }
    const plain = await runCli(['verify', steady, '--json']);
    expect(JSON.parse(plain.stdout)).toMatchObject({ logs: [{ verdict: 'intact', wallTimeBack: null }] });
    expect((await runCli(['verify', steady])).stdout).not.toContain('note:');
  }, 120_000);
});
