// The decision countdown as the displays show it: it starts when a decision becomes awaited, restarts
// after each card to the hand in turn and for each box asked about insurance, stops while paused and
// starts afresh on resume — like the decision timer.
import { describe, expect, test } from 'vitest';
import { from as fromItems, lastValueFrom } from 'rxjs';
import { publicView$ } from '../../../src/app/displays/public-projection.js';
import { tableMeta } from '../../../src/app/displays/table-meta.js';
import type { TableView } from '../../../src/app/displays/table-view.js';
import type { TableService } from '../../../src/app/table/table-service.js';
import type { MemoryEventStore } from '../../../src/adapters/store/memory-event-store.js';
import { TABLE_ID, deal, loadShoe, openTable, rules } from './support/table-fixture.js';

const api = { source: 'api' as const, by: 'online-gs' };

async function tableNow(store: MemoryEventStore): Promise<TableView> {
  const log = await store.read(TABLE_ID);
  return (await lastValueFrom(publicView$(fromItems(log), { meta: tableMeta(TABLE_ID, rules), rules, decisionSeconds: 15 }))).table;
}

async function lastWallTime(store: MemoryEventStore): Promise<string> {
  return (await store.read(TABLE_ID)).at(-1)!.wallTime;
}

async function seatedRound(service: TableService, seats: number[]): Promise<void> {
  await loadShoe(service);
  for (const seat of seats) await service.submit({ type: 'bet', seat, player: `p${seat}`, amount: 1000 }, api);
  await service.submit({ type: 'betting.closed' }, api);
}

describe('countdown', () => {
  test('runs from the turn, restarts after a hit card, stops on pause, restarts on resume', async () => {
    const { store, service } = await openTable();
    await seatedRound(service, [1]);
    await deal(service, ['5H', '6C', '4S', '9D']);
    let view = await tableNow(store);
    const turnAt = await lastWallTime(store);
    expect(view.awaiting).toEqual({ kind: 'play', seat: 1, hand: 0 });
    expect(view.countdown).toEqual({ startedAt: turnAt, deadline: new Date(Date.parse(turnAt) + 15_000).toISOString(), seconds: 15 });

    await service.submit({ type: 'decision', seat: 1, action: 'hit' }, api);
    expect((await tableNow(store)).countdown).toBeNull(); // a card is due: nobody is deciding
    await deal(service, ['2D']);
    const hitAt = await lastWallTime(store);
    view = await tableNow(store);
    expect(view.countdown?.startedAt).toBe(hitAt);
    expect(hitAt > turnAt).toBe(true);

    await service.submit({ type: 'supervisor', action: 'pause', by: 'sam' }, { source: 'api', by: 'sam' });
    view = await tableNow(store);
    expect(view).toMatchObject({ paused: true, countdown: null, awaiting: { seat: 1 } });
    await service.submit({ type: 'supervisor', action: 'resume', by: 'sam' }, { source: 'api', by: 'sam' });
    view = await tableNow(store);
    expect(view.countdown?.startedAt).toBe(await lastWallTime(store));
  });

  test('insurance: one box after the other, in seat order; then the turn', async () => {
    const { store, service } = await openTable();
    await seatedRound(service, [1, 2]);
    await deal(service, ['TH', '9S', 'AC', '7D', '8S', '6H']);
    let view = await tableNow(store);
    expect(view).toMatchObject({ stage: 'offers', offersPending: [1, 2], awaiting: { kind: 'offer', seat: 1 } });
    await service.submit({ type: 'decision', seat: 1, action: 'noInsurance' }, api);
    view = await tableNow(store);
    expect(view).toMatchObject({ offersPending: [2], awaiting: { kind: 'offer', seat: 2 } });
    expect(view.countdown?.startedAt).toBe(await lastWallTime(store));
    await service.submit({ type: 'decision', seat: 2, action: 'insurance' }, api);
    view = await tableNow(store);
    expect(view).toMatchObject({ stage: 'playing', offersPending: [], awaiting: { kind: 'play', seat: 1, hand: 0 } });
    expect(view.seats[1]!.bets).toContainEqual({ player: 'p2', kind: 'insurance', amount: 500 });
    expect(view.seats[1]!.results).toContainEqual(expect.objectContaining({ bet: 'insurance', outcome: 'lose', net: -500 }));
  });

  test('a split: the second card moves to the new hand, each hand gets its card, the countdown follows the hand in turn', async () => {
    const { store, service } = await openTable();
    await seatedRound(service, [1]);
    await deal(service, ['8H', '6C', '8D', '9D']);
    await service.submit({ type: 'decision', seat: 1, action: 'split' }, api);
    let view = await tableNow(store);
    expect(view.seats[0]!.hands.map((h) => h.cards)).toEqual([['8H'], ['8D']]);
    expect(view.countdown).toBeNull();
    await deal(service, ['3C']);
    view = await tableNow(store);
    expect(view.seats[0]!.hands.map((h) => [h.hand, h.cards, h.total])).toEqual([[0, ['8H', '3C'], 11], [1, ['8D'], 8]]);
    expect(view.awaiting).toEqual({ kind: 'play', seat: 1, hand: 0 });
    await service.submit({ type: 'decision', seat: 1, action: 'stand' }, api);
    view = await tableNow(store);
    expect(view.turn).toEqual({ seat: 1, hand: 1 });
    expect(view.awaiting).toBeNull();
  });
});
