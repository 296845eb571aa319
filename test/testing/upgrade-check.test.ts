// The upgrade check apart from the CLI: a capture's shoe inputs must be what its bytes decode to; a table
// log's every fact must be what this version derives (a log made by `shoe run` here, then one fact changed).
import { describe, expect, test } from 'vitest';
import { mkdtempSync, readFileSync, writeFileSync, copyFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import { checkCapture, checkTableLog } from '../../src/testing/upgrade-check.js';
import { runCli, ROOT } from '../support/run-cli.js';

const dir = mkdtempSync(join(tmpdir(), 'qa-upgrade-'));

describe('upgrade check', () => {
  test('a capture passes; the same capture with a shoe card changed names the line and the shoe event', () => {
    const capture = join(ROOT, 'test/captures/six-deck-demo.capture.jsonl');
    expect(checkCapture(capture, 'six-deck')).toEqual([]);
    const changed = join(dir, 'changed.capture.jsonl');
    writeFileSync(changed, readFileSync(capture, 'utf8').replace('"input":{"card":"8S","type":"card"}', '"input":{"card":"9S","type":"card"}'));
    const differences = checkCapture(changed, 'six-deck');
    expect(differences).toHaveLength(1);
    expect(differences[0]).toMatch(/^capture line \d+: the bytes of shoe event 2 decode to /);
  });

  test('a table log passes; a settlement changed in it is found and named', async () => {
    const db = join(dir, 'table.db');
    expect((await runCli(['run', 'config/demo/six-deck-demo.jsonl', '--rules', 'six-deck', '--db', db, '--quiet'])).code).toBe(0);
    expect(await checkTableLog(db)).toEqual([]);
    const tampered = join(dir, 'tampered.db');
    copyFileSync(db, tampered);
    const sql = new Database(tampered);
    // The copy only: lift the append-only guard to play an old version that settled differently.
    for (const { name } of sql.prepare<[], { name: string }>("SELECT name FROM sqlite_master WHERE type = 'trigger'").all()) sql.exec(`DROP TRIGGER "${name}"`);
    const row = sql.prepare<[], { seq: number; data: string }>("SELECT seq, data FROM events WHERE type = 'bet.settled' ORDER BY seq LIMIT 1").get();
    expect(row).toBeDefined();
    const data = JSON.parse(row?.data ?? '{}') as { net: number };
    sql.prepare('UPDATE events SET data = ? WHERE seq = ?').run(JSON.stringify({ ...data, net: data.net + 1 }), row?.seq);
    sql.close();
    const differences = await checkTableLog(tampered);
    expect(differences).toHaveLength(1);
    expect(differences[0]).toContain(`event ${row?.seq}: the round machine derives`);
    expect(differences[0]).toContain(`"net":${data.net + 1}`);
  }, 60_000);
});
