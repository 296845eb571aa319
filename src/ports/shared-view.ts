// Port: one audience's current view as every display of that audience is sent it — the view, its JSON (made
// once, not once per display) and the log position it reflects — and where displays get it. Views are whole
// states: a display that missed some of them is right again with the newest one (conflation,
// src/adapters/web/conflated-sender.ts). The application's projections are one source
// (src/app/displays/table-projections.ts), a display gateway's copy from NATS another
// (src/adapters/view-fanout/nats-view-source.ts); both keep each audience's view in a ViewChannel.
import { Observable, Subject } from 'rxjs';

export type DisplayAudience = 'public' | 'dealer' | 'supervisor';

export const DISPLAY_AUDIENCES: readonly DisplayAudience[] = ['public', 'dealer', 'supervisor'];

export interface SharedView {
  readonly audience: DisplayAudience;
  /** The log position the view reflects (not sent to the public: the view itself carries none). */
  readonly seq: number;
  readonly view: unknown;
  /** JSON.stringify(view), made once for every display. */
  readonly json: string;
  /** When the table made the view (ms since the epoch), as a gateway learns it from NATS: sent
   *  to the displays as `madeAt`, so delivery can be measured from durability. */
  readonly madeAt?: number;
}

/** Where displays get their views: the table's own projections, or a gateway's copy from NATS. */
export interface AudienceViewSource {
  /** The current view at once (as soon as there is one), then each change; completes when the source closes. */
  views$(audience: DisplayAudience): Observable<SharedView>;
  /** The current view (waits for the first one). */
  current(audience: DisplayAudience): Promise<SharedView>;
}

/** The current view of one audience and its watchers: a replay-of-one that holds no history. */
export class ViewChannel {
  private latest: SharedView | null = null;
  private readonly changes = new Subject<SharedView>();
  private closed = false;
  private watching = 0;

  get current(): SharedView | null {
    return this.latest;
  }

  /** How many displays watch it now. */
  get watchers(): number {
    return this.watching;
  }

  /** Replaces the current view without telling the watchers (a change they need not be sent: a new seq alone). */
  restamp(view: SharedView): void {
    if (!this.closed) this.latest = view;
  }

  publish(view: SharedView): void {
    if (this.closed) return;
    this.latest = view;
    this.changes.next(view);
  }

  readonly views$: Observable<SharedView> = new Observable<SharedView>((subscriber) => {
    if (this.latest) subscriber.next(this.latest);
    if (this.closed) {
      subscriber.complete();
      return undefined;
    }
    this.watching += 1;
    const subscription = this.changes.subscribe(subscriber);
    return () => {
      this.watching -= 1;
      subscription.unsubscribe();
    };
  });

  first(): Promise<SharedView> {
    if (this.latest) return Promise.resolve(this.latest);
    return new Promise((resolve, reject) => {
      const sub = this.views$.subscribe({
        next: (v) => {
          resolve(v);
          queueMicrotask(() => sub.unsubscribe());
        },
        error: reject,
        complete: () => reject(new Error('the view source closed before its first view')),
      });
    });
  }

  close(error?: unknown): void {
    if (this.closed) return;
    this.closed = true;
    if (error !== undefined) this.changes.error(error);
    else this.changes.complete();
  }
}
