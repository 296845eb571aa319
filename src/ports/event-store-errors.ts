/**
 * Typed errors of the event-store port. Callers branch on `code` (or `instanceof`); every error
 * means nothing was stored by the failing call (the log is all-or-nothing per append).
 */

export type EventStoreErrorCode =
  | 'WRONG_EXPECTED_VERSION'
  | 'INVALID_INPUT'
  | 'IDEMPOTENCY_CONFLICT'
  | 'STORE_CLOSED'
  | 'CORRUPT_LOG';

export class EventStoreError extends Error {
  constructor(
    readonly code: EventStoreErrorCode,
    message: string,
    options?: { cause?: unknown },
  ) {
    super(message, options);
    this.name = new.target.name;
  }
}

/** Optimistic concurrency: the stream is not at the version the caller expected. */
export class WrongExpectedVersionError extends EventStoreError {
  constructor(
    readonly streamId: string,
    readonly expectedVersion: number,
    readonly actualVersion: number,
  ) {
    super(
      'WRONG_EXPECTED_VERSION',
      `stream ${streamId}: expected version ${expectedVersion}, but it is at ${actualVersion}; nothing was stored`,
    );
  }
}

/** The input can never be stored as given (bad event, bad option, empty batch...). */
export class InvalidInputError extends EventStoreError {
  constructor(
    /** Where the problem is, e.g. `events[2].data.cards[0]`. */
    readonly path: string,
    readonly problem: string,
  ) {
    super('INVALID_INPUT', `${path}: ${problem}; nothing was stored`);
  }
}

/** An idempotency key was reused with a different batch. */
export class IdempotencyConflictError extends EventStoreError {
  constructor(
    readonly streamId: string,
    readonly idempotencyKey: string,
  ) {
    super(
      'IDEMPOTENCY_CONFLICT',
      `stream ${streamId}: idempotency key ${JSON.stringify(idempotencyKey)} was already used for a different batch; nothing was stored`,
    );
  }
}

export class StoreClosedError extends EventStoreError {
  constructor() {
    super('STORE_CLOSED', 'the event store is closed');
  }
}

/** What the store read back is not a valid log (gap, foreign event, broken envelope...). */
export class CorruptLogError extends EventStoreError {
  constructor(
    readonly streamId: string,
    readonly seq: number,
    readonly reason: string,
  ) {
    super('CORRUPT_LOG', `stream ${streamId} at seq ${seq}: ${reason}`);
  }
}

export function isEventStoreError(error: unknown, code?: EventStoreErrorCode): error is EventStoreError {
  return error instanceof EventStoreError && (code === undefined || error.code === code);
}
