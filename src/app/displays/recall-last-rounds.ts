// The supervisor's recall: the last N rounds with every step, straight from the durable log.
import type { EventStore } from '../../ports/event-store.js';
import { recallRounds, type RecalledRound } from '../recall-rounds.js';

export const RECALL_ROUNDS = 10;

export async function recallLastRounds(store: EventStore, tableId: string, rounds = RECALL_ROUNDS): Promise<RecalledRound[]> {
  return recallRounds(await store.read(tableId), rounds);
}
