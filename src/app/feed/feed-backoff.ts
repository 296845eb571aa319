// How long the settlement feed waits before trying a delivery again (docs/operations.md, "The settlement
// feed"): capped exponential backoff with full jitter — a random pause between 0 and min(cap, first × 2^(n−1))
// — so receivers that come back are not met by every table of the floor at the same instant. Randomness is
// an input (docs/adr/0007-time-and-randomness-are-inputs.md).

/**
 * The first pause's ceiling: short, because a failure at a wallet is most often one call's (a 5xx, a lost
 * answer) and the feed carries one transaction at a time — a long first pause costs the whole table's feed
 * (docs/benchmarks.md, "bench:money"). A receiver that stays down is soon met at the cap.
 */
export const FIRST_BACKOFF_MS = 50;

export interface Backoff {
  /** The ceiling of the first pause, ms. */
  readonly firstMs: number;
  /** The ceiling no pause exceeds, ms. */
  readonly maxMs: number;
}

/** The pause before attempt `failures + 1`, after `failures` (≥ 1) failed attempts in a row. */
export function backoffMs(failures: number, backoff: Backoff, random: () => number): number {
  const ceiling = Math.min(backoff.maxMs, backoff.firstMs * 2 ** Math.min(Math.max(failures - 1, 0), 30));
  return Math.floor(random() * ceiling);
}
