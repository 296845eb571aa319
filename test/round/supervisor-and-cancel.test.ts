// Supervisor resolutions: use an out-of-turn card for the hand it was meant for, force a
// shoe change; and cancelling bets while betting is open.
import { describe, expect, test } from 'vitest';
import { loadRuleSet } from '../../src/config/load-rule-set.js';
import { TableEngine } from '../../src/round/table-engine.js';
import { timesDrawn } from '../../src/round/operations/shoe.js';
import type { TableInput } from '../../src/round/inputs.js';

const rules = loadRuleSet('six-deck').rules;
const base: TableInput[] = [
  { type: 'shoe.loaded' }, { type: 'card', card: '5D' },
  { type: 'bet', seat: 1, player: 'p1', amount: 1000 }, { type: 'betting.closed' },
  { type: 'card', card: 'TH' }, { type: 'card', card: '9S' }, { type: 'card', card: '2S' }, { type: 'card', card: '7C' },
];
function engineAfter(inputs: TableInput[]): TableEngine {
  const e = new TableEngine(rules);
  for (const i of inputs) e.submit(i);
  return e;
}

describe('supervisor resolutions', () => {
  test('useCard: the out-of-turn card goes to the hand in turn as a hit', () => {
    const e = engineAfter(base);
    expect(e.submit({ type: 'card', card: '8H' })).toMatchObject([{ type: 'table.paused', fault: { kind: 'outOfTurn', card: '8H' } }]);
    const facts = e.submit({ type: 'supervisor', action: 'useCard', by: 'sup' });
    expect(facts.map((f) => f.type)).toEqual(['decision.accepted', 'card.dealt', 'table.resumed']);
    expect(facts[1]).toMatchObject({ seat: 1, hand: 0, card: '8H', total: 20 });
    expect(e.phase).toBe('active.playing');
    expect(timesDrawn(e.table.shoe, '8H')).toBe(1);
  });

  test('useCard is refused when no hand waits for a decision (the card came during betting)', () => {
    const e = engineAfter(base.slice(0, 3));
    e.submit({ type: 'card', card: '8H' });
    expect(e.submit({ type: 'supervisor', action: 'useCard', by: 'sup' })).toMatchObject([{ type: 'input.rejected', reason: expect.stringContaining('no hand') }]);
    expect(e.phase).toBe('paused');
  });

  test('shoeChange voids the open round, ends the shoe and waits for a new one', () => {
    const e = engineAfter(base);
    const facts = e.submit({ type: 'supervisor', action: 'shoeChange', by: 'sup', reason: 'damaged card' });
    expect(facts.map((f) => f.type)).toEqual(['round.voided', 'bet.settled', 'round.ended', 'shoe.finished']);
    expect(facts[1]).toMatchObject({ outcome: 'void', net: 0, stake: 1000 });
    expect(e.phase).toBe('active.awaitingShoe');
    expect(e.submit({ type: 'bet', seat: 1, player: 'p1', amount: 1000 })[0]).toMatchObject({ type: 'input.rejected' });
  });

  test('a second shoe change is refused while the shoe is already out, paused or not; a new shoe can be changed again', () => {
    const e = engineAfter(base);
    e.submit({ type: 'supervisor', action: 'shoeChange', by: 'sup' });
    const again = e.submit({ type: 'supervisor', action: 'shoeChange', by: 'sup' });
    expect(again).toMatchObject([{ type: 'input.rejected', code: 'shoeAlreadyOut', params: { shoe: 1 }, reason: 'shoe 1 is already out: load the next shoe (resume first if the table is paused)' }]);
    e.submit({ type: 'supervisor', action: 'pause', by: 'sup' });
    expect(e.phase).toBe('paused');
    expect(e.submit({ type: 'supervisor', action: 'shoeChange', by: 'sup' })).toMatchObject([{ type: 'input.rejected', code: 'shoeAlreadyOut' }]);
    e.submit({ type: 'supervisor', action: 'resume', by: 'sup' });
    e.submit({ type: 'shoe.loaded' });
    expect(e.submit({ type: 'supervisor', action: 'shoeChange', by: 'sup' }).map((f) => f.type)).toEqual(['shoe.finished']);
  });

  test('after the shoe ends at the cut card, a shoe change is refused: the shoe is already out', () => {
    const e = engineAfter([...base, { type: 'cut-card' }, { type: 'decision', seat: 1, action: 'stand' }]);
    const last = e.submit({ type: 'card', card: '5H' }); // the dealer's 21 settles the round: the shoe ends
    expect(last.map((f) => f.type)).toContain('shoe.finished');
    expect(e.submit({ type: 'supervisor', action: 'shoeChange', by: 'sup' })).toMatchObject([{ type: 'input.rejected', code: 'shoeAlreadyOut', params: { shoe: 1 } }]);
  });
});

describe('cancelling bets', () => {
  test('a player takes back a bet; a seat with no main bet left returns its side bets too', () => {
    const deluxe = loadRuleSet('deluxe').rules;
    const e = new TableEngine(deluxe);
    for (const i of [{ type: 'shoe.loaded' }, { type: 'card', card: 'AH' }, { type: 'card', card: '2C' }] as TableInput[]) e.submit(i);
    e.submit({ type: 'bet', seat: 2, player: 'ann', amount: 1000 });
    e.submit({ type: 'bet', seat: 2, player: 'bob', amount: 500, kind: 'behind' });
    e.submit({ type: 'bet', seat: 2, player: 'ann', amount: 100, kind: 'pairs' });
    const facts = e.submit({ type: 'bet.cancel', seat: 2, player: 'ann', kind: 'main' });
    expect(facts.map((f) => f.type === 'bet.cancelled' && `${f.player}:${f.bet}:${f.amount}`)).toEqual(['ann:main:1000', 'bob:behind:500', 'ann:pairs:100']);
    expect(e.table.bets).toEqual([]);
    expect(e.submit({ type: 'bet.cancel', seat: 2, player: 'ann' })).toMatchObject([{ type: 'input.rejected', reason: expect.stringContaining('no bet') }]);
    expect(e.submit({ type: 'betting.closed' })).toMatchObject([{ type: 'input.rejected', reason: 'no main bet on the table' }]);
  });
});
