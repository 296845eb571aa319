// Port: the table's one clock (ADR 0007, docs/architecture.md "The clock"). Time is an input: the application
// and the adapters read it and set their timers through this port only, the composition gives one instance
// to everything a table runs (the real one in production, a virtual one in tests and simulations), and the
// round machine and replay never read it. Expiries become inputs on the log (decision.timeout, ...), so
// replay needs no timer.
//
// Two readings (docs/operations.md, "When the clock steps back"): `now()` is monotonic and measures every
// duration and deadline, so a wall clock stepped back stalls or kills nothing; `wallNow()` is the wall clock,
// only for what a person or the shoe reads as a date.

/** When an input happened, as the log stores it. */
export interface Instant {
  /** Monotonic milliseconds (for latency and ordering within one run). */
  readonly mono: number;
  /** ISO 8601 wall-clock time with zone. */
  readonly wall: string;
}

/** What setTimeout returns, to cancel it with: only the clock that made it reads it. */
export interface TimerHandle {
  readonly id: number;
}

export interface TimerOptions {
  /** The timer alone does not keep the process running (a bound on an exit, a window's flush). */
  readonly unref?: boolean;
}

export interface Clock {
  /** Milliseconds on a monotonic clock: only differences mean anything. */
  now(): number;
  /** Milliseconds since the Unix epoch, as the wall clock reads now: it may step back. */
  wallNow(): number;
  /** Both readings, as an input's time on the log. */
  instant(): Instant;
  /** Calls `callback` once, `ms` from now (0 or less: as soon as the clock lets timers run). */
  setTimeout(callback: () => void, ms: number, options?: TimerOptions): TimerHandle;
  /** Cancels a timer that has not fired; nothing for one that has, or none. */
  clearTimeout(handle: TimerHandle | null | undefined): void;
}
