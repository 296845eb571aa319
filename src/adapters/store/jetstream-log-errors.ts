/**
 * The JetStream API errors the tables' log (jetstream-log.ts) and its stream (jetstream-log-stream.ts)
 * tell apart, by the code the server answers with, and the one the log turns into its own:
 * `SubjectSequenceConflict`, a publish refused by `Nats-Expected-Last-Subject-Sequence` because
 * another event is already there (docs/event-log.md, "Where the code is").
 */
import { NatsError } from 'nats';

/** The expected-last-subject-sequence check failed: someone else's event is there. */
export class SubjectSequenceConflict extends Error {
  constructor(readonly tableId: string) {
    super(`JetStream: another event was stored for table ${tableId} in the meantime`);
    this.name = 'SubjectSequenceConflict';
  }
}

export const ERR_NO_MESSAGE = 10037;
export const ERR_STREAM_NOT_FOUND = 10059;
export const ERR_STREAM_NAME_IN_USE = 10058;
export const ERR_WRONG_LAST_SEQUENCE = 10071;

export function apiErrorCode(error: unknown): number | undefined {
  return error instanceof NatsError ? error.api_error?.err_code : undefined;
}
