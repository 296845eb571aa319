// bench:floor's default pace (docs/benchmarks.md, "bench:floor"): a live dealer deals a card every ~1.5–3 s;
// the bench deals faster, but holds the whole floor's card rate at one figure whatever N is, so that N = 100
// measures a floor of a hundred tables and not fifty times a real one on the same two cores.

/** A live dealer's card, ms (the middle of the 1.5–3 s a hand-dealt card takes). */
export const LIVE_CARD_MS = 2000;

/** The floor's cards per second the default pace holds: N = 10 at a card per 40 ms, as first measured. */
export const FLOOR_CARDS_PER_SECOND = 250;

/** Ms per card at each table so that N tables together deal FLOOR_CARDS_PER_SECOND (never faster than 40 ms). */
export function defaultPaceMs(tables: number): number {
  return Math.max(40, Math.round((tables * 1000) / FLOOR_CARDS_PER_SECOND));
}

/** The pace in words: how much faster than a live dealer each table deals, and the floor's rate. */
export function paceInWords(tables: number, paceMs: number): string {
  const perSecond = (tables * 1000) / paceMs;
  const times = LIVE_CARD_MS / paceMs;
  return `a card per ${paceMs} ms at each table (${times.toFixed(times < 10 ? 1 : 0)}× a live dealer's card per ${LIVE_CARD_MS / 1000} s), ` +
    `up to ${Math.round(perSecond)} cards/s on the floor while dealing (a real floor of ${tables} tables deals ${Math.round((tables * 1000) / LIVE_CARD_MS)})`;
}
