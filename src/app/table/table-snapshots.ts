// A table's snapshots (docs/event-log.md, snapshots): every `every` inputs, when the store keeps snapshots,
// the round machine's persisted state and the other folds of the log registered as parts (the idempotency
// keys, ./idempotency-keys.ts). A snapshot only saves time at the next start: the log alone still rebuilds
// the table, so a snapshot that cannot be saved is a warning, not a fault.
import type { Logger } from 'pino';
import type { EventStore, JsonValue, SnapshotStore } from '../../ports/event-store.js';
import { TABLE_SNAPSHOT_FORMAT, type TableSnapshot } from './table-snapshot-format.js';

/** The store's snapshots, when it keeps them. */
export function snapshotsOf(store: EventStore): SnapshotStore | null {
  const s = store as Partial<SnapshotStore>;
  return typeof s.saveSnapshot === 'function' && typeof s.loadSnapshot === 'function' ? (s as SnapshotStore) : null;
}

export interface TableSnapshotsOptions {
  readonly store: EventStore;
  readonly tableId: string;
  /** SHA-256 of the rule file in force, saved with each snapshot. */
  readonly rulesId: string;
  /** A snapshot every this many inputs (default 250; 0 = never). */
  readonly every?: number | undefined;
  readonly logger?: Logger | undefined;
}

export class TableSnapshots {
  private readonly parts = new Map<string, () => JsonValue>();
  private inputsSince = 0;

  constructor(private readonly options: TableSnapshotsOptions) {}

  /** Saves another fold of the log with each snapshot (read back as the table's loadedSnapshotParts). */
  addPart(name: string, take: () => JsonValue): void {
    this.parts.set(name, take);
  }

  /** Counts one durable input; every `every` inputs saves the machine's state at `version` with the parts. */
  async afterInput(version: number, machine: () => unknown): Promise<void> {
    const every = this.options.every ?? 250;
    const snapshots = snapshotsOf(this.options.store);
    if (!snapshots || every <= 0 || ++this.inputsSince < every) return;
    this.inputsSince = 0;
    const parts = Object.fromEntries([...this.parts].map(([name, take]) => [name, take()]));
    const state: TableSnapshot = { format: TABLE_SNAPSHOT_FORMAT, rulesId: this.options.rulesId, machine: machine(), ...(this.parts.size > 0 ? { parts } : {}) };
    try {
      await snapshots.saveSnapshot(this.options.tableId, version, JSON.parse(JSON.stringify(state)) as JsonValue);
    } catch (err) {
      this.options.logger?.warn({ err }, 'snapshot not saved (the log alone still rebuilds the table)');
    }
  }
}
