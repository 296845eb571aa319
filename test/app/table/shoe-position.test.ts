// The link's resume point on restart (firmware-protocol/PROTOCOL.md §8.2): the last shoe sequence number on
// the log, kept with the table's snapshot so start-up reads only the tail since it (src/app/table/shoe-position.ts).
import { describe, expect, test } from 'vitest';
import { MemoryEventStore } from '../../../src/adapters/store/memory-event-store.js';
import { steppingClock } from '../../../src/adapters/clock/stepping-clock.js';
import { loadRuleSet } from '../../../src/config/load-rule-set.js';
import { TableService } from '../../../src/app/table/table-service.js';
import { attachShoePosition, lastShoeSeq } from '../../../src/app/table/shoe-position.js';
import type { ReadOptions } from '../../../src/ports/event-store.js';

const { rules, rulesId } = loadRuleSet('six-deck');
const bet = { type: 'bet', seat: 1, player: 'p', amount: 100 } as const;

/** A memory store that remembers the lowest position any read started from. */
class ReadWatchingStore extends MemoryEventStore {
  lowestRead = Infinity;
  override read(streamId: string, options?: ReadOptions) {
    this.lowestRead = Math.min(this.lowestRead, options?.from ?? 1);
    return super.read(streamId, options);
  }
}

describe('the last shoe sequence number', () => {
  test('found from the head across pages, ignoring later inputs from elsewhere', async () => {
    const store = new MemoryEventStore();
    const service = await TableService.open({ tableId: 't', rules, rulesId, store, clock: steppingClock() });
    expect(await lastShoeSeq(store, 't', service.position)).toBe(0);
    await service.submit({ type: 'shoe.loaded' }, { source: 'shoe', shoeSeq: 7 });
    await service.submit({ type: 'card', card: '5D' }, { source: 'shoe', shoeSeq: 8 });
    for (let i = 0; i < 6; i++) await service.submit(bet, { source: 'api', by: 'gs' });
    expect(await lastShoeSeq(store, 't', service.position, 3)).toBe(8);
  });

  test('kept with the snapshot: a reopened table reads only the tail after it, and follows live inputs', async () => {
    const store = new ReadWatchingStore();
    const open = () => TableService.open({ tableId: 't', rules, rulesId, store, clock: steppingClock(), snapshotEvery: 5 });
    const first = await open();
    const current = await attachShoePosition(first, store);
    await first.submit({ type: 'shoe.loaded' }, { source: 'shoe', shoeSeq: 41 });
    expect(current()).toBe(41);
    for (let i = 0; i < 20; i++) await first.submit(bet, { source: 'api', by: 'gs' }); // snapshots taken after the shoe input
    first.close();

    const again = await open();
    expect(again.loadedSnapshotAt).toBeGreaterThan(10);
    store.lowestRead = Infinity;
    expect((await attachShoePosition(again, store))()).toBe(41);
    expect(store.lowestRead).toBeGreaterThan(again.loadedSnapshotAt); // nothing before the snapshot was read

    // A snapshot saved without the part (an older writer): the log is read back to the shoe input.
    const old = await TableService.open({ tableId: 't', rules, rulesId, store, clock: steppingClock() });
    old.loadedSnapshotParts = {};
    store.lowestRead = Infinity;
    expect((await attachShoePosition(old, store))()).toBe(41);
    expect(store.lowestRead).toBeLessThan(again.loadedSnapshotAt);
  });
});
