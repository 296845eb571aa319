// A view and the log position it reflects; and "catch-up, then live": a display that connects gets one
// view of the table as it is (at the log position it connected at), then one view per change.
import { distinctUntilChanged, filter, type MonoTypeOperatorFunction } from 'rxjs';

export interface Positioned<V> {
  /** The seq of the last log event folded into the view (0: none). */
  readonly seq: number;
  readonly view: V;
}

/**
 * Drops the views of the catch-up before `head` (the log position when the display connected) and
 * views equal to the one sent before (an event the audience may not see changes nothing it is sent).
 * head 0: every view.
 */
export function catchUpThenChanges<V>(head: number): MonoTypeOperatorFunction<Positioned<V>> {
  return (source) =>
    source.pipe(
      filter((p) => p.seq >= head),
      distinctUntilChanged((a, b) => JSON.stringify(a.view) === JSON.stringify(b.view)),
    );
}
