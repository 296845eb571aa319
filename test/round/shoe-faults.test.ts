// Shoe and link faults pause the table (issue 3/5): the link coming back resumes by itself only when
// nothing else holds the table paused; other faults wait for a supervisor.
import { describe, expect, test } from 'vitest';
import { loadRuleSet } from '../../src/config/load-rule-set.js';
import { TableEngine } from '../../src/round/table-engine.js';
import type { TableInput } from '../../src/round/inputs.js';

const rules = loadRuleSet('six-deck').rules;

function midRound(): TableEngine {
  const engine = new TableEngine(rules);
  const inputs: TableInput[] = [
    { type: 'shoe.loaded' }, { type: 'card', card: '5D' },
    { type: 'bet', seat: 1, player: 'p1', amount: 1000 }, { type: 'betting.closed' },
    { type: 'card', card: 'TH' }, { type: 'card', card: '9S' }, { type: 'card', card: '6S' }, { type: 'card', card: '7C' },
  ];
  for (const i of inputs) engine.submit(i);
  expect(engine.phase).toBe('active.playing');
  return engine;
}

describe('shoe faults', () => {
  test('link down pauses mid-round; link back resumes at the same step', () => {
    const engine = midRound();
    const down = engine.submit({ type: 'shoe.fault', fault: 'linkDown' });
    expect(down).toMatchObject([{ type: 'table.paused', fault: { kind: 'linkDown' } }]);
    expect(engine.phase).toBe('paused');
    expect(engine.submit({ type: 'decision', seat: 1, action: 'hit' })).toMatchObject([{ type: 'input.rejected', reason: expect.stringContaining('linkDown') }]);
    const up = engine.submit({ type: 'shoe.recovered', fault: 'linkDown' });
    expect(up.map((e) => e.type)).toEqual(['fault.cleared', 'table.resumed']);
    expect(engine.phase).toBe('active.playing');
    expect(engine.submit({ type: 'decision', seat: 1, action: 'stand' }).some((e) => e.type === 'hand.finished')).toBe(true);
  });

  test('a jam keeps the table paused after the link comes back, until a supervisor resumes', () => {
    const engine = midRound();
    engine.submit({ type: 'shoe.fault', fault: 'linkDown' });
    engine.submit({ type: 'shoe.fault', fault: 'jam', detail: 'card stuck at the gate' });
    expect(engine.submit({ type: 'shoe.recovered', fault: 'linkDown' }).map((e) => e.type)).toEqual(['fault.cleared']);
    expect(engine.phase).toBe('paused');
    expect(engine.submit({ type: 'supervisor', action: 'resume', by: 'sup' }).map((e) => e.type)).toEqual(['table.resumed']);
    expect(engine.phase).toBe('active.playing');
  });

  test('an unknown fault or a recovery with no open fault is refused with a reason', () => {
    const engine = midRound();
    expect(engine.submit({ type: 'shoe.fault', fault: 'gremlins' })).toMatchObject([{ type: 'input.rejected', reason: expect.stringContaining('unknown shoe fault') }]);
    expect(engine.submit({ type: 'shoe.recovered', fault: 'linkDown' })).toMatchObject([{ type: 'input.rejected' }]);
    expect(engine.phase).toBe('active.playing');
  });
});
