/**
 * What the tables' JetStream log (jetstream-log.ts) is given: the stream's name and subjects, its
 * retention limits and duplicate window (docs/event-log.md, "Operating notes"), and how long a request
 * or a read waits. The log puts in the defaults named here; the NATS event store and the replicator
 * pass them through.
 */
import type { Clock } from '../../ports/clock.js';

export interface JetStreamLogOptions {
  /** JetStream stream name. Default `TABLE_EVENTS`. */
  readonly streamName?: string;
  /** First subject token: subjects are `<prefix>.<tableId>.events`. Default `tables`. */
  readonly subjectPrefix?: string;
  /**
   * Retention limits (0 / -1 = unlimited, the default). If you set them, keep them far beyond
   * the longest time a table can be idle: a table whose whole history has aged out looks empty,
   * and its replicator would publish it again from seq 1.
   */
  readonly maxAgeMs?: number;
  readonly maxBytes?: number;
  /** Window in which a re-sent `Nats-Msg-Id` is dropped as a duplicate. Default 2 minutes. */
  readonly duplicateWindowMs?: number;
  readonly replicas?: number;
  /** How long a JetStream request (publish ack, API call) waits. Default 5000 ms. */
  readonly timeoutMs?: number;
  /** The clock of a read's time limit (default: the process's). */
  readonly clock?: Clock;
}
