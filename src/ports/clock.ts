// Port: time is an input. The application asks the clock once per input; the round machine and replay
// never read it (issue brief: "Timers become events in the log; replay never reads the wall clock").
export interface Instant {
  /** Monotonic milliseconds (for latency and ordering within one run). */
  readonly mono: number;
  /** ISO 8601 wall-clock time with zone. */
  readonly wall: string;
}

export interface Clock {
  now(): Instant;
}
