// ChartRunner (TableEngine's stepper) against xstate's own actor on the same chart (chart-differential.ts):
// every path xstate/graph finds and every input tried from each path's end, random sessions, and snapshots
// restored across, for every known rule set but those of chart-runner-more.test.ts; and the chart features the
// runner refuses. docs/adr/0001-fast-chart-runner.md.
//
// SLOW (30-40 s of CPU: every path xstate/graph finds and random sessions, for five rule sets, through both
// runners; docs/testing.md, "Where the time goes").
import { expect, test } from 'vitest';
import { setup } from 'xstate';
import { roundActions } from '../../src/round/round-actions.js';
import { CompiledChart, UnsupportedChartError } from '../../src/round/compiled-chart.js';
import { describeDifferential, inventory, ruleSetHalf } from './chart-differential.js';

describeDifferential(ruleSetHalf(false));

test('the chart has the states and transitions the differential counts', () => {
  expect(inventory.states.length).toBeGreaterThanOrEqual(10);
  expect(inventory.transitions.size).toBeGreaterThan(50);
});

test('a chart using what the runner does not implement is refused at compile time', () => {
  const parallel = setup({}).createMachine({ type: 'parallel', states: { a: {}, b: {} } });
  expect(() => new CompiledChart(parallel, roundActions)).toThrow(UnsupportedChartError);
  const withExit = setup({}).createMachine({ initial: 'a', states: { a: { exit: () => undefined } } });
  expect(() => new CompiledChart(withExit, roundActions)).toThrow(/exit actions/);
  const inlineAction = setup({}).createMachine({ initial: 'a', states: { a: { on: { go: { actions: () => undefined } } } } });
  expect(() => new CompiledChart(inlineAction, roundActions)).toThrow(/not a named action/);
});
