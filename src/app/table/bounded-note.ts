// A note the link writes on the log at a bounded rate (docs/operations.md, "The shoe link on the log"): a
// value is written when it differs from the last one written, at most once per `everyMs`; a value that comes
// sooner waits and the newest of them is written when the interval is up. With `repeatSame`, the same value
// again is written too once the interval is up (a handshake: that the shoe is still there, once a minute). A shoe that restarts again and
// again, or whose error counters move every second, so costs the log one note a minute, not one a second,
// and the last value is never lost: `flush()` writes a waiting one at once (the link closing).
import type { Clock, TimerHandle } from '../../ports/clock.js';

export class BoundedNote<T> {
  private lastKey: string | null = null;
  private lastAt = -Infinity;
  private waiting: { readonly value: T; readonly key: string } | null = null;
  private timer: TimerHandle | null = null;

  constructor(
    private readonly write: (value: T) => void,
    private readonly clock: Clock,
    private readonly everyMs: number,
    private readonly options: { readonly keyOf?: (value: T) => string; readonly repeatSame?: boolean } = {},
  ) {}

  /** The value now: written, kept for the end of the interval, or dropped when it is the one written last. */
  offer(value: T): void {
    const key = this.options.keyOf?.(value) ?? JSON.stringify(value);
    const due = this.lastAt + this.everyMs - this.clock.now();
    if (key === this.lastKey && !(this.options.repeatSame && due <= 0)) {
      this.waiting = null; // what the log already says
      return;
    }
    if (due <= 0) {
      this.writeNow(value, key);
      return;
    }
    this.waiting = { value, key };
    this.timer ??= this.clock.setTimeout(() => {
      this.timer = null;
      this.flush();
    }, due, { unref: true });
  }

  /** Writes the waiting value, if any, now. */
  flush(): void {
    this.clock.clearTimeout(this.timer);
    this.timer = null;
    const waiting = this.waiting;
    if (waiting) this.writeNow(waiting.value, waiting.key);
  }

  private writeNow(value: T, key: string): void {
    this.waiting = null;
    this.lastKey = key;
    this.lastAt = this.clock.now();
    this.write(value);
  }
}
