// What `shoe verify`'s main thread and its chain worker (verify-chain-task.ts) exchange (issue 9).
import type { ChainOutcome } from '../app/verify-chain-half.js';

export interface ChainTaskData {
  readonly file: string;
  readonly tableId: string;
  /** The last seq to check: both halves read the same events (the log may grow meanwhile). */
  readonly to: number;
  /** The log key's bytes, or null without a key. */
  readonly key: Uint8Array | null;
  /** Int32Array over a SharedArrayBuffer: the row where each half found a problem (0: none yet). */
  readonly rows: SharedArrayBuffer;
}

export const REPLAY_PROBLEM_ROW = 0;
export const CHAIN_PROBLEM_ROW = 1;

export type ChainTaskReply = { readonly outcome: ChainOutcome } | { readonly unreadable: string } | { readonly error: string };
