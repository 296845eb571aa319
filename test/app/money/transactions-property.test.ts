// The ledger's invariants as a property over random sessions of every rule set (docs/event-log.md,
// "Transactions"): per player the transactions come to the settlements' nets, every settlement names debits
// that exist, each debit is settled exactly once when its round ended, and a second derivation — in pages
// of another size — gives the same transactions with the same ids. Two kinds of session: the shared random
// session (test/support/random-session.ts), and one that also cancels bets, insures in part, doubles for
// less, follows with bets behind and voids at every step (./money-session.ts).
import { describe, expect, test } from 'vitest';
import fc from 'fast-check';
import { MemoryEventStore } from '../../../src/adapters/store/memory-event-store.js';
import { factOf, isInputRecord, isNoteRecord } from '../../../src/app/audit/log-records.js';
import { TransactionFold, deriveTransactions } from '../../../src/app/money/transaction-fold.js';
import type { EventStore } from '../../../src/ports/event-store.js';
import { playMoneySession } from './money-session.js';
import { RULE_SETS, inPages, ledgerProblems, playRandom } from './ledger-invariants.js';

const TABLE = 'money-1';

type Play = (store: EventStore, tableId: string, rulesName: string, seed: number, rounds: number) => Promise<void>;

/** Runs the property for one rule set and session kind; answers how often each money fact came up. */
async function balances(rulesName: string, play: Play, numRuns: number, fcSeed?: number): Promise<Map<string, number>> {
  const seen = new Map<string, number>();
  await fc.assert(
    fc.asyncProperty(fc.integer({ min: 0, max: 2 ** 31 - 1 }), fc.integer({ min: 1, max: 8 }), fc.integer({ min: 1, max: 400 }), async (seed, rounds, pageSize) => {
      const store = new MemoryEventStore();
      await play(store, TABLE, rulesName, seed, rounds);
      const events = await store.read(TABLE);
      const fold = new TransactionFold({ currency: 'EUR' });
      const paged = inPages(events, pageSize, (page) => fold.pushAll(page));
      expect(ledgerProblems(events, paged)).toEqual([]);
      expect(deriveTransactions(events, { currency: 'EUR' })).toEqual(paged);
      expect(fold.openRounds).toBeLessThanOrEqual(1);
      for (const e of events) {
        if (isInputRecord(e) || isNoteRecord(e.type)) continue;
        const fact = factOf(e);
        const key = fact.type === 'bet.settled' ? `${fact.bet} ${fact.outcome}` : fact.type;
        seen.set(key, (seen.get(key) ?? 0) + 1);
      }
      for (const t of paged) seen.set(t.type, (seen.get(t.type) ?? 0) + 1);
    }),
    { numRuns, ...(fcSeed !== undefined ? { seed: fcSeed } : {}) },
  );
  return seen;
}

describe('wallet transactions over random sessions', () => {
  for (const rulesName of RULE_SETS) {
    test(`property (${rulesName}, the shared random session): the ledger balances against the settlements, ids stable`, async () => {
      const seen = await balances(rulesName, playRandom, 10);
      expect(seen.get('debit')).toBeGreaterThan(0);
      expect(seen.get('credit')).toBeGreaterThan(0);
    }, 120_000);

    test(`property (${rulesName}, cancels, follows, partial amounts, voids anywhere): the same`, async () => {
      // Its runs are drawn from a fixed seed: ten random sessions of one to eight rounds do not always reach
      // every kind of transaction, and the check that they do must not depend on the draw.
      const seen = await balances(rulesName, playMoneySession, 10, 20261206);
      // The session reaches what it is for: each kind of transaction, doubles and splits.
      for (const kind of ['debit', 'credit', 'refund', 'reverse', 'bet.cancelled', 'round.voided', 'hand.doubled']) expect(seen.get(kind), kind).toBeGreaterThan(0);
    }, 120_000);
  }
});
