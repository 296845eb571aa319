// How many hands a box is dealt under each rule set a table's log names (the one thing of the rules the
// wallet transactions need that no fact of a round says: src/app/money/round-money.ts closeRound). A rule
// set is named on every event by its id (the SHA-256 of its file) and given whole by the `table.configured`
// record written when it came into force, so an id, once read, is known for good. The rules the table runs
// now are given at the start; others are read back from the log, once: from the round asked about backwards
// to the record of the rules in force for it (costs the distance to that record, once per rule set).
import type { EventStore, StreamId } from '../../ports/event-store.js';
import { configuredHandsPerBox } from '../money/transaction-fold.js';
import { CONFIGURED_RECORD } from './log-records.js';
import { readLogBackwards } from './read-log-pages.js';

export class HandsPerBoxOnLog {
  private readonly known: Map<string, number>;

  /** `known`: hands a box by rules id, for rule sets known without reading the log (the table's own). */
  constructor(known: Iterable<readonly [string, number]> = []) {
    this.known = new Map(known);
  }

  /** Every rule set known so far, by id. */
  get all(): ReadonlyMap<string, number> {
    return this.known;
  }

  /** The hands a box is dealt under `rulesId`, read back from `before` (exclusive) when not known yet; undefined when the log does not configure them there. */
  async of(store: EventStore, tableId: StreamId, rulesId: string, before: number): Promise<number | undefined> {
    const known = this.known.get(rulesId);
    if (known !== undefined) return known;
    for await (const event of readLogBackwards(store, tableId, before - 1)) {
      if (event.type !== CONFIGURED_RECORD) continue;
      const configured = configuredHandsPerBox(event);
      this.known.set(configured.rulesId, configured.handsPerBox);
      if (configured.rulesId === rulesId) return configured.handsPerBox;
    }
    return undefined;
  }
}
