// Recall from an index: the last N rounds found through the round index and read round by
// round equal the recall of the whole log (property over random sessions, SQLite and memory stores);
// an older database gets its index filled once; reading costs the rounds asked for.
import { afterEach, describe, expect, test, vi } from 'vitest';
import fc from 'fast-check';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import { MemoryEventStore } from '../../../src/adapters/store/memory-event-store.js';
import { SqliteEventStore } from '../../../src/adapters/store/sqlite-event-store.js';
import { steppingClock } from '../../../src/adapters/clock/stepping-clock.js';
import { TableService } from '../../../src/app/table/table-service.js';
import { recallLastRounds, recallRounds } from '../../../src/app/audit/recall-rounds.js';
import { IncrementalRoundIndex } from '../../../src/app/audit/round-index.js';
import type { EventStore } from '../../../src/ports/event-store.js';
import { loadRuleSet } from '../../../src/config/load-rule-set.js';
import { playRandomSession } from '../../support/random-session.js';

const TABLE = 'recall-1';
const { rules, rulesId } = loadRuleSet('six-deck');
const dirs: string[] = [];
afterEach(() => {
  for (const d of dirs.splice(0)) rmSync(d, { recursive: true, force: true });
});

function tempDb(): string {
  const dir = mkdtempSync(join(tmpdir(), 'recall-index-'));
  dirs.push(dir);
  return join(dir, 'table.db');
}

async function play(store: EventStore, seed: number, rounds: number): Promise<void> {
  const service = await TableService.open({ tableId: TABLE, rules, rulesId, store, clock: steppingClock() });
  for (const [i, input] of playRandomSession(rules, seed, rounds).inputs.entries()) {
    await service.submit(input, { source: 'api', by: i % 3 === 0 ? 'gs' : 'dealer' });
    if (i % 29 === 3) await service.refuseCommand({ path: '/api/bets' }, 'missing credential');
  }
  service.close();
}

describe('recall from the round index', () => {
  test('property: equals the recall of the whole log, for SQLite and memory, for any number of rounds', async () => {
    await fc.assert(
      fc.asyncProperty(fc.integer({ min: 0, max: 2 ** 31 - 1 }), fc.integer({ min: 1, max: 6 }), fc.constantFrom(1, 2, 3, 10, 100), async (seed, rounds, last) => {
        const sqlite = new SqliteEventStore({ path: tempDb(), pollIntervalMs: 0 });
        const memory = new MemoryEventStore();
        await play(sqlite, seed, rounds);
        await play(memory, seed, rounds);
        const expected = recallRounds(await sqlite.read(TABLE), last);
        expect(await recallLastRounds(sqlite, TABLE, last)).toEqual(expected);
        expect(await recallLastRounds(memory, TABLE, last)).toEqual(recallRounds(await memory.read(TABLE), last));
        await sqlite.close();
      }),
      { numRuns: 10 },
    );
  }, 120_000);

  test('reads only the rounds asked for', async () => {
    const store = new SqliteEventStore({ path: tempDb(), pollIntervalMs: 0 });
    await play(store, 5, 30);
    const total = (await store.head(TABLE)).version;
    const read = vi.spyOn(store, 'read');
    const recalled = await recallLastRounds(store, TABLE, 2);
    expect(recalled).toHaveLength(2);
    const eventsRead = (await Promise.all(read.mock.results.map((r) => r.value as Promise<unknown[]>))).reduce((n, e) => n + e.length, 0);
    expect(eventsRead).toBeLessThan(total / 5);
    await store.close();
  });

  test('a database made before the index: filled once on open, then kept by the trigger', async () => {
    const path = tempDb();
    const first = new SqliteEventStore({ path, pollIntervalMs: 0 });
    await play(first, 9, 4);
    await first.close();
    const db = new Database(path);
    db.exec('DROP TRIGGER events_round_index; DROP TABLE round_index;');
    db.close();
    const reopened = new SqliteEventStore({ path, pollIntervalMs: 0 });
    expect(await recallLastRounds(reopened, TABLE, 10)).toEqual(recallRounds(await reopened.read(TABLE), 10));
    await play(reopened, 10, 2);
    expect(await recallLastRounds(reopened, TABLE, 10)).toEqual(recallRounds(await reopened.read(TABLE), 10));
    await reopened.close();
  });

  test('a round that took bets and stopped during betting is recalled, from SQLite and memory alike', async () => {
    for (const store of [new SqliteEventStore({ path: tempDb(), pollIntervalMs: 0 }), new MemoryEventStore()]) {
      const service = await TableService.open({ tableId: TABLE, rules, rulesId, store, clock: steppingClock() });
      for (const input of [{ type: 'shoe.loaded' }, { type: 'card', card: '5D' }, { type: 'bet', seat: 2, player: 'ann', amount: 1000 }] as const) {
        await service.submit(input, { source: 'api', by: 'gs' });
      }
      service.close();
      const recalled = await recallLastRounds(store, TABLE, 10);
      expect(recalled.map((r) => r.round)).toEqual([1]);
      expect(recalled[0]!.steps.map((s) => s.fact.type)).toContain('bet.placed');
      expect(recalled).toEqual(recallRounds(await store.read(TABLE), 10));
      await store.close();
    }
  });

  test('a database indexed before rounds with bets counted: its trigger is redefined and its index corrected on open', async () => {
    const path = tempDb();
    const first = new SqliteEventStore({ path, pollIntervalMs: 0 });
    const service = await TableService.open({ tableId: TABLE, rules, rulesId, store: first, clock: steppingClock() });
    for (const input of [{ type: 'shoe.loaded' }, { type: 'card', card: '5D' }, { type: 'bet', seat: 2, player: 'ann', amount: 1000 }] as const) {
      await service.submit(input, { source: 'api', by: 'gs' });
    }
    service.close();
    await first.close();
    // As the index was kept before: only betting.closed and round.voided marked a round for recall.
    const db = new Database(path);
    db.exec(`DROP TRIGGER events_round_index;
      CREATE TRIGGER events_round_index AFTER INSERT ON events WHEN NEW.round > 0
      BEGIN
        INSERT INTO round_index (stream, round, first_seq, last_seq, dealt)
          VALUES (NEW.stream, NEW.round, NEW.seq, NEW.seq, NEW.type IN ('betting.closed', 'round.voided'))
          ON CONFLICT (stream, round) DO UPDATE SET first_seq = min(first_seq, excluded.first_seq), last_seq = max(last_seq, excluded.last_seq), dealt = max(dealt, excluded.dealt);
      END;
      UPDATE round_index SET dealt = 0;`);
    db.close();
    const reopened = new SqliteEventStore({ path, pollIntervalMs: 0 });
    expect((await recallLastRounds(reopened, TABLE, 10)).map((r) => r.round)).toEqual([1]);
    await reopened.close();
    const check = new Database(path, { readonly: true });
    expect((check.prepare("SELECT sql FROM sqlite_master WHERE name = 'events_round_index'").get() as { sql: string }).sql).toContain('bet.placed');
    check.close();
  });

  test('the in-process index reads each event once across queries', async () => {
    const store = new MemoryEventStore();
    await play(store, 3, 5);
    const index = new IncrementalRoundIndex(store);
    const read = vi.spyOn(store, 'read');
    await index.lastDealtRounds(TABLE, 3);
    const firstPass = read.mock.calls.length;
    await index.lastDealtRounds(TABLE, 3);
    expect(read.mock.calls.length).toBe(firstPass + 1); // one read of the (empty) new tail
    expect((await read.mock.results.at(-1)!.value as unknown[]).length).toBe(0);
  });
});
