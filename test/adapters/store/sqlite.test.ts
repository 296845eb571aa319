import { spawn } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import Database from 'better-sqlite3';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SqliteEventStore } from '../../../src/adapters/store/sqlite-event-store.js';
import { GENESIS_HASH, verifyChain } from '../../../src/log/event-chain.js';
import { InvalidInputError } from '../../../src/ports/event-store-errors.js';
import { appendMany, eventStoreContract, freshStreamId, makeEvents } from './event-store-contract.js';

eventStoreContract('sqlite', async () => {
  const dir = mkdtempSync(join(tmpdir(), 'store-contract-'));
  return {
    // NORMAL keeps the contract run quick; FULL (the default) is used by the durability tests below.
    open: async () => new SqliteEventStore({ path: join(dir, '{tableId}.db'), synchronous: 'NORMAL', pollIntervalMs: 100 }),
    dispose: async () => rmSync(dir, { recursive: true, force: true }),
  };
});

describe('sqlite: durability and files', () => {
  let dir: string;
  beforeAll(() => {
    dir = mkdtempSync(join(tmpdir(), 'store-sqlite-'));
  });
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  it('keeps one database per table under data/<table-id>.db by default, WAL, synchronous FULL', async () => {
    expect(new SqliteEventStore().pathFor('T7')).toBe(resolve('data/T7.db'));
    const store = new SqliteEventStore({ path: join(dir, 'nested', 'deeper', '{tableId}.db') });
    const s = freshStreamId();
    expect(await store.durability(s)).toEqual({ path: join(dir, 'nested', 'deeper', `${s}.db`), journalMode: 'wal', synchronous: 'FULL' });
    await store.close();
    const normal = new SqliteEventStore({ path: join(dir, '{tableId}.db'), synchronous: 'NORMAL' });
    expect((await normal.durability(s)).synchronous).toBe('NORMAL');
    await normal.close();
    expect(() => new SqliteEventStore({ synchronous: 'OFF' as 'FULL' })).toThrow(InvalidInputError);
  });

  it('does not create a database just to read a table that has none', async () => {
    const store = new SqliteEventStore({ path: join(dir, 'absent', '{tableId}.db') });
    expect(await store.read('NOPE')).toEqual([]);
    expect(await store.head('NOPE')).toEqual({ version: 0, hash: GENESIS_HASH });
    expect(existsSync(join(dir, 'absent'))).toBe(false);
    await store.close();
  });

  it('survives close and reopen: events, chain, idempotency records and snapshots', async () => {
    const path = join(dir, '{tableId}.db');
    const s = freshStreamId();
    const first = new SqliteEventStore({ path });
    await appendMany(first, s, 0, 20, 4);
    const keyed = await first.append(s, makeEvents(20, 2), { expectedVersion: 20, idempotencyKey: 'deal-7' });
    await first.saveSnapshot(s, 10, { handsPlayed: 3, shoe: { remaining: 300 } });
    const before = await first.read(s);
    await first.close();

    const second = new SqliteEventStore({ path });
    const after = await second.read(s);
    expect(after).toEqual(before);
    expect(verifyChain(after)).toEqual({ ok: true });
    expect(await second.head(s)).toEqual({ version: 22, hash: before[21]!.hash });
    const retried = await second.append(s, makeEvents(20, 2), { expectedVersion: 20, idempotencyKey: 'deal-7' });
    expect({ ...retried, replayed: false }).toEqual(keyed);
    expect(await second.loadSnapshot(s)).toEqual({ streamId: s, seq: 10, hash: before[9]!.hash, state: { handsPlayed: 3, shoe: { remaining: 300 } } });
    await expect(second.append(s, makeEvents(22, 1), { expectedVersion: 22 })).resolves.toMatchObject({ firstSeq: 23 });
    await second.close();
  });

  it('saves and loads snapshots tied to the chain', async () => {
    const store = new SqliteEventStore({ path: join(dir, '{tableId}.db') });
    const s = freshStreamId();
    expect(await store.loadSnapshot(s)).toBeUndefined();
    await appendMany(store, s, 0, 5, 5);
    expect(await store.saveSnapshot(s, 0, { empty: true })).toMatchObject({ seq: 0, hash: GENESIS_HASH });
    const events = await store.read(s);
    await store.saveSnapshot(s, 5, { count: 5 });
    const snap = await store.loadSnapshot(s);
    expect(snap).toEqual({ streamId: s, seq: 5, hash: events[4]!.hash, state: { count: 5 } });
    await expect(store.saveSnapshot(s, 6, {})).rejects.toBeInstanceOf(InvalidInputError);
    await expect(store.saveSnapshot(s, 2, { bad: Number.NaN })).rejects.toBeInstanceOf(InvalidInputError);
    await store.close();
  });

  it('refuses to rewrite history in the database itself, and verifyChain finds a tampered row', async () => {
    const path = join(dir, '{tableId}.db');
    const s = freshStreamId();
    const store = new SqliteEventStore({ path });
    await appendMany(store, s, 0, 8, 8);
    await store.close();
    const raw = new Database(join(dir, `${s}.db`));
    expect(() => raw.prepare('UPDATE events SET data = ? WHERE seq = 3').run('{}')).toThrow(/append-only/);
    expect(() => raw.prepare('DELETE FROM events WHERE seq = 8').run()).toThrow(/append-only/);
    expect(() =>
      raw.prepare('INSERT INTO events (stream, seq, data, tail, hash) SELECT stream, seq, data, tail, hash FROM events WHERE seq = 4').run(),
    ).toThrow(/UNIQUE/);
    // Someone with file access can still drop the guard; the chain is what gives them away.
    raw.exec('DROP TRIGGER events_no_update');
    raw.prepare("UPDATE events SET data = replace(data, '\"box\":6', '\"box\":7') WHERE seq = 6").run();
    raw.close();
    const reopened = new SqliteEventStore({ path });
    expect(verifyChain(await reopened.read(s))).toMatchObject({ ok: false, seq: 6, reason: expect.stringMatching(/hash does not match/) });
    await reopened.close();
  });

  it('a writer killed with SIGKILL mid-loop leaves a readable, chain-valid log with whole batches only', async () => {
    const template = join(dir, 'crash', '{tableId}.db');
    const s = freshStreamId('crash');
    const child = fileURLToPath(new URL('./fixtures/sqlite-append-loop.ts', import.meta.url));
    let acknowledged = 0;
    for (const [round, killAfter] of [[1, 150], [2, 40], [3, 300]] as const) {
      acknowledged = await new Promise<number>((resolveKill, reject) => {
        const proc = spawn(process.execPath, ['--import', 'tsx', child, template, s, 'FULL'], { stdio: ['ignore', 'pipe', 'pipe'] });
        let lines = 0;
        let last = acknowledged;
        let buffer = '';
        let stderr = '';
        proc.stderr.on('data', (d: Buffer) => (stderr += d.toString()));
        proc.stdout.on('data', (d: Buffer) => {
          buffer += d.toString();
          const parts = buffer.split('\n');
          buffer = parts.pop() ?? '';
          for (const line of parts) {
            last = Number(line.split(' ')[1]);
            lines += 1;
          }
          if (lines >= killAfter && !proc.killed) {
            // Kill at an arbitrary point: very likely in the middle of the next transaction.
            setTimeout(() => proc.kill('SIGKILL'), round);
          }
        });
        proc.on('exit', (code, signal) => (signal === 'SIGKILL' ? resolveKill(last) : reject(new Error(`child exited ${code}: ${stderr}`))));
      });
      const store = new SqliteEventStore({ path: template });
      const events = await store.read(s);
      await store.close();
      expect(verifyChain(events)).toEqual({ ok: true });
      // Everything acknowledged before the kill is there (durable at commit)...
      expect(events.length).toBeGreaterThanOrEqual(acknowledged);
      // ...and no batch is there in part.
      const sizes = new Map<number, { size: number; seen: number }>();
      for (const e of events) {
        const { batch, size } = e.data as { batch: number; size: number };
        const entry = sizes.get(batch) ?? { size, seen: 0 };
        entry.seen += 1;
        sizes.set(batch, entry);
      }
      for (const [batch, { size, seen }] of sizes) expect(seen, `batch ${batch}`).toBe(size);
      acknowledged = events.length;
    }
  });
});
