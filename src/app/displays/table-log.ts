// The table's log as its displays read it (docs/architecture.md, "Reactions"): every stored event from
// `from` on, first a catch-up read from the store up to the table's position when the stream is subscribed
// (the events already durable), then the events the table service publishes as each becomes durable — the
// one stream its reactions are run on. So a display is sent only what the table stored, after it is durable:
// an event another writer put on the log behind the table's back is on no display.
//
// The seam: the service's events are listened to before the catch-up begins and held until it ends; one the
// catch-up already read (the service had stored it, not yet published it) is passed over, so none is missed
// and none sent twice. In seq order, no gap: a break of that promise errors the stream rather than mislead a
// display.
import { Observable, takeWhile } from 'rxjs';
import type { EventStore, StoredEvent } from '../../ports/event-store.js';

/** The table's stream of stored events (TableService.events$) and the log position it has reached. */
export interface StoredEvents {
  readonly events$: Observable<StoredEvent>;
  /** The seq of the last durable event. */
  readonly position: number;
}

export function tableLog$(store: EventStore, tableId: string, live: StoredEvents, from = 1): Observable<StoredEvent> {
  return new Observable<StoredEvent>((subscriber) => {
    let next = from;
    /** Live events held while the catch-up reads; null once it is done. */
    let held: StoredEvent[] | null = [];
    let liveEnded = false;
    const pass = (event: StoredEvent): void => {
      if (event.seq < next) return; // read by the catch-up already
      if (event.seq !== next) {
        subscriber.error(new Error(`table log out of order: expected seq ${next}, got ${event.seq}`));
        return;
      }
      next += 1;
      subscriber.next(event);
    };
    const goLive = (): void => {
      const waiting = held ?? [];
      held = null;
      for (const event of waiting) {
        if (subscriber.closed) return;
        pass(event);
      }
      if (liveEnded) subscriber.complete();
    };
    const stored = live.events$.subscribe({
      next: (event) => (held ? held.push(event) : pass(event)),
      error: (error: unknown) => subscriber.error(error),
      complete: () => {
        liveEnded = true;
        if (!held) subscriber.complete();
      },
    });
    // The store's follow reads the durable log page by page, giving the event loop a turn between pages;
    // it is left at the position the table had when this began: what comes later, the service delivers.
    const upTo = live.position;
    const catchUp = from > upTo
      ? null
      : store.follow(tableId, from).pipe(takeWhile((event) => event.seq < upTo, true)).subscribe({
        next: pass,
        error: (error: unknown) => subscriber.error(error),
        complete: () => (next > upTo ? goLive() : subscriber.error(new Error(`table log ends at seq ${next - 1}, the table is at ${upTo}`))),
      });
    if (!catchUp) goLive();
    return () => {
      catchUp?.unsubscribe();
      stored.unsubscribe();
    };
  });
}
