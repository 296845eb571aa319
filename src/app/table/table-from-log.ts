// What a table opens from: the newest usable snapshot and the log's tail after it, the tail's chain (and
// MACs, ADR 0004) checked from the snapshot's position on, its inputs re-run through the round machine, and
// the idempotency keys of the snapshot and the tail. The snapshot only saves time; without one the whole log
// is replayed (docs/event-log.md, snapshots).
import type { Logger } from 'pino';
import type { EventStore, JsonValue } from '../../ports/event-store.js';
import type { RuleSet } from '../../rules/rule-set.js';
import { TableEngine } from '../../round/table-engine.js';
import { verifyChain } from '../../log/event-chain.js';
import { LogIntegrityError } from '../../ports/log-integrity.js';
import { usableTableSnapshot } from './table-snapshot-format.js';
import { snapshotsOf } from './table-snapshots.js';
import { rebuildTable, type RebuildStart, type RebuiltTable } from './rebuild-table.js';
import { IdempotencyKeys, KEYS_SNAPSHOT_PART, type KeyRetention } from './idempotency-keys.js';

export interface TableFromLog {
  /** The table re-run from the snapshot and the tail; null for an empty log without a snapshot. */
  readonly rebuilt: RebuiltTable | null;
  /** The log position of the last event read (the snapshot's when the tail is empty). */
  readonly lastSeq: number;
  /** The events re-run after the snapshot. */
  readonly replayed: number;
  /** The log position of the snapshot opened from (0 when the table was rebuilt from seq 1). */
  readonly snapshotAt: number;
  /** The other folds saved with that snapshot. */
  readonly parts: Readonly<Record<string, JsonValue>>;
  readonly keys: IdempotencyKeys;
}

export async function readTableFromLog(
  store: EventStore,
  tableId: string,
  keyRetention: KeyRetention,
  logger?: Logger,
): Promise<TableFromLog> {
  const stored = await snapshotsOf(store)?.loadSnapshot(tableId);
  const saved = stored ? usableTableSnapshot(stored.state) : undefined;
  if (stored && !saved) logger?.info({ tableId, snapshotAt: stored.seq }, 'the saved snapshot is of an older controller: the table is rebuilt from its whole log once');
  const snapshot = saved ? stored : undefined;
  let start: RebuildStart | undefined;
  if (saved) {
    const savedRules = (saved.machine as { context: { rules: RuleSet } }).context.rules;
    start = { engine: new TableEngine(savedRules, saved.machine as never), rulesId: saved.rulesId };
  }
  const tail = await store.read(tableId, { from: (snapshot?.seq ?? 0) + 1 });
  const chain = verifyChain(tail, snapshot ? { seq: snapshot.seq, hash: snapshot.hash } : undefined);
  if (!chain.ok) throw new LogIntegrityError(tableId, chain.seq, `hash chain broken: ${chain.reason}`);
  const rebuilt = tail.length > 0 || start ? rebuildTable(tail, start) : null;
  const parts = saved?.parts ?? {};
  // The keys saved with the snapshot, then the tail's (a snapshot from before keys were kept: the tail's only).
  const keys = IdempotencyKeys.restore(parts[KEYS_SNAPSHOT_PART], keyRetention, start?.engine.table.shoe?.number ?? 0, logger);
  for (const event of tail) keys.push(event);
  return { rebuilt, lastSeq: tail.at(-1)?.seq ?? snapshot?.seq ?? 0, replayed: tail.length, snapshotAt: snapshot?.seq ?? 0, parts, keys };
}
