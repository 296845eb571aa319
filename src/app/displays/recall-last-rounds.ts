// The supervisor's recall (and `shoe recall DB`): the last N rounds with every step, from the durable
// log — found through the round index and read round by round (the cost is the rounds asked
// for, not the log; the event loop gets a turn between rounds).
import type { EventStore, StoredEvent } from '../../ports/event-store.js';
import type { RoundIndex } from '../../ports/round-index.js';
import { isInputRecord } from '../log-records.js';
import { recallRounds, type RecalledRound } from '../recall-rounds.js';
import { roundIndexOf } from '../round-index.js';

export const RECALL_ROUNDS = 10;

/** How far back to look for the input that caused a round's first fact (inputs precede their facts). */
const LOOKBACK = 64;

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
