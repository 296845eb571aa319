// Simulation through the production round machine: deterministic per seed whatever the workers,
// and each rule set's simulated return inside the 95 % interval around its exact return.
//
// The runs are short (1,000 rounds a rule set): the intervals are wide (about ±5 % of the stake), so the
// check catches gross disagreements (a wrong payout, a rule the analysis and the machine read differently),
// not hundredths of a percent. `shoe par-sheet` plays millions of rounds against the same exact figures, and
// `npm run bench:simulate` measures the pace.
//
// SLOW on a cold cache only (92 s on a fresh machine, as CI's; 18 s once warm, 1-5 s a test, most of it
// starting the simulation's worker threads, which each run here does afresh): the exact analysis of every
// rule set is computed once into the tests' cache (test/support/exact-analysis-cache.ts); docs/testing.md,
// "Where the time goes".
import { createHash } from 'node:crypto';
import { describe, expect, test } from 'vitest';
import { loadRuleSet, knownRuleSets } from '../../../src/config/load-rule-set.js';
import { cachedAnalysis } from '../../support/exact-analysis-cache.js';
import { runSimulation, SimulationPool } from '../../../src/app/par/run-simulation.js';
import { simulateChunk, simulateChunkAtCuts } from '../../../src/app/par/simulate-table.js';
import { summariseBet } from '../../../src/app/par/simulation-stats.js';
import { pairsOdds, superMatchOdds } from '../../../src/analysis/side-bet-odds.js';
import { defaultSeats } from '../../../src/cli/simulate-command.js';

const ROUNDS = Number(process.env['SIMULATE_TEST_ROUNDS'] ?? 1000);

// The exact analysis is the slow part of this file (seconds per rule set): each rule set's comes from the
// tests' analysis cache (../../support/exact-analysis-cache.ts), computed once though 'switch' is played by
// two tests here and other files analyse the same rule sets.

describe('simulation', () => {
  test('the same seed gives the same counts with this thread alone, or with one or two workers beside it', async () => {
    const { rules } = loadRuleSet('switch');
    const { strategy } = cachedAnalysis(rules);
    const run = (workers: number) => runSimulation({ rules, strategy, rounds: 1100, seats: 2, seed: 42, workers, insure: true });
    const inline = await run(0);
    expect(inline.counts.rounds).toBe(1100);
    expect(inline.bets.main.bets).toBe(2200);
    expect(await run(1)).toEqual(inline);
    expect(await run(2)).toEqual(inline);
    expect(await run(3)).toEqual(inline);
    expect(inline.counts.switch).toBeGreaterThan(0);
  }, 600_000);

  test('several cut cards in one pass count exactly the rounds a shoe cut at each would have dealt', () => {
    const { rules } = loadRuleSet('six-deck');
    const { strategy } = cachedAnalysis(rules);
    const spec = { rules, strategy, seed: 7, rounds: 400, seats: 3, insure: true };
    const rows = simulateChunkAtCuts(spec, [0.5, undefined, 0.83]);
    // The deepest cut deals every round; a shallower one counts fewer, from the same shoes.
    expect(rows[2]?.counts.rounds).toBe(400);
    expect(rows[0]!.counts.rounds).toBeLessThan(rows[1]!.counts.rounds);
    expect(rows[1]!.counts.rounds).toBeLessThan(400);
    for (const [i, penetration] of ([[0, 0.5], [1, undefined], [2, 0.83]] as const)) {
      const row = rows[i]!;
      // A shoe cut there alone, played for as many rounds: the very same shuffles, the same rounds.
      const alone = simulateChunk({ ...spec, rounds: row.counts.rounds + row.counts.voidedRounds, ...(penetration === undefined ? {} : { penetration }) });
      expect({ ...row.counts, shoes: 0 }).toEqual({ ...alone.counts, shoes: 0 });
      expect(row.bets).toEqual(alone.bets);
      expect(row.mainNets).toEqual(alone.mainNets);
    }
  }, 120_000);

  test("a chunk's counts at a par sheet's four cut cards are those the simulation has always given, to the order of the main nets' keys", () => {
    // A digest of the whole counts as text (the sheets print them in this order): the figures of par sheets
    // made before a change to the simulation's bookkeeping stay reproducible (seed, chunks) after it.
    const pinned: Record<string, string> = {
      'six-deck': 'eb28ee1feeaabdf98d5edfcfe036bf9fb8bf883f8e9c07f2a71288cf591123e6',
      deluxe: '09e25d35ecd5cf79280c78c1f49c8d9a4e55459a514e8f8c3ccc858f45d2933d',
      switch: '994945bdc8052c7852c1b2004214a0c62984e0195b77edda182ecb4234b9385e',
    };
    for (const [name, digest] of Object.entries(pinned)) {
      const { rules } = loadRuleSet(name);
      const { strategy } = cachedAnalysis(rules);
      const rows = simulateChunkAtCuts({ rules, strategy, seed: 7, rounds: 500, seats: 3, insure: true }, [0.5, 0.66, 0.75, 0.83]);
      expect(createHash('sha256').update(JSON.stringify(rows)).digest('hex'), name).toBe(digest);
    }
  }, 120_000);

  test('a run continued from its first chunks gives what the whole run gives; a pool plays run after run', async () => {
    const { rules } = loadRuleSet('six-deck');
    const { strategy } = cachedAnalysis(rules);
    const spec = { rules, strategy, seats: 2, insure: true, penetrations: [0.66, undefined] };
    const pool = new SimulationPool(2);
    try {
      const whole = await pool.run(spec, { seed: 3, rounds: 2300 });
      const first = await pool.run(spec, { seed: 3, rounds: 1000 });
      const continued = await pool.run(spec, { seed: 3, rounds: 2300, fromChunk: 2, into: first });
      expect(continued).toEqual(whole);
      expect(whole[1]!.counts.rounds + whole[1]!.counts.voidedRounds).toBe(2300);
    } finally {
      await pool.close();
    }
  }, 120_000);

  test('the main nets count every main bet once, at its net, at every cut card', () => {
    const { rules } = loadRuleSet('deluxe');
    const { strategy } = cachedAnalysis(rules);
    const rows = simulateChunkAtCuts({ rules, strategy, seed: 5, rounds: 600, seats: 3, insure: true }, [0.5, undefined]);
    for (const row of rows) {
      const nets = Object.entries(row.mainNets);
      expect(nets.reduce((n, [, count]) => n + count, 0)).toBe(row.bets.main.bets);
      expect(nets.reduce((n, [net, count]) => n + Number(net) * count, 0)).toBe(row.bets.main.net);
    }
  }, 120_000);

  test.each(knownRuleSets())('%s: simulated main return lies within the 95-percent interval of the exact return; side bets too', async (name) => {
    const { rules } = loadRuleSet(name);
    const { strategy, main } = cachedAnalysis(rules);
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
