// The auditor's check of a table log (docs/audit.md; in constant memory): the
// SHA-256 chain is intact, with a key every event's MAC is right, and re-running the round machine over
// the recorded inputs derives exactly the recorded facts (deal targets, dealer draws, settlements). The
// log is consumed one event at a time; the first problem found is named.
//
// The check has two halves that need nothing from each other: the chain and the MACs
// (ChainHalf: each event's hash, its link to the one before, its MAC) and the round machine's re-run
// (ReplayHalf). `verifyLog` runs both over one stream, event by event; a caller that can read the log
// twice may run each half on its own thread and join the two outcomes with `joinHalves`, which names the
// same first problem as `verifyLog` would.
import type { EventRecord, StoredEvent } from '../../ports/event-store.js';
import type { LoggedEvent } from '../../log/chain-mac.js';
import { LogMismatchError, LogReplayer } from '../table/log-replayer.js';
import { ANCHORING_STARTED_RECORD } from '../../ports/log-anchor.js';
import { ChainHalf, type ChainOutcome, type Problem } from './verify-chain-half.js';
import type { WallTimeBack } from './verify-wall-times.js';

export { ChainHalf, type ChainOutcome, type Problem } from './verify-chain-half.js';
export type { WallTimeBack } from './verify-wall-times.js';

export type Verdict =
  | {
    readonly ok: true;
    readonly events: number;
    readonly inputs: number;
    readonly rounds: number;
    /** With a key: the first event with a MAC (events before it were written without the key); null without a key. */
    readonly macFrom: number | null;
    /** The first `log.anchoring-started` record (docs/audit.md, anchors), noted by the re-run as it passes; null: none. */
    readonly anchoringStartedAt: number | null;
    /** A note, not a problem: where the events' wall times first go back (docs/audit.md); absent when they never do. */
    readonly wallTimeBack?: WallTimeBack;
  }
  | { readonly ok: false; readonly seq: number; readonly problem: string };

export type { LoggedEvent } from '../../log/chain-mac.js';

export interface VerifyOptions {
  /** The log key: every event from the first one with a MAC must carry a valid MAC. */
  readonly key?: Buffer;
  /** Called every `progressEvery` events with the count so far. */
  readonly onProgress?: (done: number) => void;
  readonly progressEvery?: number;
}

/** The round machine's re-run, one event after another. */
export class ReplayHalf {
  private readonly replayer = new LogReplayer(undefined, { judgeOnly: true });
  private rows = 0;
  private anchoringStarted: number | null = null;

  get events(): number {
    return this.rows;
  }
  get inputs(): number {
    return this.replayer.inputs;
  }
  get rounds(): number {
    return this.replayer.engine?.table.round ?? 0;
  }
  /** The seq of the first `log.anchoring-started` record so far (null: none). */
  get anchoringStartedAt(): number | null {
    return this.anchoringStarted;
  }

  push(event: EventRecord, dataJson?: string): Problem | undefined {
    const row = ++this.rows;
    if (this.anchoringStarted === null && event.type === ANCHORING_STARTED_RECORD) this.anchoringStarted = event.seq;
    try {
      this.replayer.push(event, dataJson);
      return undefined;
    } catch (err) {
      return { row, ...mismatch(err, event.seq) };
    }
  }

  /** What the half found so far, with `problem` when it found one. */
  outcome(problem?: Problem): ReplayOutcome {
    return { events: this.rows, inputs: this.inputs, rounds: this.rounds, anchoringStartedAt: this.anchoringStarted, ...(problem ? { problem } : {}) };
  }

  /** After the last event: the last input's facts must all have been there. */
  end(): Problem | undefined {
    try {
      this.replayer.finish();
      return undefined;
    } catch (err) {
      return { row: this.rows + 1, ...mismatch(err, 0) };
    }
  }
}

/** Verifies a whole log, streamed (an array works too). */
export function verifyLog(events: Iterable<StoredEvent | LoggedEvent>, options: VerifyOptions = {}): Verdict {
  const chain = new ChainHalf(options.key);
  const replay = new ReplayHalf();
  const { onProgress } = options;
  const every = options.progressEvery ?? 50_000;
  let count = 0;
  for (const item of events) {
    const logged = 'event' in item && typeof (item as LoggedEvent).event === 'object' ? (item as LoggedEvent) : undefined;
    const event = logged ? logged.event : (item as StoredEvent);
    const dataJson = logged?.dataJson;
    const problem = chain.push(event, logged?.mac, dataJson) ?? replay.push(event, dataJson);
    if (problem) return failed(problem);
    count++;
    if (onProgress && count % every === 0) onProgress(count);
  }
  const problem = chain.end() ?? replay.end();
  if (problem) return failed(problem);
  return { ok: true, events: count, inputs: replay.inputs, rounds: replay.rounds, macFrom: chain.macFrom, anchoringStartedAt: replay.anchoringStartedAt, ...wallNote(chain.wallTimes.back) };
}

/** What the round machine's half found over the whole stream (or up to where it was told to stop). */
export interface ReplayOutcome {
  readonly events: number;
  readonly inputs: number;
  readonly rounds: number;
  readonly anchoringStartedAt: number | null;
  readonly problem?: Problem;
}

/** Where the round machine's half runs from, and what stops it early (runReplayHalf). */
export interface ReplayRun extends Omit<VerifyOptions, 'key'> {
  /** The half to go on with (default: a new one, from the log's start). */
  readonly half?: ReplayHalf;
  /** The row where the chain half found a problem (0: none yet); that problem wins from its row on, so the half stops before it. */
  readonly otherFound?: () => number;
  /** The log goes on after these records: no end check yet. */
  readonly more?: boolean;
}

/** The round machine's half over `records`, with progress. */
export function runReplayHalf(records: Iterable<EventRecord & { readonly dataJson?: string }>, run: ReplayRun = {}): ReplayOutcome {
  const { onProgress, half = new ReplayHalf(), otherFound = () => 0 } = run;
  const every = run.progressEvery ?? 50_000;
  for (const record of records) {
    const other = otherFound();
    if (other > 0 && half.events + 1 >= other) return half.outcome();
    const problem = half.push(record, record.dataJson);
    if (problem) return half.outcome(problem);
    if (onProgress && half.events % every === 0) onProgress(half.events);
  }
  return run.more ? half.outcome() : half.outcome(half.end());
}

/**
 * The verdict of the two halves run apart over the same events: the problem at the earliest row wins,
 * the chain's before the round machine's at the same row (as verifyLog checks them); then the end checks
 * in verifyLog's order.
 */
export function joinHalves(chain: ChainOutcome, replay: ReplayOutcome): Verdict {
  const problems = [chain.problem, replay.problem].filter((p): p is Problem => p !== undefined);
  const first = problems.sort((a, b) => a.row - b.row)[0];
  if (first) return failed(first);
  if (chain.events !== replay.events) {
    // Both halves read the same rows up to the same seq; a difference means the file changed under them.
    return { ok: false, seq: Math.min(chain.events, replay.events) + 1, problem: `the two readings of the log differ (${chain.events} and ${replay.events} events): the file changed while it was verified` };
  }
  return { ok: true, events: chain.events, inputs: replay.inputs, rounds: replay.rounds, macFrom: chain.macFrom, anchoringStartedAt: replay.anchoringStartedAt, ...wallNote(chain.wallTimeBack) };
}

function wallNote(back: WallTimeBack | undefined): { wallTimeBack?: WallTimeBack } {
  return back ? { wallTimeBack: back } : {};
}

function failed(problem: Problem): Verdict {
  return { ok: false, seq: problem.seq, problem: problem.problem };
}

function mismatch(err: unknown, seq: number): { seq: number; problem: string } {
  if (err instanceof LogMismatchError) return { seq: err.seq, problem: err.message };
  return { seq, problem: (err as Error).message };
}
