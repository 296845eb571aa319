// The chain (ADR 0004): one event forged in the database with its own hash recomputed (no key): the event itself
// looks sealed, so only the NEXT event's prevHash link shows the forgery. These tests fail if the verifier
// stops checking prevHash (src/log/event-chain.ts) — tried by planting exactly that bug.
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import { describe, expect, test } from 'vitest';
import { SqliteEventStore } from '../../../src/adapters/store/sqlite-event-store.js';
import { SqliteLogReader } from '../../../src/adapters/store/sqlite-log-reader.js';
import { ChainVerifier, hashEvent, verifyChain } from '../../../src/log/event-chain.js';
import type { NewEvent, UnsealedEvent } from '../../../src/ports/event-store.js';
import { verifyLog } from '../../../src/app/audit/verify-log.js';
import { loadRuleSet } from '../../../src/config/load-rule-set.js';
import { playRandomSession } from '../../support/random-session.js';
import { openAnchoredTable } from '../../support/anchored-table.js';
import { guardTableLog } from '../../../src/composition/log-guard.js';
import { LogIntegrityError } from '../../../src/ports/log-integrity.js';
import { silent } from '../../support/anchored-table.js';

/** Rewrites the data of the event at `seq` and recomputes ITS hash only (the chain after it is left alone). */
function forge(db: string, seq: number, edit: (data: string) => string): void {
  const sql = new Database(db);
  try {
    sql.exec('DROP TRIGGER IF EXISTS events_no_update');
    const r = sql.prepare('SELECT stream, seq, round, mono_time, wall_time, rules_id, type, data, prev_hash FROM events WHERE seq = ?').get(seq) as { stream: string; seq: number; round: number; mono_time: number; wall_time: string; rules_id: string; type: string; data: string; prev_hash: string };
    const data = edit(r.data);
    expect(data).not.toBe(r.data);
    const unsealed: UnsealedEvent = { tableId: r.stream, seq: r.seq, round: r.round, monoTime: r.mono_time, wallTime: r.wall_time, rulesId: r.rules_id, type: r.type, data: JSON.parse(data), prevHash: r.prev_hash };
    sql.prepare('UPDATE events SET data = ?, hash = ? WHERE seq = ?').run(data, hashEvent(unsealed), seq);
  } finally {
    sql.close();
  }
}

const probe = (i: number): NewEvent => ({ type: 'probe.noted', data: { i, note: `event ${i}` }, round: 0, monoTime: i, wallTime: '2026-01-01T00:00:00.000Z', rulesId: 'sha256:probe' });

describe('a forged event with a recomputed hash', () => {
  test('the chain verifier fails at the next event: its prevHash no longer matches', async () => {
    const db = join(mkdtempSync(join(tmpdir(), 'forge-')), 'probe.db');
    const store = new SqliteEventStore({ path: db, pollIntervalMs: 0 });
    await store.append('probe', Array.from({ length: 10 }, (_, i) => probe(i + 1)), { expectedVersion: 0 });
    await store.close();
    forge(db, 4, (d) => d.replace('event 4', 'event 4, forged'));
    const reader = SqliteLogReader.open(db);
    try {
      const events = [...reader.events()].map((e) => e.event);
      // The forged event alone is self-consistent (its hash matches its content)...
      expect(hashEvent(events[3]!)).toBe(events[3]!.hash);
      // ...so the break shows at seq 5, whose prevHash pins the original event 4.
      expect(verifyChain(events)).toEqual({ ok: false, seq: 5, reason: 'prevHash does not match the hash of seq 4' });
      const incremental = new ChainVerifier();
      const results = events.map((e) => incremental.push(e).ok);
      expect(results).toEqual([true, true, true, true, false, false, false, false, false, false]);
    } finally {
      reader.close();
    }
  });

  test('verify of a table log fails at the event after a forged note (the round machine ignores notes: only the link can tell)', async () => {
    const db = join(mkdtempSync(join(tmpdir(), 'forge-table-')), 'table.db');
    const table = await openAnchoredTable(db, 'forge-t');
    const { inputs } = playRandomSession(loadRuleSet('six-deck').rules, 3, 4);
    for (const input of inputs) await table.service.submit(input, { source: 'session' });
    await table.service.recordNote('link.state', { state: 'up', previous: 'connecting', reason: 'a note to forge' });
    const noteSeq = table.service.position;
    await table.service.submit({ type: 'supervisor', action: 'pause', by: 'sup' }, { source: 'api', by: 'sup' });
    await table.close();
    forge(db, noteSeq, (d) => d.replace('a note to forge', 'the shoe was fine all along'));
    const reader = SqliteLogReader.open(db);
    try {
      const verdict = verifyLog(reader.events());
      expect(verdict).toEqual({ ok: false, seq: noteSeq + 1, problem: `hash chain broken: prevHash does not match the hash of seq ${noteSeq}` });
    } finally {
      reader.close();
    }
    // Start-up reads the same part of the log and refuses at the same event.
    await expect(guardTableLog({ tableId: 'forge-t', dbPath: db, logger: silent })).rejects.toThrow(new LogIntegrityError(db, noteSeq + 1, `hash chain broken: prevHash does not match the hash of seq ${noteSeq}`));
  });
});
