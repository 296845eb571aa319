// The auditor's check of a table log (issue 4, Audit; issue 12.2/12.3; issue 9: in constant memory): the
// SHA-256 chain is intact, with a key every event's MAC is right, and re-running the round machine over
// the recorded inputs derives exactly the recorded facts (deal targets, dealer draws, settlements). The
// log is consumed one event at a time; the first problem found is named.
import type { StoredEvent } from '../ports/event-store.js';
import { ChainVerifier } from '../ports/event-chain.js';
import { macMatches, type LoggedEvent } from '../ports/chain-mac.js';
import { LogMismatchError, LogReplayer } from './log-replayer.js';

export type Verdict =
  | {
    readonly ok: true;
    readonly events: number;
    readonly inputs: number;
    readonly rounds: number;
    /** With a key: the first event with a MAC (events before it were written without the key); null without a key. */
    readonly macFrom: number | null;
  }
  | { readonly ok: false; readonly seq: number; readonly problem: string };

export type { LoggedEvent } from '../ports/chain-mac.js';

export interface VerifyOptions {
  /** The log key: every event from the first one with a MAC must carry a valid MAC. */
  readonly key?: Buffer;
  /** Called every `progressEvery` events with the count so far. */
  readonly onProgress?: (done: number) => void;
  readonly progressEvery?: number;
}

/** Verifies a whole log, streamed (an array works too). */
export function verifyLog(events: Iterable<StoredEvent | LoggedEvent>, options: VerifyOptions = {}): Verdict {
  const chain = new ChainVerifier();
  const replayer = new LogReplayer();
  const { key, onProgress } = options;
  const every = options.progressEvery ?? 50_000;
  let count = 0;
  let macFrom: number | null = null;
  for (const item of events) {
    const event = 'event' in item && typeof (item as LoggedEvent).event === 'object' ? (item as LoggedEvent).event : (item as StoredEvent);
    const dataJson = (item as LoggedEvent).dataJson;
    const check = chain.push(event, dataJson);
    if (!check.ok) return { ok: false, seq: check.seq, problem: `hash chain broken: ${check.reason}` };
    if (key) {
      const mac = (item as LoggedEvent).mac ?? null;
      if (mac === null) {
        if (macFrom !== null) return { ok: false, seq: event.seq, problem: `no MAC: events from ${macFrom} on were keyed, so a MAC was removed or the event was written without the key` };
      } else {
        if (!macMatches(key, event.hash, mac)) {
          return { ok: false, seq: event.seq, problem: 'MAC does not match: the event was rewritten without the key (or the key is not this log\'s)' };
        }
        macFrom ??= event.seq;
      }
    }
    try {
      replayer.push(event, dataJson);
    } catch (err) {
      return mismatch(err, event.seq);
    }
    count++;
    if (onProgress && count % every === 0) onProgress(count);
  }
  if (key && macFrom === null && count > 0) {
    return { ok: false, seq: 1, problem: 'no event carries a MAC: the log was never keyed, or every MAC was removed' };
  }
  try {
    replayer.finish();
  } catch (err) {
    return mismatch(err, 0);
  }
  return { ok: true, events: count, inputs: replayer.inputs, rounds: replayer.engine?.table.round ?? 0, macFrom };
}

function mismatch(err: unknown, seq: number): Verdict {
  if (err instanceof LogMismatchError) return { ok: false, seq: err.seq, problem: err.message };
  return { ok: false, seq, problem: (err as Error).message };
}
