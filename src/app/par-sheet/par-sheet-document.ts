// The par sheet as one record (its json form; markdown and html render it): identification, the sign
// convention, warnings, the rules in words, exact figures with how exact they are, side bets with every
// combination's count, the simulated checks with the figures labs ask for, and the strategy chart. Every
// word in it comes from the catalogue of its language (par-sheet-words.ts), so the json, the markdown and
// the html of one sheet speak one language. Built from parts the caller computed; pure: no I/O, no clock,
// no randomness.
import type { ExactFigures } from '../../analysis/exact-figures.js';
import type { SideBetOdds } from '../../analysis/side-bet-odds.js';
import type { SplitExactness } from '../../analysis/split-exactness.js';
import type { ChartSection } from '../../analysis/strategy-chart.js';
import { NAIVE_PLAYERS, type NaivePlayer } from '../../analysis/player-policies.js';
import { edgeFindings } from '../../analysis/edge-warnings.js';
import type { BetSummary } from '../par/simulation-stats.js';
import type { SheetIdentity } from './identity.js';
import type { SheetSimulations, SimulationRun, Sizing } from './sheet-simulation.js';
import type { BetName, Combination, ParSheetWords } from './par-sheet-words-type.js';
import type { SheetLang, SheetNumbers } from './sheet-numbers.js';

export const SHEET_FORMAT = 'shoe-par-sheet/3';

/** Net per main bet in units of one hand's initial bet, kept apart from −8 to +8 (beyond: the last rows). */
export const OUTCOME_LIMIT = 8;

export interface SheetOptions {
  /** Rounds dealt as asked; null: sized for ±0.1 % by a pilot of the run's first rounds. */
  readonly rounds: number | null;
  readonly seed: number;
  readonly seats: number;
}

export interface SideBetSheet {
  readonly bet: string;
  readonly name: string;
  readonly expectedReturn: number;
  readonly fraction: string;
  readonly outcomes: Array<{ combination: string; name: string; pays: string | null; probability: number; count: string }>;
}

export interface OutcomeRow {
  /** Net in units of the initial bet per hand; at the ends, everything at or beyond ±OUTCOME_LIMIT. */
  readonly units: number;
  readonly label: string;
  readonly count: number;
  readonly probability: number;
}

export interface LabFigures {
  /** Main bets (a box's bet with its splits and doubles) won, pushed, lost. */
  readonly hitFrequency: number;
  readonly pushFrequency: number;
  readonly lossFrequency: number;
  /** Standard deviation of a box's net per round, in units of one hand's initial bet. */
  readonly sdPerRound: number;
  /** Standard deviation of a box's net per unit of its initial stake. */
  readonly sdPerUnit: number;
  /** 1.96 × the standard deviation per unit: the 95 % band of one round's result. */
  readonly volatilityIndex: number;
  readonly outcomes: OutcomeRow[];
}

export interface PenetrationRow {
  readonly penetration: number;
  readonly cutCard: number;
  readonly shoeSize: number;
  readonly rounds: number;
  readonly seed: number;
  readonly returnRatio: number;
  readonly interval95: number;
}

export interface ParSheetDocument {
  readonly format: typeof SHEET_FORMAT;
  readonly lang: SheetLang;
  readonly signConvention: string;
  readonly identity: SheetIdentity;
  readonly options: SheetOptions;
  readonly warnings: string[];
  readonly rules: string;
  readonly title: string;
  readonly words: string[];
  readonly exactMain: number;
  readonly playerNatural: number;
  readonly dealerBlackjack: number;
  readonly insuranceExact: number | null;
  readonly exactness: SplitExactness & { readonly splits: string; readonly note: string };
  readonly byUpCard: Record<string, number>;
  readonly naivePlayers: Array<{ player: NaivePlayer; description: string; exact: number }>;
  readonly sideBets: SideBetSheet[];
  readonly simulation: SimulationRun & { rules: string; workers: number; exactMain: number; dealt: number; seconds: number; sizing: Sizing; sizingText: string };
  readonly lab: LabFigures;
  readonly penetration: PenetrationRow[];
  readonly chart: string[];
  readonly chartSections: ChartSection[];
  readonly chartColumns: string[];
}

export function sideBetSheet(s: SideBetOdds, w: ParSheetWords): SideBetSheet {
  return {
    bet: s.bet, name: w.betNames[s.bet], expectedReturn: s.expectedReturn, fraction: `${s.returnNumerator}/${s.returnDenominator}`,
    outcomes: s.outcomes.map((x) => ({
      combination: x.combination, name: w.combinations[x.combination as Combination] ?? x.combination,
      pays: x.ratio ? `${x.ratio[0]}:${x.ratio[1]}` : null, probability: x.probability, count: `${x.count}/${s.deals}`,
    })),
  };
}

/** The lab's figures from a run's main bets: nets in minor units on a hand's initial bet of `unit`. */
export function labFigures(run: SimulationRun, unit: number, main: BetSummary | undefined, n: SheetNumbers): LabFigures {
  let bets = 0, won = 0, pushed = 0, sum = 0, sumSq = 0;
  const byUnits = new Map<number, number>();
  for (const [net, count] of Object.entries(run.mainNets)) {
    const x = Number(net) / unit;
    bets += count;
    if (x > 0) won += count;
    else if (x === 0) pushed += count;
    sum += count * x;
    sumSq += count * x * x;
    const key = Math.max(-OUTCOME_LIMIT, Math.min(OUTCOME_LIMIT, x));
    byUnits.set(key, (byUnits.get(key) ?? 0) + count);
  }
  const mean = bets > 0 ? sum / bets : 0;
  const sdPerRound = bets > 1 ? Math.sqrt(Math.max(0, (sumSq - bets * mean * mean) / (bets - 1))) : 0;
  const sdPerUnit = main?.sdPerBet ?? 0;
  const label = (x: number) => (x <= -OUTCOME_LIMIT ? `≤ −${OUTCOME_LIMIT}` : x >= OUTCOME_LIMIT ? `≥ +${OUTCOME_LIMIT}` : `${x > 0 ? '+' : ''}${n.plain(x)}`);
  const outcomes = [...byUnits.entries()].sort((a, b) => a[0] - b[0]).map(([units, count]) => ({ units, label: label(units), count, probability: bets > 0 ? count / bets : 0 }));
  return {
    hitFrequency: bets > 0 ? won / bets : 0, pushFrequency: bets > 0 ? pushed / bets : 0, lossFrequency: bets > 0 ? (bets - won - pushed) / bets : 0,
    sdPerRound, sdPerUnit, volatilityIndex: 1.96 * sdPerUnit, outcomes,
  };
}

export interface SheetParts {
  readonly lang: SheetLang;
  readonly words: ParSheetWords;
  readonly identity: SheetIdentity;
  readonly options: SheetOptions;
  readonly name: string;
  readonly title: string;
  readonly ruleSentences: string[];
  readonly exact: ExactFigures;
  readonly exactness: SplitExactness;
  readonly sideBets: SideBetOdds[];
  readonly simulations: SheetSimulations;
  readonly workers: number;
  /** A hand's initial bet in the simulation, in minor units. */
  readonly unit: number;
  readonly chart: string[];
  readonly chartSections: ChartSection[];
  readonly chartColumns: string[];
}

export function sizingText(s: Sizing, w: ParSheetWords): string {
  return s.kind === 'asked' ? w.sizingAsked(s.rounds) : w.sizingTarget(s.target, s.pilotRounds, s.pilotInterval, s.capped ? s.cap : null);
}

export function parSheetDocument(p: SheetParts): ParSheetDocument {
  const w = p.words;
  const sideBets = p.sideBets.map((s) => sideBetSheet(s, w));
  const main = p.simulations.main;
  const warnings = edgeFindings({ main: p.exact.main.expectedReturn, sideBets }).map((f) => (f.bet === 'main'
    ? w.warningMain(p.name, f.expectedReturn)
    : w.warningSideBet(p.name, w.betNames[f.bet as BetName] ?? f.bet, f.expectedReturn)));
  return {
    format: SHEET_FORMAT, lang: p.lang, signConvention: w.signConvention, identity: p.identity, options: p.options, warnings,
    rules: p.name, title: p.title, words: p.ruleSentences,
    exactMain: p.exact.main.expectedReturn, playerNatural: p.exact.main.playerNatural, dealerBlackjack: p.exact.main.dealerBlackjack,
    insuranceExact: p.exact.main.insuranceReturn,
    exactness: { ...p.exactness, splits: w.splits(p.exactness), note: w.exactnessNote(p.exactness) },
    byUpCard: p.exact.main.byUpCard,
    naivePlayers: NAIVE_PLAYERS.map((player) => ({ player, description: w.naivePlayers[player], exact: p.exact.naive[player] })),
    sideBets,
    simulation: {
      ...main, rules: p.name, workers: p.workers, exactMain: p.exact.main.expectedReturn, dealt: p.simulations.dealt, seconds: p.simulations.seconds,
      sizing: p.simulations.sizing, sizingText: sizingText(p.simulations.sizing, w),
    },
    lab: labFigures(main, p.unit, main.bets['main'], w.numbers),
    penetration: p.simulations.byPenetration.map((r) => ({
      penetration: r.penetration, cutCard: r.cutCard, shoeSize: r.shoeSize, rounds: r.rounds, seed: r.seed,
      returnRatio: r.bets['main']?.returnRatio ?? 0, interval95: r.bets['main']?.interval95 ?? 0,
    })),
    chart: p.chart, chartSections: p.chartSections, chartColumns: p.chartColumns,
  };
}
