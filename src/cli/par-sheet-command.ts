// `shoe par-sheet` (options and help: its spec in analysis-verbs.ts): the rules in words, side bets' exact return with each outcome's probability, the main game's exact
// return for the computed strategy beside the simulated return and its interval, and the frequencies.
import { availableParallelism } from 'node:os';
import { knownRuleSets, loadRuleSet } from '../config/load-rule-set.js';
import { analyseGame } from '../analysis/main-return.js';
import { pairsOdds, superMatchOdds, type SideBetOdds } from '../analysis/side-bet-odds.js';
import { rulesInWords } from '../analysis/rules-in-words.js';
import { chartSections, columnOrder } from '../analysis/strategy-chart.js';
import { deckModel, valueLabel } from '../analysis/deck-model.js';
import type { RuleSet } from '../rules/rule-set.js';
import { UsageError } from './usage-error.js';
import { defaultSeats, reportSimulationFailure, simulate, type SimulationReport } from './simulate-command.js';
import { SimulationFailure } from '../app/par/run-simulation.js';

export interface ParSheet {
  readonly rules: string;
  readonly title: string;
  readonly words: string[];
  readonly exactMain: number;
  readonly playerNatural: number;
  readonly dealerBlackjack: number;
  readonly insuranceExact: number | null;
  readonly sideBets: Array<{ bet: string; expectedReturn: number; fraction: string; outcomes: Array<{ combination: string; pays: string | null; probability: number; count: string }> }>;
  readonly simulation: SimulationReport;
}

function sideBetsOf(rules: RuleSet): SideBetOdds[] {
  return [rules.sideBets.pairs ? pairsOdds(rules) : null, rules.sideBets.superMatch ? superMatchOdds(rules) : null].filter((x): x is SideBetOdds => x !== null);
}

export async function parSheet(rules: RuleSet, o: { rounds: number; workers: number; seed: number }): Promise<ParSheet & { chart: string[] }> {
  const { strategy, main } = analyseGame(rules);
  const simulation = await simulate(rules, { rounds: o.rounds, seats: defaultSeats(rules), seed: o.seed, workers: o.workers, strategy, progress: true });
  const deck = deckModel(rules);
  const cols = columnOrder(strategy).map((u) => valueLabel(deck, u));
  const chart: string[] = [];
  for (const s of chartSections(strategy, rules, deck)) {
    chart.push(`| ${s.title} | ${cols.join(' | ')} |`, `|---|${cols.map(() => '---').join('|')}|`);
    for (const row of s.rows) chart.push(`| ${row.label} | ${row.cells.join(' | ')} |`);
    chart.push('');
  }
  return {
    rules: rules.name, title: rules.title, words: rulesInWords(rules), exactMain: main.expectedReturn,
    playerNatural: main.playerNatural, dealerBlackjack: main.dealerBlackjack, insuranceExact: main.insuranceReturn,
    sideBets: sideBetsOf(rules).map((s) => ({
      bet: s.bet, expectedReturn: s.expectedReturn, fraction: `${s.returnNumerator}/${s.returnDenominator}`,
      outcomes: s.outcomes.map((x) => ({ combination: x.combination, pays: x.ratio ? `${x.ratio[0]}:${x.ratio[1]}` : null, probability: x.probability, count: `${x.count}/${s.deals}` })),
    })),
    simulation, chart,
  };
}

const pct = (x: number, d = 3) => `${(x * 100).toFixed(d)} %`;

function simulated(sheet: ParSheet, bet: string): string {
  const s = sheet.simulation.bets[bet];
  return s ? `${pct(s.returnRatio)} ± ${pct(s.interval95)}` : '—';
}

export function parSheetMarkdown(sheet: ParSheet & { chart: string[] }): string[] {
  const sim = sheet.simulation;
  const lines = [`# Par sheet: ${sheet.title} (\`${sheet.rules}\`)`, '', '## Rules', '', ...sheet.words.map((w) => `- ${w}`), ''];
  lines.push('## Return', '', '| bet | exact return | simulated (95 % interval) | sd per bet |', '|---|---|---|---|');
  lines.push(`| main (computed strategy) | ${pct(sheet.exactMain)} | ${simulated(sheet, 'main')} | ${sim.bets['main']?.sdPerBet.toFixed(3) ?? '—'} |`);
  for (const s of sheet.sideBets) lines.push(`| ${s.bet} | ${pct(s.expectedReturn)} (${s.fraction}) | ${simulated(sheet, s.bet)} | ${sim.bets[s.bet]?.sdPerBet.toFixed(3) ?? '—'} |`);
  if (sheet.insuranceExact !== null) lines.push(`| insurance (taken on every offer) | ${pct(sheet.insuranceExact)} | ${simulated(sheet, 'insurance')} | ${sim.bets['insurance']?.sdPerBet.toFixed(3) ?? '—'} |`);
  if (sim.bets['behind']) lines.push(`| behind (follows doubles and splits) | ${pct(sheet.exactMain)} | ${simulated(sheet, 'behind')} | ${sim.bets['behind'].sdPerBet.toFixed(3)} |`);
  lines.push('', `Exact: off the top of a full shoe, the computed total-dependent strategy; splits: each hand made by splitting draws from the shoe less the pair and the up card (other split hands' cards not removed), resplits counted in the engine's order. Simulated: ${sim.rounds.toLocaleString('en')} rounds × ${sim.seats} seat(s) through the production round machine, seeded shoes dealt to the cut card (seed ${sim.seed}); the interval takes the round as the unit.`, '');
  for (const s of sheet.sideBets) {
    lines.push(`### ${s.bet}: every outcome, exact`, '', '| combination | pays | probability | deals |', '|---|---|---|---|');
    for (const o of s.outcomes) lines.push(`| ${o.combination} | ${o.pays ?? 'loses'} | ${o.probability.toFixed(8)} | ${o.count} |`);
    lines.push('');
  }
  const f = sim.frequencies;
  lines.push('## Frequencies', '', '| | exact | simulated |', '|---|---|---|');
  lines.push(`| player natural, per 100 hands | ${(sheet.playerNatural * 100).toFixed(3)} | ${f['playerBlackjack']?.toFixed(3)} |`);
  lines.push(`| dealer blackjack, per 100 rounds | ${(sheet.dealerBlackjack * 100).toFixed(3)} | ${f['dealerBlackjack']?.toFixed(3)} |`);
  for (const [k, label] of [['playerBust', 'player busts'], ['push', 'pushes'], ['double', 'doubles'], ['split', 'splits'], ['surrender', 'surrenders'], ['evenMoney', 'even money'], ['switch', 'switches'], ['autoPlay', 'auto-plays']] as const) {
    lines.push(`| ${label}, per 100 hands | | ${f[k]?.toFixed(3)} |`);
  }
  lines.push(`| dealer busts, per 100 rounds | | ${f['dealerBust']?.toFixed(3)} |`, '', '## Strategy (computed)', '', ...sheet.chart);
  return lines;
}

export function allMarkdown(sheets: ParSheet[]): string[] {
  const lines = ['| rule set | main, exact | main, simulated (95 %) | side bets, exact | insurance, exact | rounds simulated |', '|---|---|---|---|---|---|'];
  for (const s of sheets) {
    const side = s.sideBets.map((b) => `${b.bet} ${pct(b.expectedReturn)}`).join(', ') || '—';
    lines.push(`| ${s.rules} | ${pct(s.exactMain)} | ${simulated(s, 'main')} | ${side} | ${s.insuranceExact === null ? '—' : pct(s.insuranceExact)} | ${s.simulation.rounds.toLocaleString('en')} |`);
  }
  return lines;
}

/** par-sheet's options, checked by its spec (verbs/par-sheet.ts). */
export interface ParSheetOptions {
  readonly rules: string | undefined;
  readonly all: boolean;
  readonly format: 'md' | 'json';
  readonly rounds: number;
  readonly workers: number | undefined;
  readonly seed: number;
}

export async function parSheetCommand(options: ParSheetOptions, out: (line: string) => void): Promise<number> {
  const { all, rules: name, format } = options;
  if (all === (name !== undefined)) throw new UsageError('par-sheet needs --rules NAME or --all (not both)');
  if (options.rounds < 1) throw new UsageError('--rounds must be at least 1');
  const o = { rounds: options.rounds, workers: options.workers ?? availableParallelism(), seed: options.seed };
  const names = all ? knownRuleSets() : [name as string];
  const sheets: Array<ParSheet & { chart: string[] }> = [];
  for (const n of names) {
    if (all) process.stderr.write(`${n}…\n`);
    try {
      sheets.push(await parSheet(loadRuleSet(n).rules, o));
    } catch (err) {
      if (err instanceof SimulationFailure) return reportSimulationFailure(err, n, n, o.seed, out);
      throw err;
    }
  }
  if (format === 'json') out(JSON.stringify(all ? sheets : sheets[0], null, 2));
  else for (const line of all ? allMarkdown(sheets) : parSheetMarkdown(sheets[0] as ParSheet & { chart: string[] })) out(line);
  return 0;
}
