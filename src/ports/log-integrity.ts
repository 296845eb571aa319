/**
 * A log whose chain (or keyed chain) is broken where start-up reads it (ADR 0004): the table refuses
 * to start, naming the first bad event. `verify` reports the same as exit 1.
 */
export class LogIntegrityError extends Error {
  constructor(
    /** The log (its file, or the table id). */
    readonly logName: string,
    /** The first bad event. */
    readonly seq: number,
    readonly reason: string,
  ) {
    super(`log ${logName}: integrity broken at event ${seq}: ${reason}`);
    this.name = 'LogIntegrityError';
  }
}
