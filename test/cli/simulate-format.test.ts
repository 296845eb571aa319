// `shoe simulate`'s text table: columns as wide as their widest cell — a 20,000,000-round run of
// three seats stakes 60,000,000,000 minor units, which ran into the bets column ("60,000,00060,000,000,000").
// Money is printed in major units (600,000,000.00), as every verb prints it.
import { expect, test } from 'vitest';
import { formatSimulation, type SimulationReport } from '../../src/cli/simulate-command.js';
import { emptyCounts } from '../../src/app/par/simulation-stats.js';

test('every column of the per-bet table stays apart, whatever the size of the figures', () => {
  const main = { bets: 60_000_000, rounds: 20_000_000, staked: 60_000_000_000, wagered: 66_000_000_000, net: -289_800_000, returnRatio: -0.00483, interval95: 0.00037, sdPerBet: 1.119, sdPerRound: 0.848 };
  const insurance = { ...main, bets: 4_610_025, staked: 2_305_012_500, returnRatio: -0.07577, interval95: 0.00219 };
  const report: SimulationReport = { rules: 'six-deck', rounds: 20_000_000, seats: 3, seed: 7, workers: 2, seconds: 372.3, bets: { main, insurance }, frequencies: {}, counts: emptyCounts().counts, exactMain: -0.00435 };
  const lines = formatSimulation(report);
  const header = lines.find((l) => l.startsWith('bet')) as string;
  const mainLine = lines.find((l) => l.startsWith('main')) as string;
  expect(mainLine.trim().split(/\s+/)).toEqual(['main', '60,000,000', '600,000,000.00', '-0.483', '%', '±', '0.037', '%', '1.119', '0.848']);
  // Right-aligned under their headers: each figure ends where its header ends.
  expect(mainLine.length).toBe(header.length);
  expect(mainLine.indexOf('600,000,000.00') + '600,000,000.00'.length).toBe(header.indexOf('staked (major units)') + 'staked (major units)'.length);
});

test('money is in major units with two decimals, labelled, like the other verbs print it (10.00)', () => {
  const odd = { bets: 3, rounds: 3, staked: 300_000_005, wagered: 300_000_005, net: 0, returnRatio: 0, interval95: 0, sdPerBet: 1, sdPerRound: 1 };
  const report: SimulationReport = { rules: 'six-deck', rounds: 3, seats: 1, seed: 1, workers: 1, seconds: 1, bets: { main: odd }, frequencies: {}, counts: emptyCounts().counts, exactMain: 0 };
  const lines = formatSimulation(report);
  expect(lines.find((l) => l.startsWith('bet'))).toMatch(/staked \(major units\)/);
  expect((lines.find((l) => l.startsWith('main')) as string).trim().split(/\s+/)[2]).toBe('3,000,000.05');
});
