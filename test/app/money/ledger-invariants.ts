// Sessions played into a store for the money tests, and the ledger's invariants checked over what the log
// holds (docs/event-log.md, "Transactions").
import { steppingClock } from '../../../src/adapters/clock/stepping-clock.js';
import { TableService } from '../../../src/app/table/table-service.js';
import { factOf, isInputRecord, isNoteRecord } from '../../../src/app/audit/log-records.js';
import type { WalletTransaction } from '../../../src/app/money/wallet-transaction.js';
import { loadRuleSet } from '../../../src/config/load-rule-set.js';
import type { EventStore, StoredEvent } from '../../../src/ports/event-store.js';
import type { TableInput } from '../../../src/round/inputs.js';
import { playRandomSession } from '../../support/random-session.js';

export const RULE_SETS = ['six-deck', 'classic', 'classic-17plus4', 'european', 'deluxe', 'basic', 'switch'] as const;

/** Opens a table on `store` under the named rule set and submits `inputs` (refused ones included, as a live table gets them). */
export async function playInto(store: EventStore, tableId: string, rulesName: string, inputs: readonly TableInput[]): Promise<void> {
  const { rules, rulesId } = loadRuleSet(rulesName);
  const service = await TableService.open({ tableId, rules, rulesId, store, clock: steppingClock() });
  for (const input of inputs) await service.submit(input, { source: 'api', by: 'gs' });
  service.close();
}

export async function playRandom(store: EventStore, tableId: string, rulesName: string, seed: number, rounds: number): Promise<void> {
  await playInto(store, tableId, rulesName, playRandomSession(loadRuleSet(rulesName).rules, seed, rounds).inputs);
}

/** Feeds `events` in pages of `pageSize` to `derive` (one page at a time, as a reader of a long log does). */
export function inPages<T>(events: readonly StoredEvent[], pageSize: number, derive: (page: readonly StoredEvent[]) => T[]): T[] {
  const out: T[] = [];
  for (let i = 0; i < events.length; i += pageSize) out.push(...derive(events.slice(i, i + pageSize)));
  return out;
}

/**
 * What breaks the ledger's invariants, as sentences (empty when none): ids unique; every non-debit names
 * debits that came before it; each debit settled, refunded or reversed at most once, and exactly once when
 * its round has ended; per player over ended rounds, Σ(credit + refund + reverse) − Σ debit = Σ net of the
 * player's bet.settled lines.
 */
export function ledgerProblems(events: readonly StoredEvent[], transactions: readonly WalletTransaction[]): string[] {
  const problems: string[] = [];
  const ended = new Set<number>();
  const nets = new Map<string, number>();
  const settledNets: Array<{ round: number; player: string; net: number }> = [];
  for (const e of events) {
    if (isInputRecord(e) || isNoteRecord(e.type)) continue;
    const fact = factOf(e);
    if (fact.type === 'round.ended') ended.add(fact.round);
    if (fact.type === 'bet.settled') settledNets.push({ round: fact.round, player: fact.player, net: fact.net });
  }
  for (const s of settledNets) if (ended.has(s.round)) nets.set(s.player, (nets.get(s.player) ?? 0) + s.net);
  const ids = new Set<string>();
  const debits = new Map<string, WalletTransaction>();
  const settledBy = new Map<string, string>();
  const balance = new Map<string, number>();
  for (const t of transactions) {
    if (ids.has(t.id)) problems.push(`${t.id}: id used twice`);
    ids.add(t.id);
    if (!Number.isSafeInteger(t.amount) || t.amount < 0) problems.push(`${t.id}: amount ${t.amount}`);
    if (t.type === 'debit') {
      if (t.debits !== undefined) problems.push(`${t.id}: a debit names debits`);
      debits.set(t.id, t);
    } else {
      if (!t.debits || t.debits.length === 0) problems.push(`${t.id}: a ${t.type} names no debit`);
      for (const d of t.debits ?? []) {
        const debit = debits.get(d);
        if (!debit) problems.push(`${t.id}: names ${d}, not a debit before it`);
        else if (debit.player !== t.player || debit.round !== t.round) problems.push(`${t.id}: names ${d} of another player or round`);
        if (settledBy.has(d)) problems.push(`${t.id}: ${d} was already settled by ${settledBy.get(d)}`);
        settledBy.set(d, t.id);
      }
    }
    if (ended.has(t.round)) balance.set(t.player, (balance.get(t.player) ?? 0) + (t.type === 'debit' ? -t.amount : t.amount));
  }
  for (const [id, debit] of debits) if (ended.has(debit.round) && !settledBy.has(id)) problems.push(`${id}: round ${debit.round} ended with this debit open`);
  for (const player of new Set([...nets.keys(), ...balance.keys()])) {
    if ((nets.get(player) ?? 0) !== (balance.get(player) ?? 0)) problems.push(`${player}: transactions come to ${balance.get(player) ?? 0}, settlements to ${nets.get(player) ?? 0}`);
  }
  return problems;
}
