// The dealer's and the supervisor's projections: the dealer's next step through a round, faults with
// their cards for the staff (and not for the public), the supervisor's hole card and integrity alarms.
import { describe, expect, test } from 'vitest';
import { firstValueFrom, from as fromItems, lastValueFrom, toArray } from 'rxjs';
import { dealerView$, type DealerView } from '../../../src/app/displays/dealer-projection.js';
import { publicView$ } from '../../../src/app/displays/public-projection.js';
import { supervisorView$ } from '../../../src/app/displays/supervisor-projection.js';
import { tableMeta } from '../../../src/app/displays/table-meta.js';
import type { TableService } from '../../../src/app/table/table-service.js';
import type { StoredEvent } from '../../../src/ports/event-store.js';
import type { TableInput } from '../../../src/round/inputs.js';
import { TABLE_ID, openTable, rules, shoe } from './support/table-fixture.js';

const meta = tableMeta(TABLE_ID, rules);
const fromShoe = { source: 'shoe' as const };
const api = { source: 'api' as const, by: 'online-gs' };

async function dealerNow(service: TableService, log: readonly StoredEvent[]): Promise<DealerView> {
  return firstValueFrom(dealerView$(fromItems(log), { meta, rules, decisionSeconds: 15, live: service, head: service.position }));
}

describe('dealer projection', () => {
  test('says what to do next through a whole round', async () => {
    const { store, service } = await openTable();
    const steps: Array<[TableInput, string]> = [
      [{ type: 'shoe.loaded' }, 'Burn 1 more card'],
      [shoe('5D'), 'Betting is open: no bets yet'],
      [{ type: 'bet', seat: 2, player: 'ben', amount: 1000 }, 'Betting is open (1 main bet)'],
      [{ type: 'betting.closed' }, 'Card to seat 2'],
      [shoe('TH'), 'Dealer: up card'],
      [shoe('6C'), 'Card to seat 2'],
      [shoe('5S'), 'Dealer: hole card, face down'],
      [shoe('TD'), 'Waiting for seat 2 to decide'],
      [{ type: 'decision', seat: 2, action: 'hit' }, 'Card to seat 2'],
      [shoe('2C'), 'Waiting for seat 2 to decide'],
      [{ type: 'decision', seat: 2, action: 'stand' }, 'Dealer draws a card'],
      [shoe('9C'), 'Betting is open: no bets yet'],
    ];
    const seen: string[] = [];
    for (const [input, _] of steps) {
      await service.submit(input, input.type === 'card' || input.type === 'shoe.loaded' ? fromShoe : api);
      seen.push((await dealerNow(service, await store.read(TABLE_ID))).instruction.text);
    }
    expect(seen).toEqual(steps.map(([, text]) => text));
    const last = await dealerNow(service, await store.read(TABLE_ID));
    // 17 against the dealer's 6 + 10 + 9 = 25: the dealer busts.
    expect(last.table.seats[1]!.hands[0]).toMatchObject({ cards: ['TH', '5S', '2C'], total: 17, results: [{ outcome: 'win', net: 1000 }] });
    expect(last.table.dealer).toMatchObject({ cards: ['6C', 'TD', '9C'], total: 25, finished: true });
  });

  test('an out-of-turn card: the dealer and the supervisor see it, the public sees only the pause', async () => {
    const { store, service } = await openTable();
    for (const input of [{ type: 'shoe.loaded' }, shoe('5D')] as TableInput[]) await service.submit(input, fromShoe);
    await service.submit({ type: 'bet', seat: 1, player: 'ana', amount: 1000 }, api);
    await service.submit({ type: 'betting.closed' }, api);
    for (const card of ['TH', '6C', '7S', '9D']) await service.submit(shoe(card), fromShoe);
    await service.submit(shoe('QS'), fromShoe); // nobody asked for a card: out of turn
    const log = await store.read(TABLE_ID);

    const dealer = await dealerNow(service, log);
    expect(dealer.instruction.kind).toBe('paused');
    expect(dealer.faults).toEqual([expect.objectContaining({ kind: 'outOfTurn', card: 'QS' })]);
    expect(dealer.paused?.reason).toMatch(/QS drawn out of turn/);

    const publicViews = await lastValueFrom(publicView$(fromItems(log), { meta, rules, decisionSeconds: 15 }).pipe(toArray()));
    expect(publicViews.at(-1)!.table).toMatchObject({ paused: true, countdown: null });
    expect(JSON.stringify(publicViews)).not.toContain('QS');

    const supervisor = await firstValueFrom(supervisorView$(fromItems(log), { meta, rules, decisionSeconds: 15, live: service, head: service.position }));
    expect(supervisor.alarms.map((a) => a.kind)).toEqual(['outOfTurnCard']);
    // The supervisor's total counts the hole card the supervisor sees (6 + 9).
    expect(supervisor.table.dealer).toMatchObject({ cards: ['6C', '9D'], holeIndex: 1, total: 15 });

    await service.submit({ type: 'supervisor', action: 'useCard', by: 'super-sam' }, { source: 'api', by: 'super-sam' });
    const after = await dealerNow(service, await store.read(TABLE_ID));
    expect(after.faults).toEqual([]);
    expect(after.paused).toBeNull();
    expect(after.table.seats[0]!.hands[0]).toMatchObject({ cards: ['TH', '7S', 'QS'], status: 'busted' });
  });
});

describe('supervisor projection', () => {
  test('alarms: refused commands, card reads refused, and a log whose chain is broken', async () => {
    const { store, service } = await openTable();
    const wrongRole = { role: 'dealer', name: 'dealer-ann', what: 'void a round', roles: 'supervisor' };
    await service.refuseCommand({ path: '/api/supervisor/void', body: {}, code: 'wrongRole', params: wrongRole }, 'role dealer (dealer-ann) may not void a round: only supervisor', 'dealer-ann');
    await service.submit({ type: 'shoe.loaded' }, fromShoe);
    await service.submit(shoe('XX'), fromShoe);
    const log = await store.read(TABLE_ID);
    const tampered = log.map((e, i) => (i === 2 ? { ...e, data: { ...e.data, by: 'someone-else' } } : e));
    const view = await firstValueFrom(supervisorView$(fromItems(tampered), { meta, rules, decisionSeconds: 15, live: service, head: service.position }));
    expect(view.alarms.map((a) => a.kind)).toEqual(['commandRefused', 'chainBroken', 'cardRefused']);
    expect(view.alarms[1]!.text).toMatch(/seq 3/);
    // A refused command's alarm carries the code its refusal was recorded with.
    expect(view.alarms[0]).toMatchObject({ code: 'wrongRole', params: wrongRole });
    expect(view.log.at(-1)).toMatchObject({ type: 'input.rejected' });
    expect(view.shoe).toMatchObject({ number: 1, burned: 0, burnTarget: 1 });
  });
});
