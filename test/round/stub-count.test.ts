// The stub count (docs/procedures.md, "Missing cards"): after a receipted shoe is removed, the supervisor enters
// the cards counted in its stub; the round machine writes shoe.stubCounted with missing = the receipt's cards
// left less the stub, once per removed shoe, in any phase, and refuses with a coded reason when there is no
// receipted shoe, the shoe named is not the one last removed, the count is missing, negative or more than the
// shoe held, or the stub was counted already.
import { describe, expect, test } from 'vitest';
import { loadRuleSet } from '../../src/config/load-rule-set.js';
import { TableEngine } from '../../src/round/table-engine.js';
import type { TableEvent } from '../../src/round/events.js';
import type { TableInput } from '../../src/round/inputs.js';

const rules = loadRuleSet('six-deck').rules;
const count = (stub?: number, extra: Partial<TableInput> = {}): TableInput =>
  ({ type: 'supervisor', action: 'countStub', by: 'sup1', ...(stub !== undefined ? { stub } : {}), ...extra }) as TableInput;
const RECEIPTED_SHOE: TableInput[] = [
  { type: 'receipts.configured', on: true }, { type: 'shoe.loaded' }, { type: 'card', card: '6C' },
  { type: 'supervisor', action: 'shoeChange', by: 'sup1' },
];

function engineAfter(inputs: readonly TableInput[]): TableEngine {
  const e = new TableEngine(rules);
  for (const input of inputs) e.submit(input);
  return e;
}

/** The refusal's code, or null when the input was taken. */
function refusal(facts: readonly TableEvent[]): string | null {
  const rejected = facts.find((f) => f.type === 'input.rejected');
  return rejected?.type === 'input.rejected' ? (rejected.code ?? rejected.reason) : null;
}

describe('the stub count', () => {
  test('after a shoe change: the cards missing are the receipt\'s cards left less the stub', () => {
    const e = engineAfter(RECEIPTED_SHOE);
    expect(e.table.lastReceipt).toEqual({ shoe: 1, loaded: 312, left: 311, counted: false });
    expect(e.submit(count(310))).toEqual([{ type: 'shoe.stubCounted', round: 1, shoe: 1, stub: 310, left: 311, missing: 1, by: 'sup1' }]);
    expect(refusal(e.submit(count(311)))).toBe('stubAlreadyCounted');
  });

  test('a stub as the receipt says: none missing; one card over: missing below zero', () => {
    expect(engineAfter(RECEIPTED_SHOE).submit(count(311, { shoe: 1 }))).toMatchObject([{ type: 'shoe.stubCounted', missing: 0 }]);
    expect(engineAfter(RECEIPTED_SHOE).submit(count(312))).toMatchObject([{ type: 'shoe.stubCounted', missing: -1 }]);
  });

  test('refused: no receipted shoe removed, no count, a count out of range, another shoe than the last removed', () => {
    expect(refusal(engineAfter([]).submit(count(5)))).toBe('noShoeRemoved');
    // Without receipts a removed shoe has none, so nothing to count against.
    expect(refusal(engineAfter(RECEIPTED_SHOE.slice(1)).submit(count(5)))).toBe('noShoeRemoved');
    // The shoe in play is not removed yet.
    expect(refusal(engineAfter(RECEIPTED_SHOE.slice(0, 3)).submit(count(5)))).toBe('noShoeRemoved');
    const e = engineAfter(RECEIPTED_SHOE);
    expect(refusal(e.submit(count()))).toBe('stubNeedsCount');
    expect(refusal(e.submit(count(-1)))).toBe('stubOutOfRange');
    expect(refusal(e.submit(count(313)))).toBe('stubOutOfRange');
    expect(refusal(e.submit(count(300, { shoe: 2 })))).toBe('notLastRemovedShoe');
    expect(e.table.lastReceipt?.counted).toBe(false);
  });

  test('taken while paused (the table stays paused) and after the next shoe is loaded; a new receipt replaces the shoe to count', () => {
    const paused = engineAfter([...RECEIPTED_SHOE, { type: 'supervisor', action: 'pause', by: 'sup1' }]);
    expect(paused.submit(count(311)).map((f) => f.type)).toEqual(['shoe.stubCounted']);
    expect(paused.phase).toBe('paused');

    const next = engineAfter([...RECEIPTED_SHOE, { type: 'shoe.loaded' }, { type: 'card', card: '2D' }]);
    expect(next.phase).toBe('active.betting');
    expect(next.submit(count(311)).map((f) => f.type)).toEqual(['shoe.stubCounted']);
    next.submit({ type: 'supervisor', action: 'shoeChange', by: 'sup1' });
    expect(next.table.lastReceipt).toEqual({ shoe: 2, loaded: 312, left: 311, counted: false });
    expect(refusal(next.submit(count(311, { shoe: 1 })))).toBe('notLastRemovedShoe');
    expect(next.submit(count(310)).map((f) => f.type)).toEqual(['shoe.stubCounted']);
  });
});
