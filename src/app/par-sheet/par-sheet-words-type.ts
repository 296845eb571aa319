// The shape of a par sheet's catalogue (par-sheet-words.ts): every language fills every entry, which the
// compiler checks and a test compares key by key. Entries that hold numbers are functions of them (each
// catalogue formats them for its locale: sheet-numbers.ts).
import type { SideBetOdds } from '../../analysis/side-bet-odds.js';
import type { NaivePlayer } from '../../analysis/player-policies.js';
import type { Action } from '../../analysis/hand-rules.js';
import type { RuleSet } from '../../rules/rule-set.js';
import type { SplitFacts } from '../../analysis/split-exactness.js';
import type { SheetNumbers } from './sheet-numbers.js';

export type BetName = 'main' | 'insurance' | SideBetOdds['bet'] | 'behind';
export type Combination = 'mixed' | 'coloured' | 'perfect' | 'suitedTrips' | 'quads' | 'twoPair' | 'trips' | 'pair' | 'none';
export type FrequencyName = 'playerBlackjack' | 'dealerBlackjack' | 'playerBust' | 'dealerBust' | 'push' | 'double' | 'split' | 'surrender' | 'evenMoney' | 'switch' | 'autoPlay';
/** A letter of the strategy chart: an action, or the triple (T). */
export type ChartLetter = Action | 'triple';

export interface ParSheetWords {
  /** The language's name for html's lang attribute. */
  readonly htmlLang: string;
  readonly numbers: SheetNumbers;

  // The sheet's head and identification.
  sheetTitle(title: string): string;
  readonly allTitle: string;
  /** Titles of the rule sets this product ships, by name (another rule file keeps its own title). */
  readonly ruleSetTitles: Readonly<Record<string, string>>;
  readonly identification: string;
  readonly identityRows: { readonly product: string; readonly ruleFile: string; readonly strategy: string; readonly generated: string; readonly machine: string };
  product(name: string, version: string, commit: string | null, modified: boolean | null): string;
  ruleFile(path: string, name: string, sha256: string): string;
  readonly strategyComputed: string;
  strategyFile(path: string, sha256: string): string;
  generated(date: string, command: string, seconds: number): string;
  machine(host: string, os: string, cores: number, cpu: string, memoryGiB: number, node: string): string;
  readonly signConventionLabel: string;
  readonly signConvention: string;

  // Warnings: a game that pays the player.
  readonly warningTitle: string;
  warningMain(rules: string, expectedReturn: number): string;
  warningSideBet(rules: string, bet: string, expectedReturn: number): string;
  readonly paysPlayerFlag: string;
  /** A table opening on a rule set whose main game pays the player (its log's WARN line). */
  tablePaysMain(expectedReturn: number, rulesPath: string): string;
  /** The same for a side bet returning over 100 %. */
  tablePaysSideBet(bet: string, expectedReturn: number, rulesPath: string): string;

  // The rules, in sentences (each language its own grammar).
  readonly rulesHeading: string;
  ruleSentences(rules: RuleSet): string[];

  // Returns.
  readonly returnHeading: string;
  readonly returnColumns: readonly [string, string, string, string, string];
  readonly betNames: Readonly<Record<BetName, string>>;
  mainRow(computed: boolean): string;
  readonly insuranceRow: string;
  readonly behindRow: string;
  naiveRow(description: string): string;
  readonly naivePlayers: Readonly<Record<NaivePlayer, string>>;
  readonly howExactLabel: string;
  readonly howExactLead: string;
  splits(f: SplitFacts): string;
  exactnessNote(f: SplitFacts): string;
  readonly simulatedLabel: string;
  simulated(o: { dealt: number; seats: number; seed: number; seconds: number; rounds: number; cutCard: number; shoeSize: number }): string;
  sizingAsked(rounds: number): string;
  sizingTarget(target: number, pilotRounds: number, pilotInterval: number, cap: number | null): string;

  // The lab's figures.
  readonly figuresHeading: string;
  readonly figureColumns: readonly [string, string];
  readonly hitFrequency: string;
  readonly pushedLost: string;
  readonly sdPerRound: string;
  readonly sdPerUnit: string;
  readonly volatilityIndex: string;
  readonly outcomesHeading: string;
  readonly outcomeColumns: readonly [string, string, string];
  readonly frequenciesHeading: string;
  readonly frequencyColumns: readonly [string, string, string];
  readonly frequencyNames: Readonly<Record<FrequencyName, string>>;
  perHundredHands(what: string): string;
  perHundredRounds(what: string): string;

  // The return by penetration.
  readonly penetrationHeading: string;
  readonly penetrationColumns: readonly [string, string, string, string];
  cutCardOf(cut: number, size: number): string;
  penetrationNote(exact: number): string;

  // Side bets.
  sideBetHeading(bet: string): string;
  readonly sideBetColumns: readonly [string, string, string, string];
  readonly combinations: Readonly<Record<Combination, string>>;
  readonly loses: string;

  // The summary of every rule set (--all).
  readonly summaryColumns: readonly [string, string, string, string, string, string, string, string];

  // The strategy chart.
  strategyHeading(computed: boolean): string;
  readonly chartSections: { readonly hard: string; readonly soft: string; readonly pairs: string; readonly triple: string };
  softTotal(total: number): string;
  hardTotal(total: number): string;
  readonly chartLetters: Readonly<Record<ChartLetter, string>>;
  /** Card labels in the chart's columns and rows (A, T, and 17+4's J Q K), as the language writes them. */
  readonly cardLabels: Readonly<Record<'A' | 'T' | 'J' | 'Q' | 'K', string>>;
  readonly chartLegend: Readonly<Record<'hit' | 'stand' | 'double' | 'split' | 'surrender', string>>;
  readonly chartLegendNote: string;

  // The pictures (svg).
  outcomeChartTitle(rules: string): string;
  readonly outcomeAxis: string;
  readonly probabilityAxis: string;
  penetrationChartTitle(rules: string): string;
  readonly penetrationAxis: string;
  readonly returnAxis: string;
  exactOffTop(exact: number): string;
  strategyChartTitle(rules: string): string;
}
