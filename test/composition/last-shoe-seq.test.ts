// The link's resume point on restart: the last shoe sequence number on the log, found from the head.
import { describe, expect, test } from 'vitest';
import { MemoryEventStore } from '../../src/adapters/store/memory-event-store.js';
import { steppingClock } from '../../src/adapters/clock/system-clock.js';
import { loadRuleSet } from '../../src/config/load-rule-set.js';
import { TableService } from '../../src/app/table/table-service.js';
import { lastShoeSeq } from '../../src/composition/table-runtime.js';

describe('lastShoeSeq', () => {
  test('finds the last shoe input across pages, ignoring later inputs from elsewhere', async () => {
    const { rules, rulesId } = loadRuleSet('six-deck');
    const store = new MemoryEventStore();
    const service = await TableService.open({ tableId: 't', rules, rulesId, store, clock: steppingClock() });
    expect(await lastShoeSeq(store, 't', service.position)).toBe(0);
    await service.submit({ type: 'shoe.loaded' }, { source: 'shoe', shoeSeq: 7 });
    await service.submit({ type: 'card', card: '5D' }, { source: 'shoe', shoeSeq: 8 });
    for (let i = 0; i < 6; i++) await service.submit({ type: 'bet', seat: 1, player: 'p', amount: 100 }, { source: 'api', by: 'gs' });
    expect(await lastShoeSeq(store, 't', service.position, 3)).toBe(8);
  });
});
