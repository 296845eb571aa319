// The simulations behind a par sheet, through the production round machine (par/run-simulation.ts): the
// main run (its rounds given, or — by default — enough for a 95 % interval of ±0.1 % on the main return,
// sized from a pilot run), then one run per penetration on the same seed (the same shuffles, only the cut
// card moves: common random numbers, so the differences between penetrations are measured more closely than
// each return). Every run is seeded and chunk-deterministic: its counts do not depend on the workers.
import type { RuleSet } from '../../rules/rule-set.js';
import type { Strategy } from '../../analysis/strategy.js';
import { runSimulation } from '../par/run-simulation.js';
import { CHUNK_ROUNDS } from '../par/run-simulation.js';
import { cutPosition } from '../par/shoe-cut.js';
import { SIMULATED_BETS, summariseBet, type BetSummary, type SimulationCounts } from '../par/simulation-stats.js';
import { shoeSize } from '../../rules/shoe-composition.js';

/** The target half width of the main return's 95 % interval when the rounds are not given. */
export const TARGET_INTERVAL = 0.001;
export const PILOT_ROUNDS = 100_000;
export const MAX_DEFAULT_ROUNDS = 20_000_000;
export const PENETRATIONS = [0.5, 0.66, 0.75, 0.83] as const;

export interface SimulationRun {
  readonly rounds: number;
  readonly seats: number;
  readonly seed: number;
  /** Share of the shoe before the cut card as asked, and the cards dealt before it (after the reserve cap). */
  readonly penetration: number;
  readonly cutCard: number;
  readonly shoeSize: number;
  readonly seconds: number;
  readonly bets: Partial<Record<string, BetSummary>>;
  readonly frequencies: Record<string, number>;
  readonly counts: SimulationCounts['counts'];
  readonly mainNets: Record<string, number>;
}

export interface SheetSimulationOptions {
  /** Undefined: sized for TARGET_INTERVAL from a pilot run. */
  readonly rounds?: number;
  readonly penetrationRounds?: number;
  readonly seats: number;
  readonly seed: number;
  readonly workers: number;
  readonly onProgress?: (label: string, done: number, total: number) => void;
  /** The clock for the runs' durations (an input: the CLI passes performance.now). */
  readonly now: () => number;
}

/** Per 100 initial hands (dealer figures per 100 rounds). */
export function frequenciesOf(c: SimulationCounts['counts']): Record<string, number> {
  const perHand = (n: number) => (c.hands > 0 ? (100 * n) / c.hands : 0);
  const perRound = (n: number) => (c.rounds > 0 ? (100 * n) / c.rounds : 0);
  return {
    playerBlackjack: perHand(c.playerBlackjack), dealerBlackjack: perRound(c.dealerBlackjack), playerBust: perHand(c.playerBust),
    dealerBust: perRound(c.dealerBust), push: perHand(c.push), double: perHand(c.double), split: perHand(c.split),
    surrender: perHand(c.surrender), evenMoney: perHand(c.evenMoney), switch: perHand(c.switch), autoPlay: perHand(c.autoPlay),
  };
}

export async function simulateRun(rules: RuleSet, strategy: Strategy, o: SheetSimulationOptions & { rounds: number; penetration?: number; label: string }): Promise<SimulationRun> {
  const started = o.now();
  const size = shoeSize(rules);
  const counts = await runSimulation({
    rules, strategy, rounds: o.rounds, seats: o.seats, seed: o.seed, workers: o.workers, insure: true,
    ...(o.penetration === undefined ? {} : { penetration: o.penetration }),
    onProgress: (done, total) => o.onProgress?.(o.label, done, total),
  });
  const bets: Partial<Record<string, BetSummary>> = {};
  for (const k of SIMULATED_BETS) {
    const s = summariseBet(counts.bets[k]);
    if (s) bets[k] = s;
  }
  const cut = cutPosition(rules, size, o.penetration);
  return {
    rounds: o.rounds, seats: o.seats, seed: o.seed, penetration: o.penetration ?? cut / size, cutCard: cut, shoeSize: size,
    seconds: (o.now() - started) / 1000, bets, frequencies: frequenciesOf(counts.counts), counts: counts.counts, mainNets: counts.mainNets,
  };
}

/** Rounds for a 95 % half width of `target` on the main return, from a pilot's interval (whole chunks). */
export function roundsFor(pilot: SimulationRun, target = TARGET_INTERVAL): number {
  const ci = pilot.bets['main']?.interval95 ?? 0;
  const wanted = pilot.rounds * (ci / target) ** 2 * 1.05;
  return Math.min(MAX_DEFAULT_ROUNDS, Math.max(CHUNK_ROUNDS, Math.ceil(wanted / CHUNK_ROUNDS) * CHUNK_ROUNDS));
}

export interface SheetSimulations {
  readonly main: SimulationRun;
  /** How the main run's size was chosen. */
  readonly sizing: string;
  readonly byPenetration: SimulationRun[];
}

export async function sheetSimulations(rules: RuleSet, strategy: Strategy, o: SheetSimulationOptions): Promise<SheetSimulations> {
  let rounds = o.rounds;
  let sizing = `${o.rounds?.toLocaleString('en')} rounds, as asked`;
  if (rounds === undefined) {
    const pilot = await simulateRun(rules, strategy, { ...o, rounds: PILOT_ROUNDS, label: 'pilot' });
    rounds = roundsFor(pilot);
    sizing = `sized for a 95 % interval of ±${(TARGET_INTERVAL * 100).toFixed(1)} % from a pilot of ${PILOT_ROUNDS.toLocaleString('en')} rounds (±${((pilot.bets['main']?.interval95 ?? 0) * 100).toFixed(3)} %)${rounds === MAX_DEFAULT_ROUNDS ? `, capped at ${MAX_DEFAULT_ROUNDS.toLocaleString('en')}` : ''}`;
  }
  const main = await simulateRun(rules, strategy, { ...o, rounds, label: 'main' });
  const perPenetration = o.penetrationRounds ?? Math.max(CHUNK_ROUNDS, Math.ceil(rounds / 4 / CHUNK_ROUNDS) * CHUNK_ROUNDS);
  const byPenetration: SimulationRun[] = [];
  for (const p of PENETRATIONS) {
    byPenetration.push(await simulateRun(rules, strategy, { ...o, rounds: perPenetration, penetration: p, label: `penetration ${Math.round(p * 100)} %` }));
  }
  return { main, sizing, byPenetration };
}
