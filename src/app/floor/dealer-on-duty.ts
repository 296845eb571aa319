// Who deals at each table, as the floor's reports attribute rounds to dealers. Today the log names no
// dealer: every round goes to the dealer the table's file names, or "unknown". When the log records a
// change of dealer, `observe` is the one place to follow it (a case for that event, setting `current`),
// and every report and the pit console attribute by it from then on.
import type { StoredEvent } from '../../ports/event-store.js';

export const UNKNOWN_DEALER = 'unknown';

export class DealerOnDuty {
  private readonly current = new Map<string, string>();

  /** `named`: the dealer a table's file names, if any. */
  constructor(private readonly named: (tableId: string) => string | undefined = () => undefined) {}

  /** Feeds each event of a table's log in order, before the event is attributed. */
  observe(event: StoredEvent): void {
    void event; // no event of this version names a dealer
  }

  /** The dealer on duty at the table now. */
  dealerOf(tableId: string): string {
    return this.current.get(tableId) ?? this.named(tableId) ?? UNKNOWN_DEALER;
  }
}
