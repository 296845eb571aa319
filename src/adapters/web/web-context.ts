// What the web adapter needs of the table, and the settings every route shares.
import type { Logger } from 'pino';
import type { TableService } from '../../app/table/table-service.js';
import type { TableMeta } from '../../app/displays/table-meta.js';
import type { AudienceViewSource } from '../../app/displays/shared-view.js';
import type { ViewDeliveryStats } from './view-delivery-stats.js';
import type { ReaderWatch } from './stalled-readers.js';
import type { RefusalLog } from './refusal-log.js';
import type { MessageRateLimiter } from './request-guards.js';
import type { Principal } from '../../config/table-config.js';
import type { IdempotencyConfig } from '../../config/idempotency-config.js';
import type { EventStore } from '../../ports/event-store.js';
import type { Clock } from '../../ports/clock.js';

/** The parts of the table service the web adapter uses. */
export type TableHandle = Pick<TableService, 'submit' | 'refuseCommand' | 'table' | 'phase' | 'position' | 'rules' | 'tableId' | 'halted' | 'fault$'>;

export interface WebContext {
  readonly service: TableHandle;
  readonly store: EventStore;
  /** Token → who it identifies. */
  readonly credentials: ReadonlyMap<string, Principal>;
  readonly decisionSeconds: number;
  /** The table's money (the table file's `currency`): every wallet transaction carries it. */
  readonly currency: string;
  /** The id of the rule set the table runs (`service.rules`), when known: its rounds' transactions need not read the log for it. */
  readonly rulesId?: string;
  /** Seconds of the betting countdown (the table file's `bettingSeconds`). */
  readonly bettingSeconds?: number;
  readonly meta: TableMeta;
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
  /** The table's clock: the displays' send times, their pings, the refusal windows, the message rate limit. */
  readonly clock: Clock;
}
