// The par sheet's pure parts: the edge warnings (main game above zero, side bet over 100 %), the lab's
// figures from a simulation's net outcomes, the comparison --verify makes, the SVG's escaping.
import { describe, expect, test } from 'vitest';
import { edgeFindings } from '../../../src/analysis/edge-warnings.js';
import { parSheetWords } from '../../../src/app/par-sheet/par-sheet-words.js';
import { labFigures, OUTCOME_LIMIT, type ParSheetDocument } from '../../../src/app/par-sheet/par-sheet-document.js';
import { compareSheets } from '../../../src/app/par-sheet/verify-par-sheet.js';
import { outcomeChart } from '../../../src/app/par-sheet/svg-charts.js';
import type { SimulationRun } from '../../../src/app/par-sheet/sheet-simulation.js';

describe('edge warnings', () => {
  test('a positive main return and a side bet over 100 % are found and put in words; a house edge everywhere says nothing', () => {
    expect(edgeFindings({ main: -0.004, sideBets: [{ bet: 'pairs', expectedReturn: -0.03 }] })).toEqual([]);
    const found = edgeFindings({ main: 0.0172, sideBets: [{ bet: 'pairs', expectedReturn: 0.012 }, { bet: 'superMatch', expectedReturn: -0.02 }] });
    expect(found).toEqual([{ bet: 'main', expectedReturn: 0.0172 }, { bet: 'pairs', expectedReturn: 0.012 }]);
    const en = parSheetWords('en');
    expect(en.warningMain('x', 0.0172)).toContain('+1.720 % to the player');
    expect(en.warningSideBet('x', en.betNames.pairs, 0.012)).toContain('Pairs side bet returns 101.200 %');
    const ru = parSheetWords('ru');
    expect(ru.warningMain('x', 0.0172)).toContain('возвращает игроку +1,720 %');
    expect(ru.warningSideBet('x', ru.betNames.pairs, 0.012)).toContain('«Пары» возвращает игроку 101,200 %');
  });
});

describe('lab figures from the net outcomes', () => {
  const run = (mainNets: Record<string, number>): SimulationRun => ({
    rounds: 10, seats: 1, seed: 1, penetration: 0.75, cutCard: 234, shoeSize: 312, bets: {}, frequencies: {},
    counts: {} as SimulationRun['counts'], mainNets,
  });
  test('hit, push and loss frequencies, the standard deviation per round, the ends gathered at ±8 units', () => {
    const lab = labFigures(run({ '-1000': 5, '0': 1, '1500': 2, '2000': 1, '12000': 1 }), 1000, undefined, parSheetWords('en').numbers);
    expect(lab.hitFrequency).toBeCloseTo(0.4, 12);
    expect(lab.pushFrequency).toBeCloseTo(0.1, 12);
    expect(lab.lossFrequency).toBeCloseTo(0.5, 12);
    const xs = [-1, -1, -1, -1, -1, 0, 1.5, 1.5, 2, 12];
    const mean = xs.reduce((a, b) => a + b, 0) / xs.length;
    const sd = Math.sqrt(xs.reduce((a, b) => a + (b - mean) ** 2, 0) / (xs.length - 1));
    expect(lab.sdPerRound).toBeCloseTo(sd, 12);
    expect(lab.outcomes.map((o) => o.label)).toEqual(['−1', '0', '+1.5', '+2', `≥ +${OUTCOME_LIMIT}`]);
    expect(lab.outcomes.reduce((p, o) => p + o.probability, 0)).toBeCloseTo(1, 12);
    // In Russian the same outcomes, written as Russian writes numbers.
    expect(labFigures(run({ '-1000': 5, '1500': 2 }), 1000, undefined, parSheetWords('ru').numbers).outcomes.map((o) => o.label)).toEqual(['−1', '+1,5']);
  });
});

describe('--verify compares figure by figure', () => {
  const sheet = {
    identity: { rules: { sha256: 'a' }, strategy: { source: 'computed' }, product: { name: 'p', version: '1', commit: 'c1', modified: false } },
    words: ['w'], exactMain: -0.004, playerNatural: 0.047, dealerBlackjack: 0.047, insuranceExact: -0.07, exactness: { splits: 's' },
    naivePlayers: [{ player: 'mimicDealer', exact: -0.05 }], sideBets: [], chart: ['|x|'],
    simulation: { dealt: 12, rounds: 10, seats: 1, seed: 1, cutCard: 2, bets: { main: { bets: 10, staked: 10000, net: -40 } }, counts: { rounds: 10 }, mainNets: { '-1000': 10 } },
    penetration: [], warnings: [],
  } as unknown as ParSheetDocument;
  test('the same sheet holds; a changed hash, figure or count is named; another commit is only a note', () => {
    expect(compareSheets(sheet, sheet)).toMatchObject({ holds: true, differences: [] });
    const now = JSON.parse(JSON.stringify(sheet)) as ParSheetDocument & { identity: { rules: { sha256: string }; product: { commit: string } }; simulation: { bets: { main: { net: number } } } };
    now.identity.product.commit = 'c2';
    expect(compareSheets(sheet, now).holds).toBe(true);
    expect(compareSheets(sheet, now).notes.join(' ')).toContain('commit c1');
    now.identity.rules.sha256 = 'b';
    (now as { exactMain: number }).exactMain = -0.0041;
    now.simulation.bets.main.net = -41;
    const v = compareSheets(sheet, now);
    expect(v.holds).toBe(false);
    expect(v.differences.map((d) => d.split(':')[0])).toEqual(['rule file SHA-256', 'exact main return', 'simulated main (bets, staked, net)']);
  });
});

test('the outcome chart escapes its labels', () => {
  const svg = outcomeChart([{ units: -1, label: '<b>&', count: 1, probability: 1 }], 'a "title"', parSheetWords('en'));
  expect(svg).toContain('&lt;b&gt;&amp;');
  expect(svg).toContain('a &quot;title&quot;');
  expect(svg).not.toContain('<b>');
});
