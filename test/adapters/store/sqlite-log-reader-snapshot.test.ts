// A verify reader keeps one snapshot of the log (SqliteLogReader.holdSnapshot: one read transaction, in which
// the read-ahead VFS's blocks stay valid, native/chain-check/read_ahead_vfs.c): every read sees the log as it
// was at its first read, whatever a writer commits meanwhile; a reader that holds none sees each commit.
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { expect, test } from 'vitest';
import { SqliteEventStore } from '../../../src/adapters/store/sqlite-event-store.js';
import { SqliteLogReader } from '../../../src/adapters/store/sqlite-log-reader.js';
import type { NewEvent } from '../../../src/ports/event-store.js';

const dir = mkdtempSync(join(tmpdir(), 'reader-snapshot-'));

function events(from: number, n: number): NewEvent[] {
  return Array.from({ length: n }, (_, i) => ({ type: 'note', data: { i: from + i }, round: 1, monoTime: from + i, wallTime: new Date(Date.UTC(2026, 0, 1, 0, 0, from + i)).toISOString(), rulesId: 'sha256:test' }));
}

test('a reader holding its snapshot reads the log as at its first read; one without sees the writer commit', async () => {
  const file = join(dir, 'log.db');
  const store = new SqliteEventStore({ path: file, pollIntervalMs: 0 });
  try {
    await store.append('t-1', events(1, 30), { expectedVersion: 0 });
    const held = SqliteLogReader.open(file);
    const plain = SqliteLogReader.open(file);
    try {
      held.holdSnapshot();
      expect(held.head().seq).toBe(30);
      expect(plain.head().seq).toBe(30);
      await store.append('t-1', events(31, 20), { expectedVersion: 30 });
      expect(plain.head().seq).toBe(50);
      expect(held.head().seq).toBe(30);
      expect([...held.records()].map((r) => r.seq)).toEqual(Array.from({ length: 30 }, (_, i) => i + 1));
      expect(held.hashAt(31)).toBeUndefined();
      held.holdSnapshot(); // once held, held: the same snapshot
      expect(held.head().seq).toBe(30);
    } finally {
      held.close();
      plain.close();
    }
    const after = SqliteLogReader.open(file);
    expect(after.head().seq).toBe(50);
    after.close();
  } finally {
    await store.close();
  }
});
