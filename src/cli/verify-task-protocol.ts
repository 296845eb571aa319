// What `shoe verify`'s main thread and its chain worker (verify-chain-task.ts) exchange: the worker
// checks spans of the chain from the front while the main thread re-runs the round machine, then checks
// spans from the back; between its spans, and after them, the worker reads the re-run's next pages into
// shared slots. The board of spans and the pages' claims and slots are shared memory.
import type { SpanBoardShape, SpansOutcome } from '../app/audit/verify-chain-spans.js';
import type { ReadAheadShape } from './verify-read-ahead.js';

export interface VerifyTaskData {
  readonly file: string;
  readonly tableId: string;
  /** The log key's bytes, or null without a key. */
  readonly key: Uint8Array | null;
  /** The first event that carries a MAC (null: none does). */
  readonly firstMac: number | null;
  /** The shared board of chain spans (events 1..total, the head read before verifying). */
  readonly board: SpanBoardShape;
  /** The file's quick_check first (one worker runs it, while the main thread re-runs the round machine). */
  readonly quickCheck: boolean;
  /** The re-run's pages this worker reads ahead into shared slots (verify-read-ahead.ts); null: none. */
  readonly readAhead: ReadAheadShape | null;
}

/** What the worker's spans found; or the file's problem (UnreadableLogError's words), or anything else that went wrong, as text. */
export type ChainTaskReply = { readonly spans: SpansOutcome } | { readonly unreadable: string } | { readonly error: string };
