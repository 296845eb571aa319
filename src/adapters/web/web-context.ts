// What the web adapter needs of the table, and the settings every route shares.
import type { Logger } from 'pino';
import type { AudienceViewSource } from '../../ports/shared-view.js';
import type { TableCommands } from '../../ports/table-commands.js';
import type { TableReads } from '../../ports/table-reads.js';
import type { ViewDeliveryStats } from './view-delivery-stats.js';
import type { ReaderWatch } from './stalled-readers.js';
import type { RefusalLog } from './refusal-log.js';
import type { MessageRateLimiter } from './request-guards.js';
import type { Principal } from '../../config/table-config.js';
import type { IdempotencyConfig } from '../../config/idempotency-config.js';
import type { Clock } from '../../ports/clock.js';

export interface WebContext {
  readonly service: TableCommands;
  /** A command's facts as the public sees them, the recall, a round's transactions. */
  readonly reads: TableReads;
  /** Token → who it identifies. */
  readonly credentials: ReadonlyMap<string, Principal>;
  readonly decisionSeconds: number;
  /** Seconds of the betting countdown (the table file's `bettingSeconds`). */
  readonly bettingSeconds?: number;
  readonly logger: Logger;
  /** Each audience's current view and its changes (shared by every display). */
  readonly views: AudienceViewSource;
  readonly viewStats: ViewDeliveryStats;
  /** Bound of one display's send buffer before it skips to the newest view. */
  readonly viewBufferBytes: number;
  /** Pings every display socket and sheds the ones that stopped reading. */
  readonly readers: ReaderWatch;
  /** Where refusals go: on the table's log, bounded for the whole table, and counted for /metrics. */
  readonly refusals: RefusalLog;
  /** WebSocket messages per client address. */
  readonly messageLimiter: MessageRateLimiter;
  /** How long the table keeps idempotency keys (the table file's `idempotency`): the documents say it. */
  readonly keyRetention: IdempotencyConfig;
  /** Seats the demo's bot plays (`shoe start` without `--manual`): /play offers no decision for them. */
  readonly botSeats?: readonly number[];
  /** The table's clock: the displays' send times, their pings, the refusal windows, the message rate limit. */
  readonly clock: Clock;
}
