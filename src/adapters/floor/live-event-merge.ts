// The pit console's two ways to a table's events (docs/adr/0016-a-live-path-beside-the-durable-copy.md): the
// JetStream copy, the source of truth, in order with nothing lost; and the live path on core NATS, which
// arrives while a stream elects a leader but may lose a message. An event is applied once, in each table's
// order: from JetStream whenever it comes past what is applied; from the live path only when it is exactly
// the next one the table needs (a few early ones wait in a small buffer for the one before them). The next
// seq of a table is known once JetStream has brought one of its events; until then the live path waits.
import type { StoredEvent } from '../../ports/event-store.js';

export type EventPath = 'live' | 'durable';

/** Early live events kept per table while one before them is missing (JetStream brings what is lost). */
export const DEFAULT_EARLY_EVENTS = 64;

export class LiveEventMerge {
  /** The next seq each table needs, once JetStream has brought one of its events. */
  private readonly next = new Map<string, number>();
  private readonly early = new Map<string, Map<number, StoredEvent>>();
  /** The seq each table was last asked to send again from (one ask per gap). */
  private readonly asked = new Map<string, number>();
  /** Events applied per path, and events that came again (from either path) and were not applied. */
  readonly applied = { live: 0, durable: 0 };
  doubles = 0;

  constructor(
    private readonly apply: (event: StoredEvent, path: EventPath) => void,
    private readonly maxEarly = DEFAULT_EARLY_EVENTS,
    /** Told once per gap on the live path: the table's live events from `next` on could be sent again. */
    private readonly onGap: (tableId: string, next: number) => void = () => undefined,
  ) {}

  /** An event from JetStream: applied unless the live path applied it first. */
  durable(event: StoredEvent): void {
    const next = this.next.get(event.tableId);
    if (next !== undefined && event.seq < next) {
      this.doubles++;
      return;
    }
    this.take(event, 'durable');
  }

  /** An event from the live path: applied only if it is the next one its table needs. */
  live(event: StoredEvent): void {
    const next = this.next.get(event.tableId);
    if (next === undefined) return;
    if (event.seq < next) {
      this.doubles++;
      return;
    }
    if (event.seq === next) {
      this.take(event, 'live');
      return;
    }
    let early = this.early.get(event.tableId);
    if (!early) this.early.set(event.tableId, (early = new Map()));
    if (early.size < this.maxEarly) early.set(event.seq, event);
    if (this.asked.get(event.tableId) !== next) {
      this.asked.set(event.tableId, next);
      this.onGap(event.tableId, next);
    }
  }

  /** The next seq each table needs, of the tables JetStream has brought. */
  nextSeqs(): ReadonlyMap<string, number> {
    return this.next;
  }

  /** Early events waiting for one before them, per table (for tests and metrics). */
  waiting(tableId: string): number {
    return this.early.get(tableId)?.size ?? 0;
  }

  private take(first: StoredEvent, path: EventPath): void {
    const tableId = first.tableId;
    let event: StoredEvent | undefined = first;
    let from = path;
    while (event) {
      this.apply(event, from);
      this.applied[from]++;
      const next = event.seq + 1;
      this.next.set(tableId, next);
      const early = this.early.get(tableId);
      if (!early) return;
      for (const seq of early.keys()) if (seq < next) early.delete(seq);
      event = early.get(next);
      if (event) early.delete(next);
      from = 'live';
    }
  }
}
