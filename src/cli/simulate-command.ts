// `shoe simulate` (options and help: its spec in verbs/simulate.ts): the computed strategy played through the production round machine on seeded shoes.
import { availableParallelism } from 'node:os';
import { writeFileSync } from 'node:fs';
import { readTextFile } from './read-text-file.js';
import { loadRuleSet } from '../config/load-rule-set.js';
import { mainInWorker } from '../app/par-sheet/exact-in-worker.js';
import type { Strategy } from '../analysis/strategy.js';
import type { RuleSet } from '../rules/rule-set.js';
import { shoeSize } from '../rules/shoe-composition.js';
import { runSimulation, SimulationFailure } from '../app/par/run-simulation.js';
import { SIMULATED_BETS, summariseBet, type BetSummary, type SimulationCounts } from '../app/par/simulation-stats.js';
import { UsageError } from './usage-error.js';
import { majorUnits } from '../app/audit/money-text.js';
import { Progress } from './progress.js';
import { realClock } from '../adapters/clock/real-clock.js';
import { keepYoungGenerationSmallAfterWorkerStart } from './small-young-generation.js';

export interface SimulationReport {
  readonly rules: string;
  readonly rounds: number;
  readonly seats: number;
  readonly seed: number;
  readonly workers: number;
  readonly seconds: number;
  readonly bets: Partial<Record<string, BetSummary>>;
  /** Per 100 initial hands (dealer figures per 100 rounds). */
  readonly frequencies: Record<string, number>;
  readonly counts: SimulationCounts['counts'];
  /** The exact main-game return of the same strategy, off the top. */
  readonly exactMain: number;
}


export function defaultSeats(rules: RuleSet): number {
  return Math.min(rules.seats, shoeSize(rules) <= 52 ? 1 : 3);
}

export function readStrategyFile(path: string, rules: RuleSet): Strategy {
  // A file that cannot be read is the operator's one line naming it (cli-errors.ts).
  const text = readTextFile(path);
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch (err) {
    throw new UsageError(`${path}: not a strategy file: ${(err as Error).message}`);
  }
  const s = parsed as Partial<Strategy>;
  if (typeof s !== 'object' || s === null || !s.hard || !s.soft || !s.pairs || !Array.isArray(s.upCards) || !s.triple || !s.evenMoney || !s.insurance) {
    throw new UsageError(`${path}: not a strategy file (expected the output of shoe strategy --format json)`);
  }
  if (s.ruleSet !== rules.name) throw new UsageError(`${path}: a strategy for ${String(s.ruleSet)}, not ${rules.name}`);
  return s as Strategy;
}

export function frequencies(c: SimulationCounts['counts']): Record<string, number> {
  const perHand = (n: number) => (c.hands > 0 ? (100 * n) / c.hands : 0);
  const perRound = (n: number) => (c.rounds > 0 ? (100 * n) / c.rounds : 0);
  return {
    playerBlackjack: perHand(c.playerBlackjack), dealerBlackjack: perRound(c.dealerBlackjack), playerBust: perHand(c.playerBust),
    dealerBust: perRound(c.dealerBust), push: perHand(c.push), double: perHand(c.double), split: perHand(c.split),
    surrender: perHand(c.surrender), evenMoney: perHand(c.evenMoney), switch: perHand(c.switch), autoPlay: perHand(c.autoPlay),
  };
}

export async function simulate(rules: RuleSet, o: { rounds: number; seats: number; seed: number; workers: number; strategy?: Strategy; progress?: boolean }): Promise<SimulationReport> {
  // The exact analysis in a worker of its own (once per rule set and strategy in the process): this thread
  // never holds its working set, so the simulation's peak is the workers'.
  const analysis = await mainInWorker(rules, o.strategy);
  const clock = realClock();
  const started = clock.now();
  // On a terminal from the start, redrawn at most every 100 ms (progress.ts): a chunk answers every ~2 ms with
  // two workers, and this thread shares the two cores with them (20,000,000 rounds are 40,000 chunks).
  const progress = new Progress({ stream: process.stderr, now: () => clock.now(), label: 'simulate', unit: 'rounds', quiet: !o.progress, delayMs: 0, intervalMs: 100 });
  const counts = await runSimulation({
    rules, strategy: analysis.strategy, rounds: o.rounds, seats: o.seats, seed: o.seed, workers: o.workers, insure: true,
    onProgress: (done, total) => progress.update(done, total), onWorkerOnline: keepYoungGenerationSmallAfterWorkerStart,
  });
  progress.finish();
  const bets: Partial<Record<string, BetSummary>> = {};
  for (const k of SIMULATED_BETS) {
    const s = summariseBet(counts.bets[k]);
    if (s) bets[k] = s;
  }
  return {
    rules: rules.name, rounds: o.rounds, seats: o.seats, seed: o.seed, workers: o.workers, seconds: (clock.now() - started) / 1000,
    bets, frequencies: frequencies(counts.counts), counts: counts.counts, exactMain: analysis.main.expectedReturn,
  };
}

const pct = (x: number, digits = 3) => `${(x * 100).toFixed(digits)} %`;

export function formatSimulation(r: SimulationReport): string[] {
  const lines = [
    `${r.rules}: ${r.rounds.toLocaleString('en')} rounds × ${r.seats} seat(s), seed ${r.seed}, ${r.workers} worker(s), ${r.seconds.toFixed(1)} s (${Math.round(r.rounds / Math.max(r.seconds, 1e-9)).toLocaleString('en')} rounds/s)`,
    '',
  ];
  // Columns as wide as their widest cell (60,000,000 bets and 600,000,000.00 staked must not run together).
  // Money in major units, like every verb's; the JSON keeps the log's integer minor units.
  const rows = [['bet', 'bets', 'staked (major units)', 'return', '95 % CI', 'sd/bet', 'sd/round']];
  for (const [kind, s] of Object.entries(r.bets)) {
    if (!s) continue;
    rows.push([kind, s.bets.toLocaleString('en'), majorUnits(s.staked, { grouped: true }), pct(s.returnRatio), `± ${pct(s.interval95)}`, s.sdPerBet.toFixed(3), s.sdPerRound.toFixed(3)]);
  }
  const widths = (rows[0] as string[]).map((_, c) => Math.max(...rows.map((row) => (row[c] as string).length)));
  for (const row of rows) lines.push(row.map((cell, c) => (c === 0 ? cell.padEnd(widths[c] as number) : cell.padStart((widths[c] as number) + 2))).join(''));
  lines.push('', `exact main-game return of the same strategy (off the top): ${pct(r.exactMain)}`);
  const f = r.frequencies;
  lines.push(`per 100 hands: player blackjack ${f['playerBlackjack']?.toFixed(2)}, bust ${f['playerBust']?.toFixed(2)}, push ${f['push']?.toFixed(2)}, double ${f['double']?.toFixed(2)}, split ${f['split']?.toFixed(2)}, surrender ${f['surrender']?.toFixed(2)}, even money ${f['evenMoney']?.toFixed(2)}, switch ${f['switch']?.toFixed(2)}, auto-play ${f['autoPlay']?.toFixed(2)}`);
  lines.push(`per 100 rounds: dealer blackjack ${f['dealerBlackjack']?.toFixed(2)}, dealer bust ${f['dealerBust']?.toFixed(2)}; shoes ${r.counts.shoes}, voided rounds (shoe ran out) ${r.counts.voidedRounds}`);
  return lines;
}

/** simulate's options, checked by its spec (verbs/simulate.ts). */
export interface SimulateOptions {
  readonly rules: string;
  readonly rounds: number;
  readonly seats: number | undefined;
  readonly workers: number | undefined;
  readonly seed: number;
  readonly strategy: string | undefined;
  readonly format: 'text' | 'json';
  /** No progress on stderr. */
  readonly quiet: boolean;
}

export async function simulateCommand(options: SimulateOptions, out: (line: string) => void): Promise<number> {
  const { rules: name, format, rounds, seed } = options;
  const { rules } = loadRuleSet(name);
  if (rounds === 0) throw new UsageError('--rounds must be at least 1');
  const seats = options.seats ?? defaultSeats(rules);
  if (seats < 1 || seats > rules.seats) throw new UsageError(`--seats must be 1 to ${rules.seats} for ${rules.name}`);
  const workers = options.workers ?? availableParallelism();
  const file = options.strategy;
  const strategy = file ? readStrategyFile(file, rules) : undefined;
  try {
    const report = await simulate(rules, { rounds, seats, seed, workers, progress: !options.quiet, ...(strategy ? { strategy } : {}) });
    if (format === 'json') out(JSON.stringify(report, null, 2));
    else for (const line of formatSimulation(report)) out(line);
    return 0;
  } catch (err) {
    if (!(err instanceof SimulationFailure)) throw err;
    return reportSimulationFailure(err, rules.name, name, seed, out);
  }
}

/** A refused input or a stuck round: the session since the shoe was loaded, to replay (exit 1). */
export function reportSimulationFailure(err: SimulationFailure, ruleSet: string, rulesArg: string, seed: number, out: (line: string) => void): number {
  const path = `simulate-bug-${ruleSet}-seed${seed}-chunk${err.chunk}.jsonl`;
  writeFileSync(path, err.session.map((i) => JSON.stringify(i)).join('\n') + '\n');
  process.stderr.write(`shoe: simulation stopped, a bug in the round machine or the rules: ${err.message}\n`);
  process.stderr.write(`shoe: the session since the shoe was loaded follows on stdout and is in ${path}; replay it with\n  npm run -s shoe -- replay ${path} --rules ${rulesArg}\n`);
  for (const input of err.session) out(JSON.stringify(input));
  return 1;
}
