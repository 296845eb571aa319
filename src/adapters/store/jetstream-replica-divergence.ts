/**
 * How the JetStream replicator (jetstream-replicator.ts) tells that JetStream's copy of a table is
 * not the source's: `ReplicaDivergedError`, which stops it for a human to look, and the check made
 * after a failure that what JetStream stored past the last acknowledged event is the source's next
 * events, each once, in order (docs/event-log.md, "Operating notes"; docs/operations.md, "The floor on
 * a cluster").
 */
import type { EventStore } from '../../ports/event-store.js';
import type { JetStreamHead, JetStreamLog } from './jetstream-log.js';
import type { Replicated } from './jetstream-publish-window.js';

/** JetStream holds an event the source does not have: a human must look. */
export class ReplicaDivergedError extends Error {
  constructor(
    readonly tableId: string,
    readonly seq: number,
  ) {
    super(`table ${tableId}: JetStream's event at seq ${seq} is not the source's; replication stopped`);
    this.name = 'ReplicaDivergedError';
  }
}

/**
 * After a failure: what JetStream holds past the last acknowledged event (publishes whose acks
 * were lost) must be the source's next events, each once, in order — else the copy has a gap.
 */
export async function checkStoredAfter(source: EventStore, tableId: string, log: JetStreamLog, from: Replicated, head: JetStreamHead): Promise<void> {
  const expected = await source.read(tableId, { from: from.seq + 1, limit: head.version - from.seq });
  let at = from.streamSeq + 1;
  for (const event of expected) {
    const stored = await log.nextFrom(tableId, at);
    if (!stored || stored.event.seq !== event.seq || stored.event.hash !== event.hash) throw new ReplicaDivergedError(tableId, event.seq);
    at = stored.streamSeq + 1;
  }
}
