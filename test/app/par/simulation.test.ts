// Simulation through the production round machine: deterministic per seed whatever the workers,
// and each rule set's simulated return inside the 95 % interval around its exact return.
//
// The round machine on this branch plays ~100 rounds/s here (it copies the table state on every input; a
// faster engine is on its way), so the runs are short: the intervals are wide (about ±5 % of the stake) and
// the check is correspondingly weak — it catches gross disagreements (a wrong payout, a rule the analysis
// and the machine read differently), not hundredths of a percent. `npm run bench:simulate` and `shoe
// par-sheet` run the long versions.
import { describe, expect, test } from 'vitest';
import { loadRuleSet, knownRuleSets } from '../../../src/config/load-rule-set.js';
import { analyseGame } from '../../../src/analysis/main-return.js';
import { runSimulation } from '../../../src/app/par/run-simulation.js';
import { summariseBet } from '../../../src/app/par/simulation-stats.js';
import { pairsOdds, superMatchOdds } from '../../../src/analysis/side-bet-odds.js';
import { defaultSeats } from '../../../src/cli/simulate-command.js';

const ROUNDS = Number(process.env['SIMULATE_TEST_ROUNDS'] ?? 1000);

// The exact analysis is the slow part of this file (seconds per rule set): each rule set's is computed once
// here, though 'switch' is played by two tests.
const analysed = new Map<string, ReturnType<typeof analyseGame>>();
function analysis(name: string, rules: Parameters<typeof analyseGame>[0]): ReturnType<typeof analyseGame> {
  let a = analysed.get(name);
  if (!a) analysed.set(name, (a = analyseGame(rules)));
  return a;
}

describe('simulation', () => {
  test('the same seed gives the same counts with 0, 1 or 2 workers', async () => {
    const { rules } = loadRuleSet('switch');
    const { strategy } = analysis('switch', rules);
    const run = (workers: number) => runSimulation({ rules, strategy, rounds: 1100, seats: 2, seed: 42, workers, insure: true });
    const inline = await run(0);
    expect(inline.counts.rounds).toBe(1100);
    expect(inline.bets.main.bets).toBe(2200);
    expect(await run(1)).toEqual(inline);
    expect(await run(2)).toEqual(inline);
    expect(inline.counts.switch).toBeGreaterThan(0);
  }, 600_000);

  test.each(knownRuleSets())('%s: simulated main return lies within the 95-percent interval of the exact return; side bets too', async (name) => {
    const { rules } = loadRuleSet(name);
    const { strategy, main } = analysis(name, rules);
    const counts = await runSimulation({ rules, strategy, rounds: ROUNDS, seats: defaultSeats(rules), seed: 2026, workers: 2, insure: true });
    expect(counts.counts.rounds + counts.counts.voidedRounds).toBe(ROUNDS);
    const sim = summariseBet(counts.bets.main)!;
    expect(Math.abs(sim.returnRatio - main.expectedReturn)).toBeLessThan(sim.interval95);
    if (rules.sideBets.pairs) {
      const s = summariseBet(counts.bets.pairs)!;
      expect(Math.abs(s.returnRatio - pairsOdds(rules).expectedReturn)).toBeLessThan(s.interval95);
    }
    if (rules.sideBets.superMatch) {
      const s = summariseBet(counts.bets.superMatch)!;
      expect(Math.abs(s.returnRatio - superMatchOdds(rules).expectedReturn)).toBeLessThan(s.interval95);
    }
    if (rules.boxes.betBehind) {
      // Bets behind follow every double and split: they share the main bet's fortunes.
      expect(summariseBet(counts.bets.behind)!.returnRatio).toBeCloseTo(sim.returnRatio, 10);
    }
  }, 900_000);
});
