// What the table log's guard (./log-guard.ts) is started with: the table, its SQLite file and key, NATS for
// the KV anchor, an operator's acceptance of a log behind its anchor, and how often it anchors.
import type { Logger } from 'pino';
import type { Clock } from '../ports/clock.js';

export interface AcceptLogBehindAnchor {
  /** Who decided (recorded on the log). */
  readonly by: string;
  /** Why (recorded on the log). */
  readonly reason: string;
}

export interface LogGuardOptions {
  readonly tableId: string;
  /** The table's SQLite file; without it (another store) only the anchoring of the KV runs. */
  readonly dbPath?: string;
  readonly logger: Logger;
  /** The log key: MACs are checked over what start-up reads. */
  readonly key?: Buffer;
  /** NATS for the KV anchor; unreachable within `natsTimeoutMs`: the KV is not checked (a warning). */
  readonly natsUrl?: string;
  readonly natsTimeoutMs?: number;
  /** Copies JetStream keeps of the KV bucket when it creates it (the table file's nats.replicas). */
  readonly natsReplicas?: number;
  readonly acceptBehindAnchor?: AcceptLogBehindAnchor;
  /** An anchor every this many events besides round ends (default 500). */
  readonly anchorEveryEvents?: number;
  /** The anchors' times (default: the process's clock). */
  readonly clock?: Clock;
}
