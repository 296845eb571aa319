// Shoe and link faults pause the table: the link coming back resumes by itself only when
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

describe('cut card missing', () => {
  test('the shoe nearly out and no cut card: the table pauses once; a supervisor resumes', () => {
    const r = loadRuleSet('classic-17plus4').rules; // 32 cards: the fault comes when 4 are left
    const engine = new TableEngine(r);
    engine.submit({ type: 'shoe.loaded' });
    const cards = ['7', '8', '9', 'T', 'J', 'Q', 'K', 'A'].flatMap((rank) => ['S', 'H', 'D', 'C'].map((suit) => `${rank}${suit}`));
    const raised: unknown[] = [];
    for (const card of cards) {
      if (engine.phase === 'active.betting') {
        engine.submit({ type: 'bet', seat: 1, player: 'p', amount: 1000 });
        engine.submit({ type: 'betting.closed' });
      }
      // Stand on every decision the table waits for.
      for (let i = 0; i < 4 && engine.phase !== 'active.dealing'; i++) {
        const facts = engine.submit({ type: 'decision', seat: 1, action: 'stand' });
        if (facts[0]?.type === 'input.rejected') engine.submit({ type: 'decision', seat: 1, action: 'noInsurance' });
      }
      const facts = engine.submit({ type: 'card', card });
      raised.push(...facts.filter((f) => f.type === 'table.paused' && f.fault?.kind === 'cutCardMissing'));
      if (raised.length > 0) break;
      if (engine.phase === 'paused') engine.submit({ type: 'supervisor', action: 'resume', by: 'sup' });
    }
    expect(raised).toEqual([expect.objectContaining({ reason: expect.stringContaining('cut card missing') })]);
    const drawn = Object.values(engine.table.shoe?.drawn ?? {}).reduce((a, b) => a + b, 0);
    expect(drawn).toBe(28);
    expect(engine.submit({ type: 'supervisor', action: 'resume', by: 'sup' }).map((f) => f.type)).toContain('table.resumed');
    expect(engine.phase).not.toBe('paused');
  });
});
