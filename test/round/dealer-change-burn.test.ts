// The dealer change burn (docs/procedures.md, "Dealer change"; Louisiana III-3106 C, Pennsylvania §685a.7(d)):
// with the rule set's burnOnDealerChange a dealer change calls a burn for the next card in play — not while a
// new shoe is burned, not after the shoe's last round, not twice — and without it a dealer change burns nothing.
import { describe, expect, test } from 'vitest';
import { loadRuleSet } from '../../src/config/load-rule-set.js';
import { TableEngine } from '../../src/round/table-engine.js';
import type { TableInput } from '../../src/round/inputs.js';
import type { RuleSet } from '../../src/rules/rule-set.js';

const sixDeck = loadRuleSet('six-deck').rules;
const withBurn: RuleSet = { ...sixDeck, burnOnDealerChange: true };
const change: TableInput = { type: 'dealer.changed', dealer: 'Boris' };

function engineAfter(rules: RuleSet, inputs: TableInput[]): TableEngine {
  const e = new TableEngine(rules);
  for (const i of inputs) e.submit(i);
  return e;
}

describe('dealer change burn', () => {
  test('without the rule, a dealer change burns nothing', () => {
    const e = engineAfter(sixDeck, [{ type: 'shoe.loaded' }, { type: 'card', card: '5D' }]);
    expect(e.submit(change).map((f) => f.type)).toEqual(['dealer.changed']);
    expect(e.table.burnCalled).toBeUndefined();
  });

  test('with it, between rounds: the first card after betting closes is burned for the change', () => {
    const e = engineAfter(withBurn, [{ type: 'shoe.loaded' }, { type: 'card', card: '5D' }]);
    expect(e.submit(change)).toEqual([{ type: 'dealer.changed', round: 1, dealer: 'Boris' }, { type: 'burn.called', round: 1, cause: 'dealerChange' }]);
    e.submit({ type: 'bet', seat: 1, player: 'p1', amount: 1000 });
    e.submit({ type: 'betting.closed' });
    expect(e.submit({ type: 'card', card: '9C' })).toEqual([{ type: 'card.burned', shoe: 1, card: '9C', shown: true, remaining: 0, round: 1, cause: 'dealerChange' }]);
    expect(e.submit({ type: 'card', card: 'TH' }).map((f) => f.type)).toEqual(['card.dealt']);
  });

  test('not while the new shoe is burned (its own burn serves), and once only', () => {
    const e = engineAfter(withBurn, [{ type: 'shoe.loaded' }]);
    expect(e.submit(change).map((f) => f.type)).toEqual(['dealer.changed']);
    e.submit({ type: 'card', card: '5D' });
    expect(e.submit(change).map((f) => f.type)).toEqual(['dealer.changed', 'burn.called']);
    expect(e.submit({ ...change, dealer: 'Vera' }).map((f) => f.type)).toEqual(['dealer.changed']);
  });

  test('a burn called before the shoe is changed does not carry into the next shoe', () => {
    const e = engineAfter(withBurn, [{ type: 'shoe.loaded' }, { type: 'card', card: '5D' }, change]);
    expect(e.table.burnCalled).toBe('dealerChange');
    e.submit({ type: 'supervisor', action: 'shoeChange', by: 'sup1' });
    e.submit({ type: 'shoe.loaded' });
    expect(e.table.burnCalled).toBeUndefined();
  });
});
