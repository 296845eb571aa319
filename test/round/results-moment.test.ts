// The results moment (src/round/operations/results.ts; docs/live-table.md, "The results moment"): a table
// that recorded a `results.configured` holds after each settled round until the results timer's
// `results.timeout`; a table that never did opens betting at once, as before. And the dealer on duty.
import { describe, expect, test } from 'vitest';
import { loadRuleSet } from '../../src/config/load-rule-set.js';
import { TableEngine } from '../../src/round/table-engine.js';
import type { TableInput } from '../../src/round/inputs.js';
import type { TableEvent } from '../../src/round/events.js';

const rules = loadRuleSet('six-deck').rules;
/** A round to the player's stand: p1 holds TH 2S against the dealer's 9S and hole card 7C. */
const round: TableInput[] = [
  { type: 'shoe.loaded' }, { type: 'card', card: '5D' },
  { type: 'bet', seat: 1, player: 'p1', amount: 1000 }, { type: 'betting.closed' },
  { type: 'card', card: 'TH' }, { type: 'card', card: '9S' }, { type: 'card', card: '2S' }, { type: 'card', card: '7C' },
  { type: 'decision', seat: 1, action: 'stand' },
];
/** The dealer's 16 draws a 4: 20 beats 12; the round settles. */
const lastCard: TableInput = { type: 'card', card: '4H' };

function engineAfter(inputs: TableInput[]): TableEngine {
  const e = new TableEngine(rules);
  for (const i of inputs) e.submit(i);
  return e;
}
const types = (facts: readonly TableEvent[]): string[] => facts.map((f) => f.type);

describe('the results moment', () => {
  test('without a recorded results moment betting opens with the settlement, as it always did', () => {
    const e = engineAfter(round);
    const facts = e.submit(lastCard);
    expect(types(facts).slice(-2)).toEqual(['round.ended', 'betting.opened']);
    expect(e.phase).toBe('active.betting');
  });

  test('with one, the table holds after the settlement until the results timer ends the moment', () => {
    const e = engineAfter([{ type: 'results.configured', seconds: 4 }, ...round]);
    const settled = e.submit(lastCard);
    expect(types(settled).slice(-3)).toEqual(['bet.settled', 'round.ended', 'results.shown']);
    expect(settled.at(-1)).toEqual({ type: 'results.shown', round: 1, seconds: 4 });
    expect(e.phase).toBe('active.results');
    expect(e.submit({ type: 'results.timeout' })).toEqual([{ type: 'results.cleared', round: 1 }, { type: 'betting.opened', round: 2 }]);
    expect(e.phase).toBe('active.betting');
  });

  test('while the results show, no bet is taken and the settled round cannot be voided', () => {
    const e = engineAfter([{ type: 'results.configured', seconds: 4 }, ...round, lastCard]);
    expect(e.submit({ type: 'bet', seat: 1, player: 'p1', amount: 1000 })).toMatchObject([
      { type: 'input.rejected', code: 'noBettingNow', params: { phase: 'results', round: 1 }, reason: 'no betting now: the results of round 1 are showing' },
    ]);
    expect(e.submit({ type: 'supervisor', action: 'void', by: 'sup' })).toMatchObject([{ type: 'input.rejected', code: 'noRoundToVoid' }]);
    expect(e.phase).toBe('active.results');
  });

  test('a pause holds the moment; the resume returns to it; a restart does not pause it', () => {
    const e = engineAfter([{ type: 'results.configured', seconds: 4 }, ...round, lastCard]);
    e.submit({ type: 'supervisor', action: 'pause', by: 'sup' });
    expect(e.phase).toBe('paused');
    e.submit({ type: 'supervisor', action: 'resume', by: 'sup' });
    expect(e.phase).toBe('active.results');
    expect(e.submit({ type: 'table.recovered' })).toEqual([{ type: 'table.recovered', round: 1, interrupted: false }]);
    expect(e.phase).toBe('active.results');
  });

  test('a shoe change while the results show clears them and ends the shoe', () => {
    const e = engineAfter([{ type: 'results.configured', seconds: 4 }, ...round, lastCard]);
    expect(types(e.submit({ type: 'supervisor', action: 'shoeChange', by: 'sup' }))).toEqual(['results.cleared', 'shoe.finished']);
    expect(e.phase).toBe('active.awaitingShoe');
    expect(e.table.showingResults).toBeUndefined();
  });

  test('the moment\'s end is refused when no results show, with words', () => {
    const e = engineAfter(round);
    expect(e.submit({ type: 'results.timeout' })).toMatchObject([{ type: 'input.rejected', code: 'noResultsShowing', reason: 'no results are showing: round 1 is being played' }]);
  });

  test('configured to 0 the hold ends from the next round; the setting is taken paused too', () => {
    const e = engineAfter([{ type: 'results.configured', seconds: 4 }, { type: 'shoe.loaded' }, { type: 'supervisor', action: 'pause', by: 'sup' }]);
    expect(e.submit({ type: 'results.configured', seconds: 0 })).toEqual([{ type: 'results.configured', seconds: 0 }]);
    expect(e.table.resultsSeconds).toBeUndefined();
    e.submit({ type: 'supervisor', action: 'resume', by: 'sup' });
    for (const input of round.slice(1)) e.submit(input);
    expect(types(e.submit(lastCard)).slice(-2)).toEqual(['round.ended', 'betting.opened']);
  });
});

describe('the dealer on duty', () => {
  test('dealer.changed is a fact in any phase, paused too, and changes no round', () => {
    const e = engineAfter(round.slice(0, 4));
    expect(e.submit({ type: 'dealer.changed', dealer: 'Anna' })).toEqual([{ type: 'dealer.changed', round: 1, dealer: 'Anna' }]);
    expect(e.phase).toBe('active.dealing');
    e.submit({ type: 'supervisor', action: 'pause', by: 'sup' });
    expect(e.submit({ type: 'dealer.changed', dealer: 'Boris' })).toEqual([{ type: 'dealer.changed', round: 1, dealer: 'Boris' }]);
    expect(e.phase).toBe('paused');
  });
});
