// The figures of one pty end-to-end session, read from the table's log, printed with PTY_FIGURES=1 so the
// runs against the two shoes (shoe-under-test.ts) can be set side by side: cards on the log and dealt by
// the shoe, rounds, each kind of shoe fault and incident the log holds, the link's error counters, time.
import { isInputRecord, recordedInput } from '../../src/app/audit/log-records.js';
import type { EventRecord } from '../../src/ports/event-store.js';

type LogEntry = Pick<EventRecord, 'type' | 'data'>;

export interface SessionFigures {
  cardsLogged: number;
  cardsDealt: number;
  rounds: number;
  /** shoe.fault inputs by kind (misread, jam, linkDown, sequenceIncident, ...). */
  faults: Record<string, number>;
  recovered: number;
  /** The link's error counters as last recorded (link.counters): CRC errors, discarded bytes, retransmissions... */
  link: Record<string, number>;
  seconds: number;
}

export function sessionFigures(log: readonly LogEntry[], cardsDealt: number, startedAt: number): SessionFigures {
  const inputs = log.filter(isInputRecord).map(recordedInput);
  const faults: Record<string, number> = {};
  for (const r of inputs) {
    if (r.input.type !== 'shoe.fault') continue;
    const kind = (r.input as { fault: string }).fault;
    faults[kind] = (faults[kind] ?? 0) + 1;
  }
  const counters = log.filter((e) => e.type === 'link.counters').at(-1)?.data as unknown as Record<string, number> | undefined;
  return {
    cardsLogged: inputs.filter((r) => r.input.type === 'card').length,
    cardsDealt,
    rounds: log.filter((e) => e.type === 'round.ended').length,
    faults,
    recovered: inputs.filter((r) => r.input.type === 'shoe.recovered').length,
    link: counters ?? {},
    seconds: Math.round((Date.now() - startedAt) / 100) / 10,
  };
}

/** Prints the figures on one line when PTY_FIGURES=1. */
export function printFigures(what: string, shoe: string, f: SessionFigures): void {
  if (process.env['PTY_FIGURES'] === '1') console.log(`figures | ${what} | ${shoe} | ${JSON.stringify(f)}`);
}
