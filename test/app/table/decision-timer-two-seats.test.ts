// The decision timer with two seats waiting (ADR 0007; docs/live-table.md): each box asked about
// insurance gets the full decision time from when it is asked, however the box before it answered, and
// each hand in turn gets the full time from when its turn came; every decision.timeout names the seat
// it expired for.
import { describe, expect, test } from 'vitest';
import { loadRuleSet } from '../../../src/config/load-rule-set.js';
import { MemoryEventStore } from '../../../src/adapters/store/memory-event-store.js';
import { steppingClock } from '../../../src/adapters/clock/stepping-clock.js';
import { TableService } from '../../../src/app/table/table-service.js';
import { DecisionTimer } from '../../../src/app/table/decision-timer.js';
import type { StoredEvent } from '../../../src/ports/event-store.js';
import type { TableInput } from '../../../src/round/inputs.js';
import { VirtualClock } from '../../../src/adapters/clock/virtual-clock.js';

const SECONDS = 15;

/** A six-deck round with seats 1 and 2 dealt `cards` (seat 1, seat 2, up card, seat 1, seat 2, hole card), the timer running. */
async function twoSeatRound(cards: string[]) {
  const { rules, rulesId } = loadRuleSet('six-deck');
  const store = new MemoryEventStore();
  const service = await TableService.open({ tableId: 't', rules, rulesId, store, clock: steppingClock() });
  const inputs: TableInput[] = [
    { type: 'shoe.loaded' }, { type: 'card', card: '5D' },
    { type: 'bet', seat: 1, player: 'p1', amount: 1000 }, { type: 'bet', seat: 2, player: 'p2', amount: 1000 }, { type: 'betting.closed' },
    ...cards.map((card) => ({ type: 'card', card }) as TableInput),
  ];
  for (const input of inputs) await service.submit(input, { source: 'shoe' });
  const clock = new VirtualClock();
  const timer = new DecisionTimer(service, SECONDS, clock);
  timer.start();
  /** The seats of the decision.timeout inputs on the log, in order. */
  const timedOut = async () => (await store.read('t'))
    .filter((e: StoredEvent) => e.type === 'input' && (e.data as { input: { type: string } }).input.type === 'decision.timeout')
    .map((e) => (e.data as { input: { seat: number } }).input.seat);
  const refusals = async () => (await store.read('t')).filter((e) => e.type === 'input.rejected');
  return { service, clock, timer, timedOut, refusals };
}

describe('decision timer, two seats waiting', () => {
  test('insurance: seat 1 answers after 5 s; seat 2 is asked then and gets the full time from its question', async () => {
    const { service, clock, timer, timedOut, refusals } = await twoSeatRound(['TH', '9S', 'AC', '7D', '8S', '6H']);
    expect(service.phase).toBe('active.offers');
    await clock.advance(5_000);
    await service.submit({ type: 'decision', seat: 1, action: 'noInsurance' }, { source: 'api' });
    await clock.advance(SECONDS * 1000 - 1);
    expect(await timedOut()).toEqual([]);
    expect(service.phase).toBe('active.offers');
    await clock.advance(1);
    expect(await timedOut()).toEqual([2]);
    expect(await refusals()).toEqual([]);
    expect(service.phase).toBe('active.playing');
    timer.stop();
  });

  test.each([
    ['insurance (up ace)', ['TH', '9S', 'AC', '7D', '8S', '6H'], 'active.offers'],
    ['play (up six)', ['TH', '9S', '6C', '7D', '8S', '7C'], 'active.playing'],
  ])('%s, nobody decides: seat 1 times out at 15 s, seat 2 a full decision time later, at 30 s', async (_name, cards, waiting) => {
    const { service, clock, timer, timedOut, refusals } = await twoSeatRound(cards);
    expect(service.phase).toBe(waiting);
    await clock.advance(SECONDS * 1000);
    expect(await timedOut()).toEqual([1]);
    await clock.advance(SECONDS * 1000 - 1);
    expect(await timedOut()).toEqual([1]);
    await clock.advance(1);
    expect(await timedOut()).toEqual([1, 2]);
    expect(await refusals()).toEqual([]);
    // Both waits are over: after the offers the hands are played, after play the dealer's turn.
    expect(service.phase).not.toBe(waiting);
    timer.stop();
  });
});
