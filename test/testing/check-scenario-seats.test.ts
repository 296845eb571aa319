// The scenario checker (src/testing/check-scenario.ts, docs/qa.md) holds every settlement to its own
// expectation: with two and three seats, a net wrong on the second or third seat only — or on the second
// hand of a split, or the second player of a shared box — is the one difference said; expectations listed
// in another order than the settlements still match seat to seat.
import { describe, expect, test } from 'vitest';
import { fileURLToPath } from 'node:url';
import { checkScenario, judgeScenario } from '../../src/testing/check-scenario.js';
import { readScenarioFile, scenarioRules } from '../../src/testing/scenario-files.js';
import type { ExpectedSettlement, Scenario } from '../../src/testing/scenario-schema.js';
import type { TableEvent } from '../../src/round/events.js';

type Settled = Extract<TableEvent, { type: 'bet.settled' }>;

const settled = (seat: number, net: number, outcome: string): Settled =>
  ({ type: 'bet.settled', round: 1, seat, hand: 0, bet: 'main', player: `p${seat}`, stake: 1000, outcome, net }) as Settled;

/** What a scenario expects of a settlement, as `shoe check --update` writes it (player left out). */
const expected = ({ round, seat, hand, bet, stake, outcome, net }: Settled): ExpectedSettlement => ({ round, seat, hand, bet, stake, outcome, net });

const judged = (facts: Settled[], expect: ExpectedSettlement[]) =>
  judgeScenario({ rules: 'six-deck', inputs: [], expect } as Scenario, facts).differences;

describe('seat by seat, on facts given', () => {
  const two = [settled(1, 1000, 'win'), settled(2, -1000, 'lose')];
  const three = [...two, settled(3, 0, 'push')];

  test('two seats, every net as expected: no difference', () => {
    expect(judged(two, two.map(expected))).toEqual([]);
  });

  test('two seats, only the second seat\'s net wrong: that seat is the one difference', () => {
    const expect2 = [expected(two[0]!), { ...expected(two[1]!), net: -999 }];
    expect(judged(two, expect2)).toEqual(['round 1 seat 2 hand 0 main: expected net -999 (lose), got -1000 (lose)']);
  });

  test('three seats, only the third seat\'s net wrong, by one unit: that seat is the one difference', () => {
    const expect3 = [expected(three[0]!), expected(three[1]!), { ...expected(three[2]!), net: 1 }];
    expect(judged(three, expect3)).toEqual(['round 1 seat 3 hand 0 main: expected net +1 (push), got 0 (push)']);
  });

  test('three seats, only the second seat\'s net wrong: the first and third pass', () => {
    const expect3 = [expected(three[0]!), { ...expected(three[1]!), net: -500 }, expected(three[2]!)];
    expect(judged(three, expect3)).toEqual(['round 1 seat 2 hand 0 main: expected net -500 (lose), got -1000 (lose)']);
  });

  test('expectations in another order than the settlements are matched by seat: all pass', () => {
    expect(judged(three, [expected(three[2]!), expected(three[0]!), expected(three[1]!)])).toEqual([]);
  });

  test('two seats whose nets are swapped: both are said', () => {
    const swapped = [{ ...expected(two[0]!), net: -1000, outcome: 'lose' }, { ...expected(two[1]!), net: 1000, outcome: 'win' }];
    expect(judged(two, swapped)).toEqual([
      'round 1 seat 1 hand 0 main: expected net -1000 (lose), got +1000 (win)',
      'round 1 seat 2 hand 0 main: expected net +1000 (win), got -1000 (lose)',
    ]);
  });

  test('a third seat settled but not expected is said', () => {
    expect(judged(three, two.map(expected))).toEqual(['round 1 seat 3 hand 0 main (p3): settled net 0 (push), which the scenario does not expect']);
  });
});

describe('seat by seat, through the round machine', () => {
  const file = (name: string) => readScenarioFile(fileURLToPath(new URL(`../scenarios/${name}`, import.meta.url)));
  /** The scenario with the expectation at `index` one unit off. */
  function offByOne(scenario: Scenario, index: number): Scenario {
    return { ...scenario, expect: scenario.expect.map((e, i) => (i === index ? { ...e, net: e.net + 1 } : e)) };
  }

  // classic-04: seat 1 takes even money, seat 2's blackjack is paid 3:2, seat 3 pushes.
  const threeSeats = file('classic-04-even-money-against-ten.json');
  test.each([[1, 2, '+1501 (blackjack), got +1500'], [2, 3, '+1 (push), got 0']])(
    'three seats (classic-04), expectation %i one unit off: only seat %i is said', (index, seat, words) => {
      expect(checkScenario(scenarioRules(threeSeats), threeSeats.scenario).differences).toEqual([]);
      const { differences } = checkScenario(scenarioRules(threeSeats), offByOne(threeSeats.scenario, index));
      expect(differences).toEqual([`round 1 seat ${seat} hand 0 main: expected net ${words} (${index === 1 ? 'blackjack' : 'push'})`]);
    });

  // european-09: alice, bob and carol share box 1, which splits; erin plays box 2.
  const sharedBox = file('european-09-multi-player-box-follows-owner.json');
  test.each([
    [1, 'round 1 seat 1 hand 0 main (bob): expected net +501 (win), got +500 (win)'],
    [3, 'round 1 seat 1 hand 1 main (alice): expected net +2001 (win), got +2000 (win)'],
    [6, 'round 1 seat 2 hand 0 main (erin): expected net +60001 (win), got +60000 (win)'],
  ])('a shared, split box (european-09), expectation %i one unit off: only that player, hand and seat is said', (index, words) => {
    expect(checkScenario(scenarioRules(sharedBox), offByOne(sharedBox.scenario, index)).differences).toEqual([words]);
  });

  test('a shared, split box (european-09), expectations listed last to first: each still matches its player and hand', () => {
    const reversed = { ...sharedBox.scenario, expect: [...sharedBox.scenario.expect].reverse() };
    expect(checkScenario(scenarioRules(sharedBox), reversed).differences).toEqual([]);
  });
});
