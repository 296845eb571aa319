// The auditor's tools on a real SQLite table log (docs/audit.md): verify, recall, export.
import { describe, expect, test, beforeAll } from 'vitest';
import Database from 'better-sqlite3';
import { isNoteRecord } from '../../../src/app/audit/log-records.js';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import { cliBundle } from '../../support/cli-bundle.js';
import { ROOT } from '../../support/run-cli.js';
import { envelopeTail, hashEvent } from '../../../src/log/event-chain.js';
import type { UnsealedEvent } from '../../../src/ports/event-store.js';

const run = promisify(execFile);
let cli: string;

async function shoe(...args: string[]): Promise<{ code: number; stdout: string; stderr: string }> {
  try {
    const { stdout, stderr } = await run(process.execPath, [cli, ...args], { cwd: ROOT, maxBuffer: 64 * 1024 * 1024 });
    return { code: 0, stdout, stderr };
  } catch (err) {
    const e = err as { code: number; stdout: string; stderr: string };
    return { code: e.code, stdout: e.stdout, stderr: e.stderr };
  }
}

async function playedTable(): Promise<string> {
  const db = join(mkdtempSync(join(tmpdir(), 'audit-')), 'table-1.db');
  const r = await shoe('run', 'config/demo/six-deck-demo.jsonl', '--rules', 'six-deck', '--db', db);
  expect(r.code).toBe(0);
  return db;
}

/** What an attacker with the file could do: lift the append-only triggers and rewrite rows. */
function tamper(db: string, edit: (sql: Database.Database) => void): void {
  const sql = new Database(db);
  sql.exec('DROP TRIGGER IF EXISTS events_no_update; DROP TRIGGER IF EXISTS events_no_delete;');
  edit(sql);
  sql.close();
}

beforeAll(async () => {
  cli = await cliBundle();
});

describe('shoe verify', () => {
  test('an untouched log verifies', async () => {
    const r = await shoe('verify', await playedTable());
    expect(r.code).toBe(0);
    expect(r.stdout).toMatch(/^OK table-1: \d+ events, \d+ inputs, \d+ rounds/);
  });

  test('one altered byte of one event breaks the chain at that event', async () => {
    const db = await playedTable();
    tamper(db, (sql) => sql.prepare("UPDATE events SET data = replace(data, '\"card\":\"TH\"', '\"card\":\"TD\"') WHERE seq = (SELECT min(seq) FROM events WHERE type = 'card.dealt' AND data LIKE '%\"TH\"%')").run());
    const seq = new Database(db, { readonly: true }).prepare("SELECT min(seq) s FROM events WHERE type = 'card.dealt' AND data LIKE '%\"TD\"%'").get() as { s: number };
    const r = await shoe('verify', db);
    expect(r.code).toBe(1);
    expect(r.stdout).toContain(`MISMATCH table-1 at event ${seq.s}: hash chain broken`);
  });

  test('a settlement amount changed with the chain rewritten is caught by re-running the round machine', async () => {
    const db = await playedTable();
    let target = 0;
    tamper(db, (sql) => {
      const rows = sql.prepare('SELECT seq, round, mono_time, wall_time, rules_id, type, data, prev_hash, stream FROM events ORDER BY seq').all() as Array<{ seq: number; round: number; mono_time: number; wall_time: string; rules_id: string; type: string; data: string; prev_hash: string; stream: string }>;
      const settled = rows.find((r) => r.type === 'bet.settled' && r.data.includes('"net":-'));
      if (!settled) throw new Error('no losing settlement to alter');
      target = settled.seq;
      settled.data = settled.data.replace(/"net":-(\d+)/, '"net":$1').replace('"outcome":"lose"', '"outcome":"win"');
      let prev = rows[0]?.prev_hash ?? '';
      const update = sql.prepare('UPDATE events SET data = ?, tail = ?, hash = ? WHERE seq = ?'); // log format 3: prevHash is in the tail
      for (const r of rows) {
        const unsealed: UnsealedEvent = { tableId: r.stream, seq: r.seq, round: r.round, monoTime: r.mono_time, wallTime: r.wall_time, rulesId: r.rules_id, type: r.type, data: JSON.parse(r.data), prevHash: prev };
        const hash = hashEvent(unsealed);
        update.run(r.data, envelopeTail(unsealed), hash, r.seq);
        prev = hash;
      }
    });
    const r = await shoe('verify', db);
    expect(r.code).toBe(1);
    expect(r.stdout).toMatch(new RegExp(`MISMATCH table-1 at event ${target}: event ${target}: the round machine derives .*"net":-`));
  });
});

describe('shoe recall and export', () => {
  test('recall prints the last 10 rounds with every step, as text and JSON', async () => {
    const db = await playedTable();
    const text = await shoe('recall', db, '--last', '10');
    expect(text.code).toBe(0);
    expect(text.stdout.match(/^== table-1 round \d+ ==$/gm)).toHaveLength(10);
    expect(text.stdout).toMatch(/Seat \d hand 1 gets \w\w/);
    expect(text.stdout).toMatch(/main \(\w+, stake [\d.]+\): \w+/);
    const json = JSON.parse((await shoe('recall', db, '--last', '3', '--format', 'json')).stdout) as { rounds: Array<{ round: number; steps: Array<{ fact: { type: string } }> }> };
    expect(json.rounds).toHaveLength(3);
    expect(json.rounds.every((r) => r.steps.some((s) => s.fact.type === 'round.ended'))).toBe(true);
  });

  test('export writes a session that replays to the same facts as the live table recorded', async () => {
    const db = await playedTable();
    const exported = await shoe('export', db, '--format', 'session');
    expect(exported.code).toBe(0);
    const file = join(mkdtempSync(join(tmpdir(), 'export-')), 'session.jsonl');
    writeFileSync(file, exported.stdout);
    const replay = await shoe('replay', file, '--rules', 'six-deck', '--format', 'jsonl');
    const replayed = replay.stdout.trim().split('\n').map((l) => JSON.parse(l) as { type: string });
    const sql = new Database(db, { readonly: true });
    // The facts: not the inputs, the configuration record, or notes (the anchoring record) beside them.
    const logged = (sql.prepare("SELECT type, data FROM events WHERE type NOT IN ('input', 'table.configured') ORDER BY seq").all() as Array<{ type: string; data: string }>)
      .filter((r) => !isNoteRecord(r.type))
      .map((r) => ({ type: r.type, ...JSON.parse(r.data) }));
    sql.close();
    const strip = (e: Record<string, unknown>) => JSON.stringify(Object.fromEntries(Object.entries(e).filter(([k]) => k !== 'line' && k !== 'input').sort()));
    expect(replayed.map(strip)).toEqual(logged.map(strip));
  });

  test('a file that is not a table log is refused with exit 2', async () => {
    const r = await shoe('verify', join(tmpdir(), 'no-such-table.db'));
    expect(r.code).toBe(2);
    expect(r.stderr).toMatch(/no such database/);
  });
});
