// What a simulation counts: per bet kind the stakes and nets of every round (integers, minor
// units), enough for the return, its 95 % interval and the standard deviation; and the frequencies a par
// sheet shows. Chunks' counts add up in chunk order, so the merged result does not depend on the workers.
export const SIMULATED_BETS = ['main', 'insurance', 'pairs', 'superMatch', 'behind'] as const;
export type SimulatedBet = (typeof SIMULATED_BETS)[number];

export interface BetStats {
  /** Bets placed (a box's main bet is one bet, whatever its splits). */
  bets: number;
  /** Rounds with this kind of bet. */
  rounds: number;
  /** Initial stakes (main: all the box's dealt hands). */
  staked: number;
  /** Final stakes, after doubles and splits. */
  wagered: number;
  net: number;
  /** Per round: sums of y², s², y·s (y net, s initial stake) for the ratio estimator's variance. */
  roundNetSq: number;
  roundStakeSq: number;
  roundNetStake: number;
  /** Per bet: sum of (net / initial stake)². */
  betUnitSq: number;
}

export const FREQUENCIES = [
  'hands', 'playerBlackjack', 'dealerBlackjack', 'playerBust', 'dealerBust', 'push', 'double', 'split', 'surrender',
  'evenMoney', 'switch', 'autoPlay', 'rounds', 'voidedRounds', 'shoes',
] as const;
export type Frequency = (typeof FREQUENCIES)[number];

export interface SimulationCounts {
  bets: Record<SimulatedBet, BetStats>;
  counts: Record<Frequency, number>;
  /** Main bets by their net in minor units (a box's whole main bet, splits and doubles included, on an
   *  initial stake of STAKE): the distribution of net outcomes per round. */
  mainNets: Record<string, number>;
}

export function emptyCounts(): SimulationCounts {
  const bet = (): BetStats => ({ bets: 0, rounds: 0, staked: 0, wagered: 0, net: 0, roundNetSq: 0, roundStakeSq: 0, roundNetStake: 0, betUnitSq: 0 });
  return {
    bets: Object.fromEntries(SIMULATED_BETS.map((k) => [k, bet()])) as Record<SimulatedBet, BetStats>,
    counts: Object.fromEntries(FREQUENCIES.map((k) => [k, 0])) as Record<Frequency, number>,
    mainNets: {},
  };
}

export function mergeCounts(into: SimulationCounts, from: SimulationCounts): SimulationCounts {
  for (const k of SIMULATED_BETS) {
    const a = into.bets[k], b = from.bets[k];
    for (const f of Object.keys(a) as (keyof BetStats)[]) a[f] += b[f];
  }
  for (const k of FREQUENCIES) into.counts[k] += from.counts[k];
  for (const [net, n] of Object.entries(from.mainNets ?? {})) into.mainNets[net] = (into.mainNets[net] ?? 0) + n;
  return into;
}

export interface BetSummary {
  readonly bets: number;
  readonly rounds: number;
  readonly staked: number;
  readonly wagered: number;
  readonly net: number;
  /** Net over initial stakes. */
  readonly returnRatio: number;
  /** Half width of the 95 % confidence interval of the return (rounds as the unit of independence). */
  readonly interval95: number;
  /** Standard deviation of one bet's net per unit of its initial stake. */
  readonly sdPerBet: number;
  /** Standard deviation of a round's net per unit of the round's average stake. */
  readonly sdPerRound: number;
}

export function summariseBet(s: BetStats): BetSummary | null {
  if (s.rounds === 0 || s.staked === 0) return null;
  const n = s.rounds;
  const r = s.net / s.staked;
  const meanStake = s.staked / n;
  // Ratio estimator: Var(R) ≈ Σ(y − R s)² / ((n − 1) n s̄²).
  const resid = Math.max(0, s.roundNetSq - 2 * r * s.roundNetStake + r * r * s.roundStakeSq);
  const varRound = n > 1 ? resid / (n - 1) : 0;
  const interval95 = 1.96 * Math.sqrt(varRound / n) / meanStake;
  const meanUnit = s.net / s.staked;
  const sdPerBet = Math.sqrt(Math.max(0, s.betUnitSq / s.bets - meanUnit * meanUnit));
  return { bets: s.bets, rounds: n, staked: s.staked, wagered: s.wagered, net: s.net, returnRatio: r, interval95, sdPerBet, sdPerRound: Math.sqrt(varRound) / meanStake };
}
