// ChartRunner against xstate's own actor (chart-differential.ts) for the rule sets of SECOND_HALF: the other
// half of the differential, in a file of its own so the parallel group's workers share it
// (chart-runner.test.ts runs every other known rule set). docs/adr/0001-fast-chart-runner.md.
//
// SLOW (30-40 s of CPU: `switch` walks a third of all the differential's inputs; docs/testing.md, "Where the
// time goes").
import { expect, test } from 'vitest';
import { knownRuleSets } from '../../src/config/load-rule-set.js';
import { describeDifferential, ruleSetHalf, SECOND_HALF } from './chart-differential.js';

describeDifferential(ruleSetHalf(true));

test('every rule set of this half is a known one, so none is silently left out of both files', () => {
  expect(SECOND_HALF.filter((name) => !knownRuleSets().includes(name))).toEqual([]);
});
