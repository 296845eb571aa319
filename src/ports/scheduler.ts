// Port: timers. The live service uses real ones; tests use a manual scheduler. Expiry becomes an input
// on the log (decision.timeout), so replay never needs a timer.
export interface Scheduler {
  setTimeout(callback: () => void, ms: number): unknown;
  clearTimeout(handle: unknown): void;
}

export const realScheduler: Scheduler = {
  setTimeout: (callback, ms) => setTimeout(callback, ms),
  clearTimeout: (handle) => clearTimeout(handle as NodeJS.Timeout),
};
