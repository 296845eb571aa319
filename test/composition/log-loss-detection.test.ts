// The log's integrity goals (ADR 0004): a log that lost committed events or was rewritten is detected at start AND by `verify`,
// every time — the WAL deleted after kill -9, an older copy put back, one event altered with every hash
// recomputed without the key. Each case runs at several points; each must be caught at every one.
//
// SLOW (35 s: kill points of a child table and copies of logs, each checked by start and by `verify` in a child
// process; docs/testing.md, "Where the time goes").
import { spawn } from 'node:child_process';
import { copyFileSync, existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import Database from 'better-sqlite3';
import { beforeAll, describe, expect, test } from 'vitest';
import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import { cliBundle } from '../support/cli-bundle.js';
import { ROOT } from '../support/run-cli.js';
import { openAnchoredTable, silent, tableConfigFor } from '../support/anchored-table.js';
import { playRandomSession, mulberry32 } from '../support/random-session.js';
import { loadRuleSet } from '../../src/config/load-rule-set.js';
import { startTable } from '../../src/composition/table-runtime.js';
import { backupDatabase } from '../../src/adapters/store/sqlite-backup.js';
import { anchorFileOf, readNewestAnchor } from '../../src/adapters/store/anchor-file.js';
import { LogBehindAnchorError } from '../../src/ports/log-anchor.js';
import { LogIntegrityError } from '../../src/ports/log-integrity.js';
import { envelopeTail, hashEvent } from '../../src/log/event-chain.js';
import type { UnsealedEvent } from '../../src/ports/event-store.js';
import type { TableInput } from '../../src/round/inputs.js';
import { SqliteEventStore } from '../../src/adapters/store/sqlite-event-store.js';
import { TableService } from '../../src/app/table/table-service.js';
import { steppingClock } from '../../src/adapters/clock/stepping-clock.js';

const run = promisify(execFile);
let cli: string;
const KEY_TEXT = 'k'.repeat(16) + '0123456789abcdef0123456789abcdef';

beforeAll(async () => {
  cli = await cliBundle();
});

async function shoe(args: string[], env: NodeJS.ProcessEnv = {}): Promise<{ code: number; stdout: string; stderr: string }> {
  try {
    const { stdout, stderr } = await run(process.execPath, [cli, ...args], { cwd: ROOT, env: { ...process.env, SHOE_LOG_KEY: '', ...env }, maxBuffer: 64 << 20 });
    return { code: 0, stdout, stderr };
  } catch (err) {
    const e = err as { code: number; stdout: string; stderr: string };
    return { code: e.code, stdout: e.stdout, stderr: e.stderr };
  }
}

/** What `shoe start` does first with this database: must refuse, with one line. */
async function startRefusal(db: string, tableId: string, env: Record<string, string> = {}): Promise<Error> {
  const store = env['SHOE_LOG_KEY'] ? { keyEnv: 'SHOE_LOG_KEY' } : {};
  const saved = process.env['SHOE_LOG_KEY'];
  if (env['SHOE_LOG_KEY']) process.env['SHOE_LOG_KEY'] = env['SHOE_LOG_KEY'];
  try {
    const runtime = await startTable({ config: tableConfigFor(db, tableId, { store }), logger: silent, quiet: true });
    await runtime.stop();
    throw new Error('the table started on a log it should have refused');
  } catch (err) {
    return err as Error;
  } finally {
    if (saved === undefined) delete process.env['SHOE_LOG_KEY'];
    else process.env['SHOE_LOG_KEY'] = saved;
  }
}

async function play(db: string, tableId: string, inputs: readonly TableInput[], options: { key?: Buffer; snapshotEvery?: number } = {}): Promise<void> {
  const table = await openAnchoredTable(db, tableId, options);
  try {
    for (const input of inputs) await table.service.submit(input, { source: 'session' });
  } finally {
    await table.close();
  }
}

function removeWal(db: string): void {
  rmSync(`${db}-wal`, { force: true });
  rmSync(`${db}-shm`, { force: true });
}

function headOf(db: string): number {
  const sql = new Database(db, { readonly: true });
  try {
    if (!sql.prepare("SELECT 1 FROM sqlite_master WHERE name = 'events'").get()) return 0;
    return (sql.prepare('SELECT max(seq) AS s FROM events').get() as { s: number | null }).s ?? 0;
  } finally {
    sql.close();
  }
}

describe('the WAL deleted after kill -9', () => {
  test('at 5 kill points: start refuses and verify exits 1, naming both heads', async () => {
    const child = fileURLToPath(new URL('./fixtures/anchored-table-child.ts', import.meta.url));
    const dir = mkdtempSync(join(tmpdir(), 'wal-lost-'));
    let detectedAtStart = 0;
    let detectedByVerify = 0;
    const points = [0, 1, 2, 3, 4];
    for (const i of points) {
      const db = join(dir, `t${i}.db`);
      // The first part of the session is checkpointed into the file (the table was stopped once), the rest
      // is in the WAL when the table is killed.
      const seed = 100 + i;
      const skip = 40 + 25 * i;
      await play(db, 'wal-t', playRandomSession(loadRuleSet('six-deck').rules, seed, 40).inputs.slice(0, skip));
      const before = headOf(db);
      expect(before).toBeGreaterThan(0);
      const proc = spawn(process.execPath, ['--import', 'tsx', child, db, 'wal-t', String(seed), String(skip)], { cwd: ROOT, stdio: ['ignore', 'pipe', 'pipe'] });
      let stderr = '';
      proc.stderr.on('data', (d: Buffer) => (stderr += d.toString()));
      await new Promise<void>((resolve, reject) => {
        let seen = 0;
        let buffered = '';
        proc.stdout.on('data', (d: Buffer) => {
          buffered += d.toString();
          const lines = buffered.split('\n');
          buffered = lines.pop() ?? '';
          for (const line of lines) if (line.startsWith('anchored')) seen++;
          if ((seen >= 1 + i || lines.includes('done')) && !proc.killed) proc.kill('SIGKILL');
        });
        proc.on('close', (code, signal) => (signal === 'SIGKILL' ? resolve() : reject(new Error(`child exited ${code}: ${stderr}`))));
      });
      const anchored = readNewestAnchor(anchorFileOf(db))?.anchor;
      expect(anchored, 'the child anchored round ends').toBeDefined();
      expect(existsSync(`${db}-wal`), 'a killed table leaves its WAL').toBe(true);
      removeWal(db);
      // The premise: deleting the WAL lost anchored events (nothing was checkpointed into the file).
      expect(headOf(db)).toBeLessThan(anchored?.seq ?? 0);
      expect(headOf(db)).toBeGreaterThanOrEqual(before);
      const refused = await startRefusal(db, 'wal-t');
      if (refused instanceof LogBehindAnchorError) detectedAtStart++;
      expect(refused.message).toMatch(new RegExp(`log .*t${i}\\.db ends at seq \\d+ \\(hash [0-9a-f]{16}…\\) but .*t${i}\\.db\\.anchors anchored seq ${anchored?.seq}`));
      const verdict = await shoe(['verify', db]);
      if (verdict.code === 1 && verdict.stdout.includes(`anchored seq ${anchored?.seq}`)) detectedByVerify++;
    }
    expect({ detectedAtStart, detectedByVerify }).toEqual({ detectedAtStart: points.length, detectedByVerify: points.length });
  }, 180_000);
});

describe('an older copy put back', () => {
  test('at 4 copy points: start refuses and verify exits 1', async () => {
    const rules = loadRuleSet('six-deck').rules;
    const { inputs } = playRandomSession(rules, 77, 16);
    const dir = mkdtempSync(join(tmpdir(), 'old-copy-'));
    const db = join(dir, 'live.db');
    const cuts = [Math.floor(inputs.length * 0.2), Math.floor(inputs.length * 0.45), Math.floor(inputs.length * 0.7), inputs.length - 3];
    let from = 0;
    const copies: string[] = [];
    for (const [i, cut] of cuts.entries()) {
      await play(db, 'old-t', inputs.slice(from, cut), { snapshotEvery: 20 });
      from = cut;
      const copy = join(dir, `copy-${i}.db`);
      await backupDatabase(db, copy);
      copies.push(copy);
    }
    await play(db, 'old-t', inputs.slice(from), { snapshotEvery: 20 });
    let atStart = 0;
    let byVerify = 0;
    for (const copy of copies) {
      const victim = join(dir, `restored-${copies.indexOf(copy)}.db`);
      copyFileSync(copy, victim);
      copyFileSync(anchorFileOf(db), anchorFileOf(victim)); // the live table's anchors stay where they were
      const refused = await startRefusal(victim, 'old-t');
      if (refused instanceof LogBehindAnchorError && /anchored events are missing/.test(refused.message)) atStart++;
      const r = await shoe(['verify', victim]);
      if (r.code === 1 && /MISMATCH old-t at event \d+: log .* ends at seq \d+ .* but .* anchored seq \d+/.test(r.stdout)) byVerify++;
    }
    expect({ atStart, byVerify }).toEqual({ atStart: copies.length, byVerify: copies.length });
  }, 120_000);
});

describe('the anchor file deleted (the witness outside the database cannot vanish unnoticed)', () => {
  test('with the WAL, or with an older copy put back without it: start refuses and verify exits 1', async () => {
    const rules = loadRuleSet('six-deck').rules;
    const { inputs } = playRandomSession(rules, 91, 10);
    const dir = mkdtempSync(join(tmpdir(), 'anchor-gone-'));
    const db = join(dir, 'live.db');
    const half = Math.floor(inputs.length / 2);
    await play(db, 'gone-t', inputs.slice(0, half), { snapshotEvery: 20 });
    const copy = join(dir, 'copy.db');
    await backupDatabase(db, copy);
    await play(db, 'gone-t', inputs.slice(half), { snapshotEvery: 20 });
    // 1. The anchor file and the WAL deleted; 2. the older copy put back in place of the log, without anchors.
    const cases = [db, copy];
    removeWal(db);
    rmSync(anchorFileOf(db));
    let atStart = 0;
    let byVerify = 0;
    for (const victim of cases) {
      expect(existsSync(anchorFileOf(victim))).toBe(false);
      const refused = await startRefusal(victim, 'gone-t');
      if (refused instanceof LogBehindAnchorError && /has been anchored to .*\.anchors since seq \d+ .* but that file is missing/.test(refused.message)) atStart++;
      // Refusing wrote nothing: still no anchor file, the operator's decision is still needed.
      expect(existsSync(anchorFileOf(victim))).toBe(false);
      const r = await shoe(['verify', victim]);
      if (r.code === 1 && /MISMATCH gone-t at event \d+: .* but that file is missing/.test(r.stdout)) byVerify++;
    }
    expect({ atStart, byVerify }).toEqual({ atStart: cases.length, byVerify: cases.length });
  }, 120_000);

  test('a log from before anchors starts, records that anchoring starts, and from then on a lost anchor file is refused', async () => {
    const rules = loadRuleSet('six-deck').rules;
    const { inputs } = playRandomSession(rules, 93, 4);
    const dir = mkdtempSync(join(tmpdir(), 'anchor-upgrade-'));
    const db = join(dir, 'old.db');
    await play(db, 'up-t', inputs.slice(0, 20));
    // Make it a log from before anchors: no anchor file, no anchoring record (an older version wrote neither).
    rmSync(anchorFileOf(db));
    const sql = new Database(db);
    const notes = sql.prepare("SELECT count(*) AS n FROM events WHERE type = 'log.anchoring-started'").get() as { n: number };
    sql.close();
    expect(notes.n).toBe(1); // the first start of a new table recorded it
    const fresh = join(dir, 'pre-anchor.db');
    await playWithoutGuard(fresh, 'up-t', inputs.slice(0, 20));
    expect(existsSync(anchorFileOf(fresh))).toBe(false);
    await play(fresh, 'up-t', inputs.slice(20)); // starts: nothing outside the database knew this log
    expect(existsSync(anchorFileOf(fresh))).toBe(true);
    rmSync(anchorFileOf(fresh));
    const refused = await startRefusal(fresh, 'up-t');
    expect(refused).toBeInstanceOf(LogBehindAnchorError);
    expect(refused.message).toMatch(/but that file is missing/);
  }, 120_000);
});

/** A table written by a version without anchors: the store alone, no log guard. */
async function playWithoutGuard(db: string, tableId: string, inputs: readonly TableInput[]): Promise<void> {
  const { rules, rulesId } = loadRuleSet('six-deck');
  const store = new SqliteEventStore({ path: db, pollIntervalMs: 0 });
  const service = await TableService.open({ tableId, rules, rulesId, store, clock: steppingClock() });
  for (const input of inputs) await service.submit(input, { source: 'session' });
  service.close();
  await store.close();
}

/** Alters the event at `seq` and recomputes every hash from there on (what an attacker without the key can do). */
function rewriteFrom(db: string, seq: number, edit: (data: string, type: string) => string): void {
  const sql = new Database(db);
  try {
    sql.exec('DROP TRIGGER IF EXISTS events_no_update; DROP TRIGGER IF EXISTS events_no_delete;');
    const rows = sql.prepare('SELECT seq, round, mono_time, wall_time, rules_id, type, data, prev_hash, hash, stream FROM events WHERE seq >= ? ORDER BY seq').all(seq - 1) as Array<{ seq: number; round: number; mono_time: number; wall_time: string; rules_id: string; type: string; data: string; prev_hash: string; hash: string; stream: string }>;
    // The envelope's stored tail, which holds the prevHash (log format 3, docs/event-log.md): the rewrite is then consistent throughout.
    const update = sql.prepare('UPDATE events SET data = ?, hash = ?, tail = ? WHERE seq = ?');
    let prev = rows[0]!.seq === seq ? rows[0]!.prev_hash : rows[0]!.hash;
    for (const r of rows) {
      if (r.seq < seq) continue;
      const data = r.seq === seq ? edit(r.data, r.type) : r.data;
      if (r.seq === seq && data === r.data) throw new Error(`the edit changed nothing at ${seq}`);
      const unsealed: UnsealedEvent = { tableId: r.stream, seq: r.seq, round: r.round, monoTime: r.mono_time, wallTime: r.wall_time, rulesId: r.rules_id, type: r.type, data: JSON.parse(data), prevHash: prev };
      const hash = hashEvent(unsealed);
      update.run(data, hash, envelopeTail(unsealed), r.seq);
      prev = hash;
    }
    // The snapshot is re-pointed too, as a careful attacker would.
    sql.exec('DROP TRIGGER IF EXISTS x');
    const snap = sql.prepare('SELECT seq FROM snapshots').get() as { seq: number } | undefined;
    if (snap) sql.prepare('UPDATE snapshots SET hash = (SELECT hash FROM events WHERE seq = ?)').run(snap.seq);
  } finally {
    sql.close();
  }
}

describe('one event altered, every hash recomputed without the key', () => {
  test('on a keyed log, at 6 events (facts, inputs and notes, before and after the snapshot): start and verify catch each', async () => {
    const key = Buffer.from(KEY_TEXT);
    const rules = loadRuleSet('six-deck').rules;
    const { inputs } = playRandomSession(rules, 99, 12);
    const dir = mkdtempSync(join(tmpdir(), 'rewrite-'));
    const pristine = join(dir, 'pristine.db');
    await play(pristine, 'rw-t', inputs, { key, snapshotEvery: 40 });
    const sql = new Database(pristine, { readonly: true });
    const pick = (where: string) => (sql.prepare(`SELECT seq FROM events WHERE ${where} ORDER BY seq`).all() as Array<{ seq: number }>).map((r) => r.seq);
    const head = headOf(pristine);
    const settled = pick("type = 'bet.settled' AND data LIKE '%\"net\":-%'");
    const notes = pick("type LIKE 'table.configured'");
    const bets = pick("type = 'input' AND data LIKE '%\"bet\"%'");
    sql.close();
    const random = mulberry32(5);
    const targets = [settled[0]!, settled[Math.floor(random() * settled.length)]!, settled.at(-1)!, bets[1]!, bets.at(-1)!, notes[0]!];
    const edits: Record<string, (d: string) => string> = {
      'bet.settled': (d) => d.replace(/"net":-(\d+)/, '"net":$1').replace('"outcome":"lose"', '"outcome":"win"'),
      input: (d) => d.replace(/"amount":(\d+)/, (_m, a: string) => `"amount":${Number(a) + 100}`),
      'table.configured': (d) => d.replace('"rulesName":"six-deck"', '"rulesName":"six-deck-x"'),
    };
    let atStart = 0;
    let byVerify = 0;
    const details: string[] = [];
    for (const [i, seq] of targets.entries()) {
      const db = join(dir, `victim-${i}.db`);
      copyFileSync(pristine, db);
      copyFileSync(anchorFileOf(pristine), anchorFileOf(db));
      const type = (new Database(db, { readonly: true }).prepare('SELECT type FROM events WHERE seq = ?').get(seq) as { type: string }).type;
      rewriteFrom(db, seq, (d) => edits[type]!(d));
      const refused = await startRefusal(db, 'rw-t', { SHOE_LOG_KEY: KEY_TEXT });
      if (refused instanceof LogIntegrityError || refused instanceof LogBehindAnchorError) atStart++;
      details.push(`${seq}/${head} ${type}: start: ${refused.message}`);
      const r = await shoe(['verify', db], { SHOE_LOG_KEY: KEY_TEXT });
      if (r.code === 1 && r.stdout.includes(`at event ${seq}: MAC does not match`)) byVerify++;
      details.push(`verify: ${r.stdout.trim()}`);
    }
    expect({ atStart, byVerify }, details.join('\n')).toEqual({ atStart: targets.length, byVerify: targets.length });
  }, 120_000);

  test('on a keyed log, an altered snapshot state (not on the chain) is refused at start', async () => {
    const key = Buffer.from(KEY_TEXT);
    const { inputs } = playRandomSession(loadRuleSet('six-deck').rules, 97, 6);
    const dir = mkdtempSync(join(tmpdir(), 'snapshot-'));
    const db = join(dir, 'snap.db');
    await play(db, 'sn-t', inputs, { key, snapshotEvery: 15 });
    const sql = new Database(db);
    const snap = sql.prepare('SELECT seq, state FROM snapshots').get() as { seq: number; state: string };
    const altered = snap.state.replace(/"amount":(\d+)/, (_m, a: string) => `"amount":${Number(a) * 10}`);
    expect(altered).not.toBe(snap.state);
    sql.prepare('UPDATE snapshots SET state = ?').run(altered);
    sql.close();
    const refused = await startRefusal(db, 'sn-t', { SHOE_LOG_KEY: KEY_TEXT });
    expect(refused).toBeInstanceOf(LogIntegrityError);
    expect(refused.message).toBe(`log ${db}: integrity broken at event ${snap.seq}: the saved snapshot at seq ${snap.seq} has a MAC that does not match its state (the snapshot was altered, or the key is not this log's)`);
  }, 60_000);

  test('without a key, the anchors still catch a rewrite of anchored history (start and verify)', async () => {
    const rules = loadRuleSet('six-deck').rules;
    const { inputs } = playRandomSession(rules, 98, 8);
    const dir = mkdtempSync(join(tmpdir(), 'rewrite-nokey-'));
    const db = join(dir, 'live.db');
    await play(db, 'nk-t', inputs, { snapshotEvery: 1000 });
    // A note the round machine ignores, so only the chain and the anchors can see it: the configuration record.
    rewriteFrom(db, 1, (d) => d.replace('"rulesName":"six-deck"', '"rulesName":"six-deck-y"'));
    const refused = await startRefusal(db, 'nk-t');
    expect(refused).toBeInstanceOf(LogBehindAnchorError);
    expect(refused.message).toMatch(/the log was rewritten or replaced/);
    const r = await shoe(['verify', db]);
    expect(r.code).toBe(1);
    expect(r.stdout).toMatch(/MISMATCH nk-t at event \d+: .* the log was rewritten or replaced/);
    expect(readFileSync(anchorFileOf(db), 'utf8').trim().split('\n').length).toBeGreaterThan(3);
  }, 60_000);
});
