// The chart read from the machine's public config (src/round/chart-config.ts) resolves every target and
// initial state as xstate itself does: compared, state by state and event by event, with the state nodes
// xstate builds from the same config (its public StateNode surface), on a chart using every target form —
// a sibling, a sibling's child, `.child`, `#id`, `#id.path`, a state with its own id, a deep history —
// and on the round machine. docs/adr/0001-fast-chart-runner.md.
import { describe, expect, test } from 'vitest';
import { fromPromise, setup, type AnyStateMachine } from 'xstate';
import { CompiledChart, UnsupportedChartError } from '../../src/round/compiled-chart.js';
import { roundMachine } from '../../src/round/round-machine.js';
import { roundActions } from '../../src/round/round-actions.js';
import type { StepAction } from '../../src/round/step-action.js';

const noop: StepAction = (context) => context;
const actions = { a: noop, b: noop };

const chartSetup = setup({ guards: { yes: () => true }, actions: { a: () => undefined, b: () => undefined }, actors: { x: fromPromise(async () => undefined) } });
const targetForms = chartSetup.createMachine({
  id: 'm',
  initial: 'one',
  states: {
    one: {
      initial: 'inner',
      on: { toChild: { target: '.second' }, toSibling: 'two', toSiblingChild: 'two.deep', toId: '#own', toIdPath: '#m.two.deep', toHistory: 'one.back' },
      always: [{ guard: 'yes', target: '#m.one.inner', actions: ['a', 'b'] }],
      states: { inner: { entry: 'a' }, second: { on: { '*': { actions: 'a' } } }, back: { type: 'history', history: 'deep' } },
    },
    two: { initial: 'deep', states: { deep: {}, custom: { id: 'own' } }, on: { back: 'one.back', '*': 'one' } },
  },
});

/** Every transition of xstate's own state nodes, as "source event -> targets". */
function xstateTransitions(machine: AnyStateMachine): string[] {
  const out: string[] = [];
  const visit = (node: AnyStateMachine['root']): void => {
    for (const [type, list] of Object.entries(node.on)) {
      for (const t of list) if (t.source === node) out.push(`${node.id} ${type} -> ${(t.target ?? []).map((n) => n.id).join(',')}`);
    }
    for (const t of node.always ?? []) out.push(`${node.id} (always) -> ${(t.target ?? []).map((n) => n.id).join(',')}`);
    if (node.type === 'compound') out.push(`${node.id} (initial) -> ${node.initial.target.map((n) => n.id).join(',')}`);
    for (const child of Object.values(node.states)) visit(child);
  };
  visit(machine.root);
  return out.sort();
}

function compiledTransitions(chart: CompiledChart): string[] {
  const out: string[] = [];
  for (const node of chart.nodes.values()) {
    const on = new Map(node.on);
    if (node.wildcard.length > 0) on.set('*', node.wildcard);
    // The runner's lists for an event type end with the state's `*` transitions (xstate's getCandidates): each is listed once, under `*`.
    for (const [type, list] of on) for (const t of list) if (t.source === node && (type === '*' || !node.wildcard.includes(t))) out.push(`${node.id} ${type} -> ${(t.targets ?? []).map((n) => n.id).join(',')}`);
    for (const t of node.always) out.push(`${node.id} (always) -> ${(t.targets ?? []).map((n) => n.id).join(',')}`);
    if (node.initial) out.push(`${node.id} (initial) -> ${node.initial.id}`);
  }
  return out.sort();
}

describe('targets and initial states resolve as xstate resolves them', () => {
  test('every target form', () => {
    const chart = new CompiledChart(targetForms, actions);
    expect(compiledTransitions(chart)).toEqual(xstateTransitions(targetForms));
    expect(chart.get('own').path).toBe('two.custom');
  });

  test('the round machine', () => {
    expect(compiledTransitions(new CompiledChart(roundMachine, roundActions))).toEqual(xstateTransitions(roundMachine));
  });
});

test('a shallow history, a guard with params and config the runner does not implement are refused', () => {
  expect(() => new CompiledChart(chartSetup.createMachine({ initial: 'a', states: { a: {}, h: { type: 'history' } } }), actions)).toThrow(/only deep history/);
  expect(() => new CompiledChart(chartSetup.createMachine({ initial: 'a', states: { a: { on: { go: { guard: { type: 'yes', params: 1 } } } } } }), actions)).toThrow(UnsupportedChartError);
  expect(() => new CompiledChart(chartSetup.createMachine({ initial: 'a', states: { a: { after: { 10: 'a' } } } }), actions)).toThrow(/"after"/);
  expect(() => new CompiledChart(chartSetup.createMachine({ initial: 'a', states: { a: { invoke: { src: 'x' } } } }), actions)).toThrow(/"invoke"/);
});
