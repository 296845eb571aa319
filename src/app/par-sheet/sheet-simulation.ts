// The simulation behind a par sheet, through the production round machine (par/simulate-table.ts): one
// pass over seeded shoes dealt to the deepest cut card, every round counted for each cut card it starts
// at or before — the main figure at the rule set's own cut card, the return by penetration at 50, 66, 75
// and 83 % — so every penetration is measured on the very same shoes (common random numbers: their
// differences are measured more closely than each return) at the cost of one run. Its size is given, or —
// by default — enough for a 95 % interval of ±0.1 % on the main return, sized from a pilot of the run's
// first chunks, which the run then continues. Seeded and chunk-deterministic: the counts do not depend on
// the threads.
import type { RuleSet } from '../../rules/rule-set.js';
import type { Strategy } from '../../analysis/strategy.js';
import { CHUNK_ROUNDS, type SimulationPool } from '../par/simulation-pool.js';
import { cutPosition } from '../par/shoe-cut.js';
import { SIMULATED_BETS, summariseBet, type BetSummary, type SimulationCounts } from '../par/simulation-stats.js';
import { shoeSize } from '../../rules/shoe-composition.js';

/** The target half width of the main return's 95 % interval when the rounds are not given. */
export const TARGET_INTERVAL = 0.001;
export const PILOT_ROUNDS = 100_000;
export const MAX_DEFAULT_ROUNDS = 30_000_000;
export const PENETRATIONS = [0.5, 0.66, 0.75, 0.83] as const;

/** The rounds counted at one cut card. */
export interface SimulationRun {
  /** Rounds counted here (those started at or before this cut card; a shoe run out inside one: voided). */
  readonly rounds: number;
  readonly seats: number;
  readonly seed: number;
  /** Share of the shoe before the cut card as asked, and the cards dealt before it (after the reserve cap). */
  readonly penetration: number;
  readonly cutCard: number;
  readonly shoeSize: number;
  readonly bets: Partial<Record<string, BetSummary>>;
  readonly frequencies: Record<string, number>;
  readonly counts: SimulationCounts['counts'];
  readonly mainNets: Record<string, number>;
}

/** How the run's size was chosen. */
export type Sizing =
  | { readonly kind: 'asked'; readonly rounds: number }
  | { readonly kind: 'target'; readonly target: number; readonly pilotRounds: number; readonly pilotInterval: number; readonly capped: boolean; readonly cap: number };

export interface SheetSimulations {
  /** Rounds dealt (to the deepest cut card): the run's size, the --rounds that gives it again. */
  readonly dealt: number;
  readonly seconds: number;
  readonly sizing: Sizing;
  /** The rule set's own cut card. */
  readonly main: SimulationRun;
  readonly byPenetration: SimulationRun[];
}

export interface SheetSimulationOptions {
  /** Undefined: sized for TARGET_INTERVAL from a pilot run. */
  readonly rounds?: number;
  readonly seats: number;
  readonly seed: number;
  readonly pool: SimulationPool;
  readonly onProgress?: (label: string, done: number, total: number) => void;
  /** The clock for the run's duration (an input: the CLI passes its clock's now). */
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

function runAt(counts: SimulationCounts, rules: RuleSet, o: { seats: number; seed: number; penetration: number | undefined }): SimulationRun {
  const size = shoeSize(rules);
  const bets: Partial<Record<string, BetSummary>> = {};
  for (const k of SIMULATED_BETS) {
    const s = summariseBet(counts.bets[k]);
    if (s) bets[k] = s;
  }
  const cut = cutPosition(rules, size, o.penetration);
  return {
    rounds: counts.counts.rounds + counts.counts.voidedRounds, seats: o.seats, seed: o.seed, penetration: o.penetration ?? cut / size, cutCard: cut, shoeSize: size,
    bets, frequencies: frequenciesOf(counts.counts), counts: counts.counts, mainNets: counts.mainNets,
  };
}

/** The cut cards of one pass: the penetrations shown, and the rule set's own where none of them is it. */
export function cutCards(rules: RuleSet): { penetrations: (number | undefined)[]; main: number } {
  const size = shoeSize(rules);
  const own = cutPosition(rules, size);
  const penetrations: (number | undefined)[] = [...PENETRATIONS];
  const at = PENETRATIONS.findIndex((p) => cutPosition(rules, size, p) === own);
  if (at >= 0) return { penetrations, main: at };
  return { penetrations: [...penetrations, undefined], main: PENETRATIONS.length };
}

/** Rounds to deal for a 95 % half width of `target` on the main return, from a pilot's main row and the
 *  rounds it dealt (whole chunks, at least the pilot, at most the cap). */
export function roundsFor(pilotMain: SimulationRun, pilotDealt: number, target = TARGET_INTERVAL): number {
  const ci = pilotMain.bets['main']?.interval95 ?? 0;
  const main = pilotMain.rounds * (ci / target) ** 2 * 1.05;
  const dealt = (main * pilotDealt) / Math.max(1, pilotMain.rounds);
  return Math.min(MAX_DEFAULT_ROUNDS, Math.max(pilotDealt, Math.ceil(dealt / CHUNK_ROUNDS) * CHUNK_ROUNDS));
}

export async function sheetSimulations(rules: RuleSet, strategy: Strategy, o: SheetSimulationOptions): Promise<SheetSimulations> {
  const started = o.now();
  const cuts = cutCards(rules);
  const spec = { rules, strategy, seats: o.seats, insure: true, penetrations: cuts.penetrations };
  const rows = (counts: SimulationCounts[]) => counts.map((c, i) => runAt(c, rules, { seats: o.seats, seed: o.seed, penetration: cuts.penetrations[i] }));
  const progress = (label: string) => (done: number, total: number) => o.onProgress?.(label, done, total);
  let dealt: number;
  let sizing: Sizing;
  let counts: SimulationCounts[];
  if (o.rounds !== undefined) {
    dealt = o.rounds;
    sizing = { kind: 'asked', rounds: dealt };
    counts = await o.pool.run(spec, { seed: o.seed, rounds: dealt, onProgress: progress('rounds') });
  } else {
    const pilot = await o.pool.run(spec, { seed: o.seed, rounds: PILOT_ROUNDS, onProgress: progress('pilot') });
    const pilotMain = rows(pilot)[cuts.main] as SimulationRun;
    dealt = roundsFor(pilotMain, PILOT_ROUNDS);
    sizing = { kind: 'target', target: TARGET_INTERVAL, pilotRounds: PILOT_ROUNDS, pilotInterval: pilotMain.bets['main']?.interval95 ?? 0, capped: dealt === MAX_DEFAULT_ROUNDS, cap: MAX_DEFAULT_ROUNDS };
    counts = dealt > PILOT_ROUNDS
      ? await o.pool.run(spec, { seed: o.seed, rounds: dealt, fromChunk: PILOT_ROUNDS / CHUNK_ROUNDS, into: pilot, onProgress: progress('rounds') })
      : pilot;
  }
  const all = rows(counts);
  return {
    dealt, seconds: (o.now() - started) / 1000, sizing,
    main: all[cuts.main] as SimulationRun,
    byPenetration: all.slice(0, PENETRATIONS.length),
  };
}
