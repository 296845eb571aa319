/**
 * Port: rounds findable by number (recall from an index). A round's span is the first and
 * last log position of the events that carry its number; `dealt` tells whether it is a round recall shows:
 * one that took a bet (`bet.placed`, even if it stopped during betting) or got as far as `betting.closed` or
 * `round.voided`. Reading a span costs the span, not the log.
 */
export interface RoundSpan {
  readonly round: number;
  readonly firstSeq: number;
  readonly lastSeq: number;
  readonly dealt: boolean;
}

export interface RoundIndex {
  /** The last `last` dealt rounds of the stream, oldest first. */
  lastDealtRounds(streamId: string, last: number): Promise<RoundSpan[]>;
  /** The span of round `round` (dealt or not), or undefined when no event of the stream carries its number. */
  roundSpan(streamId: string, round: number): Promise<RoundSpan | undefined>;
}

/** The fact types that make a round one recall shows: every round that took a bet, or was closed or voided. */
export const DEALT_ROUND_TYPES: readonly string[] = ['bet.placed', 'betting.closed', 'round.voided'];
