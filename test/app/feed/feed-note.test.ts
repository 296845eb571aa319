// The last acknowledgement of a target is found from the log's head backwards, a page at a time with a turn
// of the event loop between pages (src/app/feed/feed-note.ts): the newest note of that target, whatever the
// other target noted since; none on a log without one.
import { describe, expect, test } from 'vitest';
import { MemoryEventStore } from '../../../src/adapters/store/memory-event-store.js';
import { FEED_DELIVERED_RECORD, lastDelivered, transactionIndex } from '../../../src/app/feed/feed-note.js';
import type { NewEvent } from '../../../src/ports/event-store.js';

const event = (type: string, data: Record<string, string | number> = {}): NewEvent => ({ type, data, round: 1, monoTime: 0, wallTime: '2026-01-01T00:00:00.000Z', rulesId: 'r' });
const note = (target: string, seq: number) => event(FEED_DELIVERED_RECORD, { target, id: `t:${seq}:0`, seq, round: 1, count: 1 });

describe('the last feed.delivered note of a target', () => {
  test('found across pages, the other target\'s later notes passed over; a turn between pages', async () => {
    const store = new MemoryEventStore();
    const events = [event('table.configured'), note('webhook', 1), event('x'), note('webhook', 2), ...Array.from({ length: 12 }, () => event('x')), note('jetstream', 9), event('x')];
    await store.append('t', events, { expectedVersion: 0 });
    let turns = 0;
    const found = await lastDelivered(store, 't', 'webhook', async () => void turns++, 5);
    expect(found).toEqual({ target: 'webhook', id: 't:2:0', seq: 2, round: 1, count: 1 });
    expect(turns).toBe(2);
    expect(await lastDelivered(store, 't', 'jetstream', async () => undefined, 5)).toMatchObject({ id: 't:9:0' });
    expect(await lastDelivered(new MemoryEventStore(), 't', 'webhook', async () => undefined)).toBeNull();
    const none = new MemoryEventStore();
    await none.append('t', [event('table.configured'), event('x')], { expectedVersion: 0 });
    expect(await lastDelivered(none, 't', 'webhook', async () => undefined)).toBeNull();
  });

  test('a transaction\'s place among its fact\'s is the last part of its id', () => {
    expect(transactionIndex('floor-3:10482:11')).toBe(11);
  });
});
