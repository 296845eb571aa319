// What the settlement feed's worker (./feed-worker.ts) is started with: the table's log and index, the
// receiver, the live appends, its clock and randomness (inputs, as everywhere), and its bounds.
import type { Logger } from 'pino';
import type { Observable } from 'rxjs';
import type { Clock } from '../../ports/clock.js';
import type { EventStore } from '../../ports/event-store.js';
import type { RoundIndex } from '../../ports/round-index.js';
import type { FeedTransport } from '../../ports/settlement-feed.js';
import type { HandsPerBoxOnLog } from '../audit/hands-per-box-on-log.js';
import type { FeedDeliveredNote } from './feed-note.js';

export interface FeedWorkerOptions {
  readonly tableId: string;
  readonly currency: string;
  readonly store: EventStore;
  readonly index: RoundIndex;
  readonly rules: HandsPerBoxOnLog;
  readonly transport: FeedTransport;
  /** Every event appended to the log, live (only its seq is read): the worker reads the log when it moves. */
  readonly appended$: Observable<{ readonly seq: number }>;
  /** Appends a `feed.delivered` note to the table's log (TableService.recordNote). */
  readonly recordNote: (note: FeedDeliveredNote) => Promise<unknown>;
  /** Its timers (backoff, the alarm's checks, the batched notes) and the transactions' ages. */
  readonly clock: Clock;
  readonly random: () => number;
  /** Backoff: the first pause's ceiling (default FIRST_BACKOFF_MS, 50 ms) and the cap (the table file's `maxBackoffMs`). */
  readonly firstBackoffMs?: number;
  readonly maxBackoffMs: number;
  /** The table file's `feed.undeliveredAlarmSeconds`. */
  readonly alarmSeconds: number;
  /** The acknowledgement notes' batch (./feed-acks.ts). */
  readonly ackEveryMs?: number;
  readonly ackEvery?: number;
  /** Transactions derived ahead of the one being delivered, at most (default 10,000), and events read at a time (default 500). */
  readonly lookAhead?: number;
  readonly pageSize?: number;
  /** At a stop, how long a delivery under way may still take to be answered before it is abandoned (default 1000 ms; 0: at once). */
  readonly stopGraceMs?: number;
  /** Gives the event loop a turn before the log is read (default: setImmediate), so the table's own work — the shoe's ACK after an append — goes first. */
  readonly turn?: () => Promise<void>;
  readonly logger?: Logger;
}
