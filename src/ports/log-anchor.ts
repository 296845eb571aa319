/**
 * Anchors: the log's head (seq, hash, time) remembered OUTSIDE the database (ADR 0004), so a log that
 * lost committed events (a deleted WAL, an older copy put back) or was rewritten cannot pass for intact.
 * This file holds the anchor record and the pure judgements; the anchor file and the JetStream KV key
 * that keep anchors are adapters (src/adapters/store/anchor-file.ts, anchor-kv.ts).
 *
 * A log is judged against its newest anchor:
 *   - shorter than the anchored seq                         -> behind (events are missing)
 *   - the event at the anchored seq has another hash        -> different (rewritten or replaced)
 *   - otherwise                                             -> consistent (later events are fine)
 *
 * The shoe is a second witness: its HELLO (firmware-protocol §7.2.1) announces `nextTxSeq`, so every
 * frame before it was ACKed by a controller — and a controller ACKs only after the event is durable.
 * A log whose last shoe seq is behind that lacks ACKed events.
 */

export type AnchorReason = 'start' | 'round.ended' | 'shoe.finished' | 'every-n-events' | 'shutdown' | 'backup' | 'accepted-behind-anchor';

/** One anchor, as written (one JSON object per line in the anchor file; the value of the KV key). */
export interface LogAnchor {
  /** Format version of the record. */
  readonly v: 1;
  readonly tableId: string;
  /** The log's head when anchored: its last seq and that event's hash (64 hex, genesis hash at seq 0). */
  readonly seq: number;
  readonly hash: string;
  /** Wall-clock time of the anchoring (ISO 8601, UTC). */
  readonly at: string;
  readonly reason: AnchorReason;
}

export interface LogHead {
  readonly seq: number;
  readonly hash: string;
}

export type AnchorVerdict =
  | { readonly ok: true }
  /** `missing`: the anchor file is gone although the log records anchoring to it since `anchor.seq` (judgeMissingAnchorFile). */
  | { readonly ok: false; readonly kind: 'behind' | 'different' | 'missing'; readonly log: LogHead; readonly anchor: LogAnchor; readonly hashAtAnchorSeq: string | undefined };

/**
 * The note a table writes on its log when it starts anchoring to an anchor file that did not exist (a new
 * table, or the first start of a log made before anchors). The anchor file can then never go missing
 * unnoticed: a log carrying this record whose anchor file is gone was anchored and lost its witness (the
 * file deleted — perhaps with the WAL — or the database moved or restored without it).
 */
export const ANCHORING_STARTED_RECORD = 'log.anchoring-started';

/** A log whose anchor file is missing, judged by the `log.anchoring-started` record it carries (if any). */
export function judgeMissingAnchorFile(log: LogHead, tableId: string, started: { seq: number; hash: string; wallTime: string } | undefined): AnchorVerdict {
  if (started === undefined) return { ok: true };
  const anchor: LogAnchor = { v: 1, tableId, seq: started.seq, hash: started.hash, at: started.wallTime, reason: 'start' };
  return { ok: false, kind: 'missing', log, anchor, hashAtAnchorSeq: started.hash };
}

/**
 * Judges a log against an anchor. `hashAtAnchorSeq` is the hash of the log's event at `anchor.seq`
 * (undefined when the log has no such event).
 */
export function judgeAgainstAnchor(log: LogHead, hashAtAnchorSeq: string | undefined, anchor: LogAnchor): AnchorVerdict {
  if (log.seq < anchor.seq || hashAtAnchorSeq === undefined) return { ok: false, kind: 'behind', log, anchor, hashAtAnchorSeq };
  if (hashAtAnchorSeq !== anchor.hash) return { ok: false, kind: 'different', log, anchor, hashAtAnchorSeq };
  return { ok: true };
}

const short = (hash: string): string => `${hash.slice(0, 16)}…`;

/** A start (or a verify) refused because the log is behind, or differs from, what it once anchored. */
export class LogBehindAnchorError extends Error {
  constructor(
    readonly verdict: Extract<AnchorVerdict, { ok: false }>,
    /** The log (its file). */
    readonly logName: string,
    /** Where the anchor was kept (the anchor file, or the KV key). */
    readonly anchorSource: string,
  ) {
    const { log, anchor, kind, hashAtAnchorSeq } = verdict;
    const logHead = `log ${logName} ends at seq ${log.seq} (hash ${short(log.hash)})`;
    const anchored = `${anchorSource} anchored seq ${anchor.seq} (hash ${short(anchor.hash)}) at ${anchor.at}`;
    super(
      kind === 'behind'
        ? `${logHead} but ${anchored}: ${anchor.seq - log.seq} anchored events are missing (a deleted WAL? an older copy put back?)`
        : kind === 'missing'
          ? `${logHead} and has been anchored to ${anchorSource} since seq ${anchor.seq} (${anchor.at}), but that file is missing: the witness of how far the log went is gone (deleted, perhaps with the WAL, or the database was moved or restored without it)`
          : `${logHead} but ${anchored} and the log holds hash ${short(hashAtAnchorSeq ?? '')} there: the log was rewritten or replaced`,
    );
    this.name = 'LogBehindAnchorError';
  }
}

// ---- the shoe as a witness (firmware-protocol §6: seq 1..65535, circular; §7.2.1 HELLO) ----

const SEQ_SPACE = 65535;

export interface ShoeHelloSequence {
  /** HELLO coldStart: the shoe has no sequence state, so it witnesses nothing. */
  readonly coldStart: boolean;
  /** HELLO nextTxSeq: its unacknowledged frame's seq, or the seq of its next new frame. */
  readonly nextTxSeq: number;
}

export type ShoeWitness =
  | { readonly kind: 'no-witness'; readonly why: string }
  | { readonly kind: 'consistent' }
  /** The shoe had frames ACKed that the log does not hold. */
  | { readonly kind: 'log-behind'; readonly shoeAcked: number; readonly logHas: number; readonly missing: number }
  /** The shoe announces an older state than the log holds (a rollback, firmware-protocol §8.4 b: the link's incident). */
  | { readonly kind: 'shoe-behind'; readonly shoeNextTxSeq: number; readonly logHas: number };

/**
 * What the shoe's HELLO says about the log. `logLastShoeSeq` is the last shoe seq recorded on the log
 * (0: the log holds no frame from the shoe). Every frame before `nextTxSeq` was ACKed (stop-and-wait,
 * §9), so the log must hold `prev(nextTxSeq)`; `nextTxSeq = logLastShoeSeq` is the frame whose ACK was
 * lost (§8.4 b), also consistent.
 */
export function shoeWitness(logLastShoeSeq: number, hello: ShoeHelloSequence): ShoeWitness {
  if (hello.coldStart) return { kind: 'no-witness', why: 'the shoe cold-started (it kept no sequence state)' };
  if (logLastShoeSeq === 0) return { kind: 'no-witness', why: 'the log holds no frame from the shoe' };
  const next = hello.nextTxSeq;
  if (next === logLastShoeSeq || next === (logLastShoeSeq % SEQ_SPACE) + 1) return { kind: 'consistent' };
  const acked = next === 1 ? SEQ_SPACE : next - 1;
  const ahead = (((acked - logLastShoeSeq) % SEQ_SPACE) + SEQ_SPACE) % SEQ_SPACE;
  if (ahead >= 1 && ahead <= 32767) return { kind: 'log-behind', shoeAcked: acked, logHas: logLastShoeSeq, missing: ahead };
  return { kind: 'shoe-behind', shoeNextTxSeq: next, logHas: logLastShoeSeq };
}

/** The one line an operator reads when the shoe witnesses events the log lacks. */
export function describeShoeWitness(w: Extract<ShoeWitness, { kind: 'log-behind' }>, logName: string): string {
  return `log ${logName} holds shoe frames up to seq ${w.logHas} but the shoe says frames up to seq ${w.shoeAcked} were ACKed: ${w.missing} durable shoe events are missing from the log (a deleted WAL? an older copy put back?)`;
}
