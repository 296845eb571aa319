/**
 * What the JetStream replicator (jetstream-replicator.ts) is given: the table's source of truth and
 * the connection, the JetStream log's options, how much it reads and keeps in flight, how it paces
 * its retries and polls (docs/event-log.md, "Operating notes"; docs/operations.md, "The floor on a cluster"), its clock
 * and its logger. The replicator puts in the defaults named here.
 */
import type { NatsConnection } from 'nats';
import type { EventStore } from '../../ports/event-store.js';
import type { Clock } from '../../ports/clock.js';
import type { JetStreamLogOptions } from './jetstream-log-options.js';
import type { PublishWindowLimits } from './jetstream-publish-window.js';

/** The subset of a pino logger the replicator uses. */
export interface ReplicatorLogger {
  info(obj: object, msg?: string): void;
  warn(obj: object, msg?: string): void;
  error(obj: object, msg?: string): void;
}

export interface JetStreamReplicatorOptions {
  /** The table's source of truth (a SqliteEventStore). */
  readonly source: EventStore;
  readonly tableId: string;
  readonly connection: NatsConnection;
  readonly jetstream?: JetStreamLogOptions;
  /** Events read from the source at a time. Default 500. */
  readonly pageSize?: number;
  /** First and longest pause between attempts while JetStream is unreachable. Default 200 / 5000 ms. */
  readonly retryDelayMs?: number;
  readonly maxRetryDelayMs?: number;
  /** Publishes in flight (jetstream-publish-window.ts). Default 256 events, 1 MiB, 1 s. */
  readonly window?: Partial<PublishWindowLimits>;
  /** Look at the source this often even without an append notification. Default 1000 ms. */
  readonly pollIntervalMs?: number;
  /** The pauses' clock: the table's (default: the process's). */
  readonly clock?: Clock;
  readonly logger?: ReplicatorLogger;
}
