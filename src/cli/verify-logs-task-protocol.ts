// What `shoe verify DIR|GLOB...` and its workers (verify-logs-task.ts) exchange: each worker takes the next
// log from a shared counter and verifies it whole (verify-one-log.ts), posting its report as it is made.
import type { LogReport } from './verify-one-log.js';

/** What a worker of `shoe verify DIR|GLOB...` is given: the logs, the shared counter of the next one, and how to verify. */
export interface LogsTaskData {
  readonly files: readonly string[];
  readonly counter: SharedArrayBuffer;
  readonly key: Uint8Array | null;
  readonly nats: string | null;
  readonly noAnchorOk: boolean;
}

/** A log's report as it is made, then `done` once no log is left. */
export type LogsTaskMessage = { readonly index: number; readonly report: LogReport } | { readonly done: true };
