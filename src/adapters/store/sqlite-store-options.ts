/**
 * What the SQLite event store (sqlite-event-store.ts) is given, and where a table's file goes by default:
 * the file per table, how durable a commit is, how long a writer waits for the lock, how followers catch up,
 * and the log key (docs/event-log.md, "Operating notes"; docs/audit.md, "The keyed chain"). The store puts
 * in the defaults named here.
 */
import type { SqliteSynchronous } from './sqlite-schema.js';

export interface SqliteEventStoreOptions {
  /** Database file per table; `{tableId}` is replaced by the table id. Default `data/{tableId}.db`. */
  readonly path?: string;
  /** FULL (default): durable at commit even on power loss. NORMAL: durable on process crash only. */
  readonly synchronous?: SqliteSynchronous;
  /** How long a writer waits for another process's write lock. Default 5000 ms. */
  readonly busyTimeoutMs?: number;
  /** Followers re-read this often to see appends made by other processes; 0 = never. Default 1000 ms. */
  readonly pollIntervalMs?: number;
  /** Events per read while a follower catches up. Default 1000. */
  readonly followPageSize?: number;
  /** The log key (src/log/chain-mac.ts): with it every appended event also gets its MAC. */
  readonly macKey?: Buffer;
}

export const DEFAULT_SQLITE_PATH = 'data/{tableId}.db';
