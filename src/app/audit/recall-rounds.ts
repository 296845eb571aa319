// Game recall: the last N rounds with every step — cards with their targets, decisions, timeouts, faults,
// pauses, voids and settlements — taken from the log. `recallRounds` folds events already read;
// `recallLastRounds` (the supervisor's recall and `shoe recall DB`) finds the rounds through the round
// index and reads them round by round, so the cost is the rounds asked for, not the log, and the event loop
// gets a turn between rounds.
import type { EventStore, StoredEvent } from '../../ports/event-store.js';
import { DEALT_ROUND_TYPES, type RoundIndex } from '../../ports/round-index.js';
import { factOf, isInputRecord, isNoteRecord, recordedInput, CONFIGURED_RECORD } from './log-records.js';
import { noteOf } from './log-notes.js';
import type { RecalledFact } from './recall-story.js';
import { roundIndexOf } from './round-index.js';

export interface RecalledStep {
  readonly seq: number;
  readonly wallTime: string;
  /** A fact of the round machine, or a note on the log beside the facts (link state, a refused command…). */
  readonly fact: RecalledFact;
  /** Who sent the input that caused it. */
  readonly by?: string;
}

export interface RecalledRound {
  readonly round: number;
  readonly steps: RecalledStep[];
}

export const RECALL_ROUNDS = 10;

/** How far back to look for the input that caused a round's first fact (inputs precede their facts). */
const LOOKBACK = 64;

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
    // A note is caused by no input: it has no sender.
    const note = isNoteRecord(event.type);
    steps.push({ seq: event.seq, wallTime: event.wallTime, fact: note ? noteOf(event) : factOf(event), ...(by !== undefined && !note ? { by } : {}) });
    rounds.set(event.round, steps);
  }
  return [...rounds.entries()]
    .filter(([, steps]) => steps.some((s) => DEALT_ROUND_TYPES.includes(s.fact.type)))
    .slice(-last)
    .map(([round, steps]) => ({ round, steps }));
}

async function inputBefore(store: EventStore, tableId: string, seq: number): Promise<StoredEvent | undefined> {
  for (let to = seq - 1; to >= 1; to -= LOOKBACK) {
    const from = Math.max(1, to - LOOKBACK + 1);
    const events = await store.read(tableId, { from, limit: to - from + 1 });
    for (let i = events.length - 1; i >= 0; i--) if (isInputRecord(events[i] as StoredEvent)) return events[i];
  }
  return undefined;
}

export async function recallLastRounds(store: EventStore, tableId: string, rounds = RECALL_ROUNDS, index: RoundIndex = roundIndexOf(store)): Promise<RecalledRound[]> {
  const spans = await index.lastDealtRounds(tableId, rounds);
  const recalled: RecalledRound[] = [];
  for (const span of spans) {
    const events = await store.read(tableId, { from: span.firstSeq, limit: span.lastSeq - span.firstSeq + 1 });
    const cause = events[0] && !isInputRecord(events[0]) ? await inputBefore(store, tableId, span.firstSeq) : undefined;
    const found = recallRounds(cause ? [cause, ...events] : events, Number.MAX_SAFE_INTEGER).find((r) => r.round === span.round);
    if (found) recalled.push(found);
    await new Promise<void>((resolve) => setImmediate(resolve));
  }
  return recalled;
}
