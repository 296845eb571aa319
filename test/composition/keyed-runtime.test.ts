// The keyed chain (ADR 0004) wired: a table whose file names a key writes a MAC with every event, and `verify` with the key
// checks them (and fails with a wrong key).
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import { expect, test } from 'vitest';
import { startTable } from '../../src/composition/table-runtime.js';
import { SqliteLogReader } from '../../src/adapters/store/sqlite-log-reader.js';
import { verifyLog } from '../../src/app/audit/verify-log.js';
import { silent, tableConfigFor } from '../support/anchored-table.js';

test('a keyed table: every event has its MAC; verify checks them with the key and refuses a wrong one', async () => {
  const db = join(mkdtempSync(join(tmpdir(), 'keyed-')), 'k1.db');
  const secret = 'a-log-key-of-forty-characters-0123456789';
  process.env['TEST_LOG_KEY_K1'] = secret;
  try {
    const runtime = await startTable({ config: tableConfigFor(db, 'k1', { store: { keyEnv: 'TEST_LOG_KEY_K1' } }), logger: silent, quiet: true });
    await runtime.service.submit({ type: 'shoe.loaded' }, { source: 'api', by: 'dealer' });
    await runtime.stop();
  } finally {
    delete process.env['TEST_LOG_KEY_K1'];
  }
  const sql = new Database(db, { readonly: true });
  const counts = sql.prepare('SELECT (SELECT count(*) FROM events) AS events, (SELECT count(*) FROM event_macs) AS macs').get() as { events: number; macs: number };
  sql.close();
  expect(counts.events).toBeGreaterThan(2);
  expect(counts.macs).toBe(counts.events);
  const reader = SqliteLogReader.open(db);
  try {
    expect(verifyLog(reader.events(), { key: Buffer.from(secret) })).toMatchObject({ ok: true, macFrom: 1 });
    expect(verifyLog(reader.events(), { key: Buffer.from(`${secret}-wrong`) })).toMatchObject({ ok: false, seq: 1, problem: expect.stringMatching(/^MAC does not match/) });
  } finally {
    reader.close();
  }
  await expect(startTable({ config: tableConfigFor(db, 'k1', { store: { keyEnv: 'TEST_LOG_KEY_K1' } }), logger: silent, quiet: true })).rejects.toThrow('store.keyEnv: environment variable TEST_LOG_KEY_K1 is not set');
  // The table file without its key: a keyed log never goes on unkeyed.
  await expect(startTable({ config: tableConfigFor(db, 'k1'), logger: silent, quiet: true })).rejects.toThrow(`log ${db} is keyed (MACs from event 1 on): name its key in the table file (store.keyEnv) to start it`);
}, 60_000);
