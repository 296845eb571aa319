// Who deals at each table, as the floor's reports and the pit console attribute rounds to dealers: the
// dealer the table's file names (or "unknown") until the log records a change of dealer (the fact
// `dealer.changed`, { round, dealer }: docs/event-log.md), then the dealer it names. Every event after the
// change — the rest of a round it came in, too — goes to the new dealer.
import type { StoredEvent } from '../../ports/event-store.js';

export const UNKNOWN_DEALER = 'unknown';

export class DealerOnDuty {
  private readonly current = new Map<string, string>();

  /** `named`: the dealer a table's file names, if any. */
  constructor(private readonly named: (tableId: string) => string | undefined = () => undefined) {}

  /** Feeds each event of a table's log in order, before the event is attributed. */
  observe(event: StoredEvent): void {
    if (event.type !== 'dealer.changed') return;
    const dealer = event.data['dealer'];
    if (typeof dealer === 'string' && dealer !== '') this.current.set(event.tableId, dealer);
  }

  /** The dealer on duty at the table now. */
  dealerOf(tableId: string): string {
    return this.current.get(tableId) ?? this.named(tableId) ?? UNKNOWN_DEALER;
  }
}
