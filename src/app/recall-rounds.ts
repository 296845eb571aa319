// Game recall: the last N rounds with every step — cards with their targets, decisions,
// timeouts, faults, pauses, voids and settlements — taken from the log.
import type { StoredEvent } from '../ports/event-store.js';
import type { TableEvent } from '../round/events.js';
import { factOf, isInputRecord, recordedInput, CONFIGURED_RECORD } from './log-records.js';

export interface RecalledStep {
  readonly seq: number;
  readonly wallTime: string;
  readonly fact: TableEvent;
  /** Who sent the input that caused it. */
  readonly by?: string;
}

export interface RecalledRound {
  readonly round: number;
  readonly steps: RecalledStep[];
}

export function recallRounds(events: readonly StoredEvent[], last: number): RecalledRound[] {
  const rounds = new Map<number, RecalledStep[]>();
  let by: string | undefined;
  for (const event of events) {
    if (isInputRecord(event)) {
      by = recordedInput(event).origin.by;
      continue;
    }
    if (event.type === CONFIGURED_RECORD || event.round === 0) continue;
    const steps = rounds.get(event.round) ?? [];
    steps.push({ seq: event.seq, wallTime: event.wallTime, fact: factOf(event), ...(by !== undefined ? { by } : {}) });
    rounds.set(event.round, steps);
  }
  return [...rounds.entries()]
    .filter(([, steps]) => steps.some((s) => s.fact.type === 'betting.closed' || s.fact.type === 'round.voided'))
    .slice(-last)
    .map(([round, steps]) => ({ round, steps }));
}
