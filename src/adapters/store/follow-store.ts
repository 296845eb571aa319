/**
 * Catch-up then live, for stores that can read by seq and signal their own appends
 * (memory, SQLite). One cursor reads the durable log page by page; append notifications only
 * wake it up (or, when they continue the cursor exactly, are emitted directly). So the output is
 * in seq order with no gap and no duplicate, including events appended during the catch-up.
 */
import { Observable } from 'rxjs';
import { CorruptLogError } from '../../ports/event-store-errors.js';
import type { StoredEvent } from '../../ports/event-store.js';
import type { Clock, TimerHandle } from '../../ports/clock.js';
import { realClock } from '../clock/real-clock.js';

export interface FollowSource {
  readonly streamId: string;
  /** First seq to emit. */
  readonly from: number;
  /** Up to `limit` stored events from seq `from`, in order. */
  read(from: number, limit: number): Promise<readonly StoredEvent[]>;
  /** Batches appended to this stream by this process, right after they are durable; completes on close. */
  readonly appended: Observable<readonly StoredEvent[]>;
  readonly pageSize: number;
  /** Re-read every so often even without a notification (appends made by another process); 0 = never. */
  readonly pollIntervalMs: number;
  /** The polls' clock (default: the process's: another process's appends land in real time). */
  readonly clock?: Clock;
}

export function followStore(source: FollowSource): Observable<StoredEvent> {
  return new Observable<StoredEvent>((subscriber) => {
    let next = source.from;
    let reading = false;
    let again = false;
    let done = false;

    const emit = (event: StoredEvent): void => {
      if (event.seq !== next) throw new CorruptLogError(source.streamId, next, `follow expected seq ${next}, read ${event.seq}`);
      next += 1;
      subscriber.next(event);
    };

    const pump = async (): Promise<void> => {
      if (reading) {
        again = true;
        return;
      }
      reading = true;
      try {
        do {
          again = false;
          for (;;) {
            const page = await source.read(next, source.pageSize);
            if (done) return;
            for (const event of page) {
              if (done) return;
              emit(event);
            }
            if (page.length < source.pageSize) break;
            // A long catch-up (a display connecting to a long log) gives the event loop a turn between
            // pages: SQLite reads are synchronous, and the table must not freeze while a display catches up.
            await new Promise<void>((resolve) => setImmediate(resolve));
          }
        } while (again && !done);
      } catch (error) {
        done = true;
        subscriber.error(error);
      } finally {
        reading = false;
      }
    };

    const live = source.appended.subscribe({
      next: (batch) => {
        const last = batch[batch.length - 1];
        if (done || last === undefined || last.seq < next) return;
        if (!reading && batch[0]?.seq === next) {
          try {
            for (const event of batch) emit(event);
          } catch (error) {
            done = true;
            subscriber.error(error);
          }
        } else {
          void pump();
        }
      },
      complete: () => {
        done = true;
        subscriber.complete();
      },
      error: (error: unknown) => {
        done = true;
        subscriber.error(error);
      },
    });
    const clock = source.clock ?? realClock();
    let timer: TimerHandle | undefined;
    const poll = (): void => {
      timer = clock.setTimeout(() => {
        void pump();
        poll();
      }, source.pollIntervalMs, { unref: true });
    };
    if (source.pollIntervalMs > 0) poll();
    void pump();

    return () => {
      done = true;
      live.unsubscribe();
      clock.clearTimeout(timer);
    };
  });
}
