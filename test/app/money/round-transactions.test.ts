// One round's transactions read through the round index (GET /api/rounds/{round}/transactions): the same as
// the whole log's derivation gives for that round, from SQLite and memory alike; a round under rules the table
// no longer runs is read back from its table.configured record; reading costs the round when the rules are known.
import { afterEach, describe, expect, test, vi } from 'vitest';
import fc from 'fast-check';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { MemoryEventStore } from '../../../src/adapters/store/memory-event-store.js';
import { SqliteEventStore } from '../../../src/adapters/store/sqlite-event-store.js';
import { HandsPerBoxOnLog } from '../../../src/app/audit/hands-per-box-on-log.js';
import { roundTransactions } from '../../../src/app/audit/round-transactions.js';
import { deriveTransactions } from '../../../src/app/money/transaction-fold.js';
import { loadRuleSet } from '../../../src/config/load-rule-set.js';
import type { EventStore } from '../../../src/ports/event-store.js';
import { playMoneySession } from './money-session.js';
import { RULE_SETS } from './ledger-invariants.js';

const TABLE = 'rounds-1';
const dirs: string[] = [];
afterEach(() => {
  for (const d of dirs.splice(0)) rmSync(d, { recursive: true, force: true });
});

function sqliteStore(): SqliteEventStore {
  const dir = mkdtempSync(join(tmpdir(), 'round-transactions-'));
  dirs.push(dir);
  return new SqliteEventStore({ path: join(dir, 'table.db'), pollIntervalMs: 0 });
}

/** Every round of the log, one by one, equals the whole log's transactions of that round; one past the last is not there. */
async function expectEveryRound(store: EventStore, rules: () => HandsPerBoxOnLog): Promise<void> {
  const events = await store.read(TABLE);
  const whole = deriveTransactions(events, { currency: 'EUR' });
  const last = Math.max(0, ...events.map((e) => e.round));
  for (let round = 1; round <= last; round++) {
    expect(await roundTransactions(store, TABLE, round, { currency: 'EUR', rules: rules() }), `round ${round}`).toEqual(whole.filter((t) => t.round === round));
  }
  expect(await roundTransactions(store, TABLE, last + 1, { currency: 'EUR' })).toBeUndefined();
}

describe('one round\'s transactions', () => {
  test('property: equal the whole log\'s for that round, for SQLite and memory, every rule set', async () => {
    await fc.assert(
      fc.asyncProperty(fc.constantFrom(...RULE_SETS), fc.integer({ min: 0, max: 2 ** 31 - 1 }), fc.integer({ min: 1, max: 6 }), async (rulesName, seed, rounds) => {
        for (const store of [sqliteStore(), new MemoryEventStore()]) {
          await playMoneySession(store, TABLE, rulesName, seed, rounds);
          const { rulesId, rules } = loadRuleSet(rulesName);
          await expectEveryRound(store, () => new HandsPerBoxOnLog([[rulesId, rules.boxes.handsPerBox]]));
          await expectEveryRound(store, () => new HandsPerBoxOnLog());
          await store.close();
        }
      }),
      { numRuns: 14 },
    );
  }, 120_000);

  test('a round played under rules the table no longer runs: its rules are read back from the log once', async () => {
    const store = sqliteStore();
    await playMoneySession(store, TABLE, 'switch', 11, 4);
    const switchRounds = Math.max(...(await store.read(TABLE)).map((e) => e.round));
    await playMoneySession(store, TABLE, 'six-deck', 12, switchRounds + 4);
    const events = await store.read(TABLE);
    const whole = deriveTransactions(events, { currency: 'EUR' });
    const six = loadRuleSet('six-deck');
    const rules = new HandsPerBoxOnLog([[six.rulesId, 1]]);
    const closings = new Set(events.filter((e) => e.type === 'betting.closed').map((e) => e.seq));
    const switched = whole.find((t) => t.type === 'debit' && t.hand === 1 && closings.has(t.seq));
    expect(switched, 'a switch round stakes its second hands when betting closes').toBeDefined();
    const round = switched!.round;
    expect(await roundTransactions(store, TABLE, round, { currency: 'EUR', rules })).toEqual(whole.filter((t) => t.round === round));
    expect(rules.all.get(loadRuleSet('switch').rulesId)).toBe(2);
    await store.close();
  });

  test('reads only the round asked for when its rules are known', async () => {
    const store = sqliteStore();
    await playMoneySession(store, TABLE, 'deluxe', 5, 30);
    const total = (await store.head(TABLE)).version;
    const { rulesId, rules } = loadRuleSet('deluxe');
    const read = vi.spyOn(store, 'read');
    const transactions = await roundTransactions(store, TABLE, 20, { currency: 'EUR', rules: new HandsPerBoxOnLog([[rulesId, rules.boxes.handsPerBox]]) });
    expect(transactions).toBeDefined();
    const eventsRead = (await Promise.all(read.mock.results.map((r) => r.value as Promise<unknown[]>))).reduce((n, e) => n + e.length, 0);
    expect(eventsRead).toBeLessThan(total / 5);
    await store.close();
  });
});
