// Seeded pseudo-random numbers: shuffles (the emulator's shoes, the simulation's and the demo dealer's) and
// fault dice must be reproducible from a seed, so a run can be replayed exactly. Pure: randomness enters only
// as the seed (design rules: time and randomness are inputs), so the application, the adapters and the
// benchmarks share it; no layer depends on another's module for it.
import { oneDeck, type Card } from '../../firmware-protocol/src/index.js';

/** A function returning uniformly distributed numbers in [0, 1). */
export type Rng = () => number;

/** mulberry32: small, fast, 32-bit state; good enough for shuffles and fault dice (not crypto). */
export function mulberry32(seed: number): Rng {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** A 31-bit seed from a hex digest (e.g. a log's head hash): the same log gives the same seed. */
export function seedFromHash(hex: string): number {
  return Number.parseInt(hex.slice(0, 8), 16) % 2 ** 31;
}

/** Fisher–Yates shuffle of a copy of `items`. */
export function shuffle<T>(items: readonly T[], rng: Rng): T[] {
  const a = items.slice();
  for (let i = a.length - 1; i > 0; i--) {
    const j = Math.floor(rng() * (i + 1));
    // A swap through a local (a destructuring swap made a two-element list per card: measured in the simulator).
    const t = a[i] as T;
    a[i] = a[j] as T;
    a[j] = t;
  }
  return a;
}

/** `decks` standard 52-card decks shuffled with `rng`. */
export function shuffledShoe(decks: number, rng: Rng): Card[] {
  if (!Number.isInteger(decks) || decks < 1 || decks > 8) throw new RangeError(`decks must be 1..8, got ${decks}`);
  const cards: Card[] = [];
  for (let d = 0; d < decks; d++) cards.push(...oneDeck());
  return shuffle(cards, rng);
}
