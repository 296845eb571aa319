// The seeds a run takes: shuffles and fault dice keep 32 bits of state (mulberry32 in prng.ts, a simulation's
// chunk seeds in app/par/shoe-cut.ts), so a larger seed would be taken modulo 2^32 and name another run's
// shoes. The CLI refuses one above this rather than print a seed it did not use.
export const SEED_MAX = 0xffff_ffff;
