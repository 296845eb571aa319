// The shuffle check at a table: an unshuffled shoe puts an integrity alarm on the log and the
// supervisor's alarms, pauses only when the table file says so, and is rebuilt after a restart from the
// log's recent end.
import { describe, expect, test } from 'vitest';
import { loadRuleSet } from '../../../../src/config/load-rule-set.js';
import { MemoryEventStore } from '../../../../src/adapters/store/memory-event-store.js';
import { steppingClock } from '../../../../src/adapters/clock/stepping-clock.js';
import { TableService } from '../../../../src/app/table/table-service.js';
import { recentShoes, startShuffleCheck } from '../../../../src/app/table/integrity/shuffle-check.js';
import { alarmsOf } from '../../../../src/app/displays/integrity-alarms.js';
import { ChainVerifier } from '../../../../src/log/event-chain.js';
import { handInTurn } from '../../../../src/round/operations/hands.js';
import { mulberry32 } from '../../../../src/random/prng.js';
import { shuffledShoe } from '../../../support/random-session.js';
import { verifyLog } from '../../../../src/app/audit/verify-log.js';

const { rules, rulesId } = loadRuleSet('six-deck');
const shoeOrigin = { source: 'shoe' as const };
const open = (store: MemoryEventStore) => TableService.open({ tableId: 't1', rules, rulesId, store, clock: steppingClock() });

/** Plays rounds of one seat (stand on everything) until `count` cards came out of the shoe. */
async function dealCards(service: TableService, cards: readonly string[], count: number): Promise<void> {
  let next = 0;
  await service.submit({ type: 'shoe.loaded' }, shoeOrigin);
  for (let guard = 0; next < count && guard < 1000; guard++) {
    const phase = service.phase;
    if (phase === 'active.betting') {
      if (service.table.bets.length === 0) await service.submit({ type: 'bet', seat: 1, player: 'p1', amount: 1000 }, { source: 'api' });
      else await service.submit({ type: 'betting.closed' }, { source: 'api' });
    } else if (phase === 'active.offers') {
      await service.submit({ type: 'decision', seat: 1, action: 'noInsurance' }, { source: 'api' });
    } else if (phase === 'active.playing' && handInTurn(service.table)?.hand.cards.length === 2 && handInTurn(service.table)?.hand.pendingDraw === null) {
      await service.submit({ type: 'decision', seat: 1, action: 'stand' }, { source: 'api' });
    } else if (phase === 'paused') {
      await service.submit({ type: 'supervisor', action: 'resume', by: 'sup' }, { source: 'api' });
    } else {
      await service.submit({ type: 'card', card: cards[next++] as never }, shoeOrigin);
    }
  }
  // Finish the round so the next shoe can be loaded.
  while (service.phase !== 'active.betting' || service.table.bets.length > 0) {
    if (service.phase === 'active.betting') await service.submit({ type: 'betting.closed' }, { source: 'api' });
    else if (service.phase === 'active.playing' && handInTurn(service.table)?.hand.pendingDraw === null && (handInTurn(service.table)?.hand.cards.length ?? 0) >= 2) await service.submit({ type: 'decision', seat: 1, action: 'stand' }, { source: 'api' });
    else if (service.phase === 'active.offers') await service.submit({ type: 'decision', seat: 1, action: 'noInsurance' }, { source: 'api' });
    else await service.submit({ type: 'card', card: cards[next++] as never }, shoeOrigin);
  }
}

const settle = () => new Promise((r) => setTimeout(r, 20));

describe('shuffle check at the table', () => {
  const shoe = shuffledShoe(rules, mulberry32(42));

  test('a shoe dealt again in the same order: an integrity.shuffle note, a supervisor alarm, no pause by default', async () => {
    const store = new MemoryEventStore();
    const service = await open(store);
    const check = await startShuffleCheck({ service, store });
    await dealCards(service, shoe, 30);
    await dealCards(service, shoe, 12);
    await settle();
    const log = await store.read('t1');
    const notes = log.filter((e) => e.type === 'integrity.shuffle');
    expect(notes).toHaveLength(1);
    expect(notes[0]?.data).toMatchObject({ kind: 'repeatedRun', at: 1, previousAt: 1 });
    const chain = new ChainVerifier();
    const alarms = log.flatMap((e) => alarmsOf(e, chain));
    expect(alarms.filter((a) => a.kind === 'shuffleSuspect')).toHaveLength(1);
    expect(service.phase).not.toBe('paused');
    expect(verifyLog(log).ok, 'the note keeps the log verifiable').toBe(true);
    check.stop();
  });

  test('with pause on, the alarm also pauses the table through a supervisor input on the log', async () => {
    const store = new MemoryEventStore();
    const service = await open(store);
    await startShuffleCheck({ service, store, pause: true });
    await dealCards(service, shoe, 30);
    await service.submit({ type: 'shoe.loaded' }, shoeOrigin);
    for (const card of shoe.slice(0, 8)) await service.submit({ type: 'card', card: card as never }, shoeOrigin);
    await settle();
    expect(service.phase).toBe('paused');
    const pause = (await store.read('t1')).find((e) => e.type === 'input' && (e.data as { input: { action?: string } }).input.action === 'pause');
    expect(pause?.data).toMatchObject({ source: 'system', by: 'shuffle-check' });
  });

  test('after a restart the check knows the previous shoe from the log and still catches the repeat', async () => {
    const store = new MemoryEventStore();
    const first = await open(store);
    await dealCards(first, shoe, 30);
    await first.submit({ type: 'shoe.loaded' }, shoeOrigin);
    for (const card of shoe.slice(0, 4)) await first.submit({ type: 'card', card: card as never }, shoeOrigin);
    first.close();
    const recent = await recentShoes(store, 't1', first.position, 7);
    expect(recent.current).toEqual(shoe.slice(0, 4));
    expect(recent.previous.slice(0, 30)).toEqual(shoe.slice(0, 30));
    const service = await open(store);
    await startShuffleCheck({ service, store });
    await service.submit({ type: 'supervisor', action: 'resume', by: 'sup' }, { source: 'api' });
    for (const card of shoe.slice(4, 8)) await service.submit({ type: 'card', card: card as never }, shoeOrigin);
    await settle();
    expect((await store.read('t1')).filter((e) => e.type === 'integrity.shuffle')).toHaveLength(1);
  });
});
