// `shoe simulate`'s text table: columns as wide as their widest cell — a 20,000,000-round run of
// three seats stakes 60,000,000,000, which ran into the bets column ("60,000,00060,000,000,000").
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
  expect(mainLine.trim().split(/\s+/)).toEqual(['main', '60,000,000', '60,000,000,000', '-0.483', '%', '±', '0.037', '%', '1.119', '0.848']);
  // Right-aligned under their headers: each figure ends where its header ends.
  expect(mainLine.length).toBe(header.length);
  expect(mainLine.indexOf('60,000,000,000') + '60,000,000,000'.length).toBe(header.indexOf('staked') + 'staked'.length);
});
