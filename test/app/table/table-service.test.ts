// The table service: persist, then act; recovery to the exact step.
import { describe, expect, test } from 'vitest';
import { firstValueFrom, toArray, take } from 'rxjs';
import { loadRuleSet } from '../../../src/config/load-rule-set.js';
import { MemoryEventStore } from '../../../src/adapters/store/memory-event-store.js';
import { steppingClock } from '../../../src/adapters/clock/stepping-clock.js';
import { TableService } from '../../../src/app/table/table-service.js';
import type { EventStore } from '../../../src/ports/event-store.js';
import { verifyLog } from '../../../src/app/audit/verify-log.js';
import { ROUND_AT_A_DECISION } from '../../support/round-at-a-decision.js';

const { rules, rulesId } = loadRuleSet('six-deck');
const open = (store: EventStore) => TableService.open({ tableId: 't1', rules, rulesId, store, clock: steppingClock() });
const fromShoe = { source: 'shoe' as const };

describe('table service', () => {
  test('an input and its facts are one durable batch; they are published only after the append', async () => {
    const store = new MemoryEventStore();
    const service = await open(store);
    const published = firstValueFrom(service.events$.pipe(take(2), toArray()));
    const result = await service.submit({ type: 'shoe.loaded' }, fromShoe);
    const log = await store.read('t1');
    expect(log.map((e) => e.type)).toEqual(['table.configured', 'input', 'shoe.loaded']);
    expect((await published).map((e) => e.seq)).toEqual([2, 3]);
    expect(result.stored.map((e) => e.type)).toEqual(['shoe.loaded']);
  });

  test('when the append fails nothing is published, the table steps back and halts until the supervisor resumes', async () => {
    const store = new MemoryEventStore();
    const service = await open(store);
    for (const i of ROUND_AT_A_DECISION.slice(0, 3)) await service.submit(i, fromShoe);
    const seen: string[] = [];
    service.events$.subscribe((e) => seen.push(e.type));
    const failing = store.append.bind(store);
    store.append = async () => { throw new Error('disk full'); };
    await expect(service.submit({ type: 'betting.closed' }, fromShoe)).rejects.toThrow('disk full');
    expect(seen).toEqual([]);
    expect(service.phase).toBe('active.betting');
    store.append = failing;
    // The table is halted by the storage fault: inputs are refused, untouched, until the supervisor resumes.
    expect(service.halted?.kind).toBe('storage');
    expect(service.halted?.why).toEqual({ code: 'logNotWritable', params: { error: 'disk full' } });
    await expect(service.submit({ type: 'betting.closed' }, fromShoe)).rejects.toThrow(/table halted: the log cannot be written \(disk full\)/);
    expect(seen).toEqual([]);
    await service.submit({ type: 'supervisor', action: 'resume', by: 'supervisor-1' }, { source: 'api', by: 'supervisor-1' });
    expect(service.halted).toBeNull();
    expect(seen[0]).toBe('log.storage-recovered');
    await service.submit({ type: 'betting.closed' }, fromShoe);
    expect(service.phase).toBe('active.dealing');
    expect(verifyLog(await store.read('t1')).ok).toBe(true);
  });

  test('a refused input is on the log with its reason', async () => {
    const store = new MemoryEventStore();
    const service = await open(store);
    const result = await service.submit({ type: 'bet', seat: 1, player: 'p1', amount: 1000 }, { source: 'api', by: 'game-server' });
    expect(result.rejected).toMatch(/no betting/);
    const log = await store.read('t1');
    expect(log.at(-2)).toMatchObject({ type: 'input', data: { by: 'game-server', source: 'api' } });
    expect(log.at(-1)).toMatchObject({ type: 'input.rejected' });
  });

  test('restart: the table is rebuilt at the exact step, paused with a recovery marker, open faults still open', async () => {
    const store = new MemoryEventStore();
    const first = await open(store);
    for (const i of ROUND_AT_A_DECISION) await first.submit(i, fromShoe);
    await first.submit({ type: 'shoe.fault', fault: 'jam' }, fromShoe);
    const tableBefore = JSON.stringify(first.table);
    first.close();

    const second = await open(store);
    expect(JSON.stringify(second.table)).toBe(tableBefore);
    expect(second.phase).toBe('paused');
    const log = await store.read('t1');
    expect(log.filter((e) => e.type === 'table.configured')).toHaveLength(1);
    expect(log.at(-1)).toMatchObject({ type: 'table.recovered', data: { interrupted: false } });
    expect((await second.submit({ type: 'decision', seat: 1, action: 'stand' }, { source: 'api' })).rejected).toMatch(/jam/);
    await second.submit({ type: 'supervisor', action: 'resume', by: 'sup' }, { source: 'api', by: 'sup' });
    expect(second.phase).toBe('active.playing');
  });

  test('restart mid-round without a fault pauses the round until someone resumes', async () => {
    const store = new MemoryEventStore();
    const first = await open(store);
    for (const i of ROUND_AT_A_DECISION) await first.submit(i, fromShoe);
    const second = await open(store);
    expect(second.phase).toBe('paused');
    expect((await store.read('t1')).slice(-3).map((e) => e.type)).toEqual(['input', 'table.recovered', 'table.paused']);
    await second.submit({ type: 'supervisor', action: 'resume', by: 'dealer-1' }, { source: 'api', by: 'dealer-1' });
    await second.submit({ type: 'decision', seat: 1, action: 'stand' }, { source: 'api' });
    expect((await store.read('t1')).map((e) => e.type)).toContain('dealer.revealed');
    expect(second.phase).toBe('active.dealerTurn');
  });

  test('a changed rule file is recorded before the table goes on under it', async () => {
    const store = new MemoryEventStore();
    await open(store);
    await TableService.open({ tableId: 't1', rules: { ...rules, seats: 4 }, rulesId: 'f'.repeat(64), store, clock: steppingClock() });
    const configured = (await store.read('t1')).filter((e) => e.type === 'table.configured');
    expect(configured.map((e) => e.rulesId)).toEqual([rulesId, 'f'.repeat(64)]);
  });
});

describe('refused commands', () => {
  test('a command refused before it became an input is on the log; the table is unchanged and still verifies', async () => {
    const store = new MemoryEventStore();
    const service = await open(store);
    await service.submit({ type: 'shoe.loaded' }, fromShoe);
    const before = JSON.stringify(service.table);
    const refused = await service.refuseCommand({ path: '/api/tables/t1/supervisor/void', body: { reason: 'x' } }, 'role dealer may not void a round', 'dealer-1');
    expect(refused).toMatchObject({ type: 'command.refused', data: { reason: 'role dealer may not void a round', by: 'dealer-1' } });
    expect(JSON.stringify(service.table)).toBe(before);
    expect(verifyLog(await store.read('t1')).ok).toBe(true);
    const again = await open(store);
    expect(JSON.stringify(again.table.shoe)).toBe(JSON.stringify(service.table.shoe));
  });
});
