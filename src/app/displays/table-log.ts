// The table's log as an Observable: every stored event from `from`, first those already stored (the
// catch-up on connect), then live ones as they become durable — in seq order, no gap, no duplicate
// (the store's follow promises it; a break of that promise errors the stream rather than mislead a display).
import { Observable, type OperatorFunction } from 'rxjs';
import type { EventStore, StoredEvent } from '../../ports/event-store.js';

export function tableLog$(store: EventStore, tableId: string, from = 1): Observable<StoredEvent> {
  return store.follow(tableId, from).pipe(inSeqOrder(from));
}

/** Passes events whose seq continues the previous one exactly; errors on a gap or a duplicate. */
export function inSeqOrder(from: number): OperatorFunction<StoredEvent, StoredEvent> {
  return (source) =>
    new Observable<StoredEvent>((subscriber) => {
      let next = from;
      return source.subscribe({
        next: (event) => {
          if (event.seq !== next) {
            subscriber.error(new Error(`table log out of order: expected seq ${next}, got ${event.seq}`));
            return;
          }
          next += 1;
          subscriber.next(event);
        },
        error: (error: unknown) => subscriber.error(error),
        complete: () => subscriber.complete(),
      });
    });
}
