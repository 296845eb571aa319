// What `shoe verify`'s main thread and its chain worker (verify-chain-task.ts) exchange: the worker
// checks spans of the chain from the front while the main thread re-runs the round machine, then checks
// spans from the back. The board of spans is shared memory.
import type { SpanBoardShape, SpansOutcome } from '../app/audit/verify-chain-spans.js';

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
}

/** What the worker's spans found; or the file's problem (UnreadableLogError's words), or anything else that went wrong, as text. */
export type ChainTaskReply = { readonly spans: SpansOutcome } | { readonly unreadable: string } | { readonly error: string };
