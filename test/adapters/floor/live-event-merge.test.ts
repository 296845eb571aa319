// The pit console's merge of the live path and the JetStream copy (src/adapters/floor/live-event-merge.ts,
// docs/adr/0016-a-live-path-beside-the-durable-copy.md): each event applied once, in its table's order,
// whichever path brings it first, whatever the live path loses or brings early.
import { describe, expect, test } from 'vitest';
import { LiveEventMerge, type EventPath } from '../../../src/adapters/floor/live-event-merge.js';
import type { StoredEvent } from '../../../src/ports/event-store.js';

const ev = (tableId: string, seq: number): StoredEvent => ({ tableId, seq, type: 'card.dealt', data: {}, round: 1 }) as unknown as StoredEvent;

function merge(maxEarly?: number): { m: LiveEventMerge; got: Array<[string, number, EventPath]> } {
  const got: Array<[string, number, EventPath]> = [];
  const m = new LiveEventMerge((e, path) => got.push([e.tableId, e.seq, path]), maxEarly);
  return { m, got };
}

describe('LiveEventMerge', () => {
  test('the live path waits until JetStream has told where a table is', () => {
    const { m, got } = merge();
    m.live(ev('t1', 5));
    m.durable(ev('t1', 1));
    m.live(ev('t1', 2));
    expect(got).toEqual([['t1', 1, 'durable'], ['t1', 2, 'live']]);
  });

  test('events the live path applied first are not applied again from JetStream, nor the other way', () => {
    const { m, got } = merge();
    m.durable(ev('t1', 1));
    m.live(ev('t1', 2));
    m.live(ev('t1', 3));
    m.durable(ev('t1', 2));
    m.durable(ev('t1', 3));
    m.durable(ev('t1', 4));
    m.live(ev('t1', 4));
    expect(got.map(([, s, p]) => `${s}${p[0]}`)).toEqual(['1d', '2l', '3l', '4d']);
    expect(m.doubles).toBe(3);
  });

  test('an early live event waits for the one before it; a lost one comes from JetStream', () => {
    const { m, got } = merge();
    m.durable(ev('t1', 1));
    m.live(ev('t1', 3));
    m.live(ev('t1', 4));
    expect(got).toHaveLength(1);
    expect(m.waiting('t1')).toBe(2);
    m.durable(ev('t1', 2));
    expect(got.map(([, s, p]) => `${s}${p[0]}`)).toEqual(['1d', '2d', '3l', '4l']);
    expect(m.waiting('t1')).toBe(0);
    m.durable(ev('t1', 3));
    m.durable(ev('t1', 4));
    expect(got).toHaveLength(4);
  });

  test('the buffer of early events is bounded: past it, JetStream brings them', () => {
    const { m, got } = merge(2);
    m.durable(ev('t1', 1));
    for (const seq of [3, 4, 5, 6]) m.live(ev('t1', seq));
    expect(m.waiting('t1')).toBe(2);
    for (const seq of [2, 3, 4, 5, 6]) m.durable(ev('t1', seq));
    expect(got.map(([, s]) => s)).toEqual([1, 2, 3, 4, 5, 6]);
  });

  test('tables are apart', () => {
    const { m, got } = merge();
    m.durable(ev('a', 7));
    m.durable(ev('b', 1));
    m.live(ev('a', 8));
    m.live(ev('b', 8));
    expect(got).toEqual([['a', 7, 'durable'], ['b', 1, 'durable'], ['a', 8, 'live']]);
  });

  test('a gap on the live path asks the table once for what is missing', () => {
    const asks: string[] = [];
    const m = new LiveEventMerge(() => undefined, undefined, (t, next) => asks.push(`${t}:${next}`));
    m.durable(ev('t1', 1));
    m.live(ev('t1', 3));
    m.live(ev('t1', 4));
    expect(asks).toEqual(['t1:2']);
    m.live(ev('t1', 2));
    m.live(ev('t1', 7));
    expect(asks).toEqual(['t1:2', 't1:5']);
  });
});
