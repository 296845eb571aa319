/**
 * Port: the settlement feed (docs/web-api.md, "Settlement feed"; docs/operations.md, "The settlement feed").
 * The table's wallet transactions, derived from its log, go one at a time and in log order to the
 * operator's game server or wallet — an HTTP webhook or a JetStream subject — and each is acknowledged by
 * the receiver before the next goes. Delivery is at least once: the receiver de-duplicates by the
 * transaction's id. Interfaces and the reasons' shapes only: the transports are adapters
 * (src/adapters/feed/), the worker that follows the log is the application's (src/app/feed/).
 */
import type { CodedUnion } from '../messages/coded-reason.js';

/** Where a feed delivers: an HTTP endpoint, or a JetStream subject on the table's NATS. */
export type FeedTarget = 'webhook' | 'jetstream';

export const FEED_TARGETS: readonly FeedTarget[] = ['webhook', 'jetstream'];

/** One delivery: a wallet transaction as the receiver gets it. */
export interface FeedMessage {
  /** The transaction's id (`<table>:<seq>:<n>`): the receiver's de-duplication key. */
  readonly id: string;
  /** The exact body: the transaction as one JSON object (UTF-8), signed as these bytes. */
  readonly body: string;
}

export interface FeedTransport {
  readonly target: FeedTarget;
  /** Where it delivers, for a person: the webhook's origin and path (never its query), or the subject. */
  readonly destination: string;
  /** Resolves once the receiver acknowledged the message; rejects with a FeedDeliveryError otherwise. */
  deliver(message: FeedMessage): Promise<void>;
  /** Abandons a delivery under way (it rejects) and releases the connection. */
  close(): Promise<void>;
}

type None = Record<never, string>;

/** Why a delivery was not acknowledged, each code with its values as text (`reason.<code>` in src/messages). */
export interface FeedFailureParams {
  /** The receiver answered, but not 2xx. */
  readonly feedHttpStatus: { httpStatus: string; address: string };
  /** No answer within the timeout. */
  readonly feedTimeout: { ms: string; address: string };
  /** No connection: refused, unknown host, reset. */
  readonly feedUnreachable: { address: string; error: string };
  /** NATS is not reachable, or has no JetStream. */
  readonly feedNatsDown: { address: string; error: string };
  /** No JetStream stream takes the subject. */
  readonly feedNoStream: { subject: string };
  /** JetStream refused the message (its own words). */
  readonly feedRefused: { subject: string; error: string };
  /** Any other failure, in its own words. */
  readonly feedFailed: { error: string };
  /** The feed stopped (shutdown) while the delivery was under way. */
  readonly feedClosed: None;
}

export type FeedFailure = CodedUnion<{ [C in keyof FeedFailureParams]: FeedFailureParams[C] }>;

/** A delivery the receiver did not acknowledge: its reason, coded. */
export class FeedDeliveryError extends Error {
  constructor(readonly reason: FeedFailure, message: string) {
    super(message);
    this.name = 'FeedDeliveryError';
  }
}

/** `delivering`: up to date, or sending without trouble; `behind`: catching up on older transactions; `failing`: the last attempt failed. */
export type FeedState = 'delivering' | 'behind' | 'failing';

/** A feed as the supervisor's page, /metrics and the logs see it. */
export interface FeedStatus {
  readonly target: FeedTarget;
  readonly destination: string;
  readonly state: FeedState;
  /** Transactions derived from the log and not yet acknowledged (counted up to the worker's look-ahead). */
  readonly pending: number;
  /** True when more are waiting on the log than `pending` counts. */
  readonly pendingAtLeast: boolean;
  /** Seconds since the fact of the oldest unacknowledged transaction (0 when none). */
  readonly lagSeconds: number;
  /** Acknowledged deliveries and failed attempts since the table started. */
  readonly delivered: number;
  readonly retries: number;
  /** The last transaction acknowledged (from the log's notes at start), or null. */
  readonly deliveredThrough: { readonly id: string; readonly seq: number } | null;
  /** Why the last attempt failed, while the feed is failing. */
  readonly lastError: FeedFailure | null;
  /** Set while a transaction has stayed undelivered past the table's `feed.undeliveredAlarmSeconds`. */
  readonly alarm: { readonly id: string; readonly seconds: number } | null;
}
