// The decision timer: expiry becomes a decision.timeout input on the log; deluxe auto-plays.
import { describe, expect, test } from 'vitest';
import { loadRuleSet } from '../../../src/config/load-rule-set.js';
import { MemoryEventStore } from '../../../src/adapters/store/memory-event-store.js';
import { steppingClock } from '../../../src/adapters/clock/stepping-clock.js';
import { TableService } from '../../../src/app/table/table-service.js';
import { DecisionTimer } from '../../../src/app/table/decision-timer.js';
import type { TableInput } from '../../../src/round/inputs.js';
import { VirtualClock } from '../../../src/adapters/clock/virtual-clock.js';

async function table(name: string, inputs: TableInput[]) {
  const { rules, rulesId } = loadRuleSet(name);
  const store = new MemoryEventStore();
  const service = await TableService.open({ tableId: 't', rules, rulesId, store, clock: steppingClock() });
  for (const i of inputs) await service.submit(i, { source: 'shoe' });
  return { service, store };
}

describe('decision timer', () => {
  test('no decision within the time: a decision.timeout input from the timer; deluxe hits 11 or less', async () => {
    const { service, store } = await table('deluxe', [
      { type: 'shoe.loaded' }, { type: 'card', card: 'AH' }, { type: 'card', card: '2C' },
      { type: 'bet', seat: 1, player: 'p1', amount: 1000 }, { type: 'betting.closed' },
      { type: 'card', card: '5H' }, { type: 'card', card: '9S' }, { type: 'card', card: '4S' }, { type: 'card', card: '7C' },
    ]);
    const clock = new VirtualClock();
    const timer = new DecisionTimer(service, 15, clock);
    timer.start();
    await clock.advance(14_999);
    expect((await store.read('t')).some((e) => e.type === 'input' && (e.data as { input: { type: string } }).input.type === 'decision.timeout')).toBe(false);
    await clock.advance(1);
    const log = await store.read('t');
    const timeout = log.find((e) => e.type === 'input' && (e.data as { input: { type: string } }).input.type === 'decision.timeout');
    expect(timeout?.data).toMatchObject({ source: 'timer', by: 'decision-timer', input: { seat: 1 } });
    expect(log.at(-1)).toMatchObject({ type: 'decision.accepted', data: { action: 'hit', byTimeout: true } });
    timer.stop();
  });

  test('a decision in time cancels the timer; a paused table runs none', async () => {
    const { service, store } = await table('six-deck', [
      { type: 'shoe.loaded' }, { type: 'card', card: '5D' },
      { type: 'bet', seat: 1, player: 'p1', amount: 1000 }, { type: 'bet', seat: 2, player: 'p2', amount: 1000 }, { type: 'betting.closed' },
      { type: 'card', card: 'TH' }, { type: 'card', card: 'TC' }, { type: 'card', card: '9S' }, { type: 'card', card: '6S' }, { type: 'card', card: '7C' }, { type: 'card', card: '8C' },
    ]);
    const clock = new VirtualClock();
    const timer = new DecisionTimer(service, 10, clock);
    timer.start();
    await clock.advance(5000);
    await service.submit({ type: 'decision', seat: 1, action: 'stand' }, { source: 'api' });
    await clock.advance(6000);
    const timeouts = () => store.read('t').then((log) => log.filter((e) => e.type === 'input' && (e.data as { input: { type: string } }).input.type === 'decision.timeout'));
    expect(await timeouts()).toHaveLength(0);
    await service.submit({ type: 'supervisor', action: 'pause', by: 'sup' }, { source: 'api' });
    await clock.advance(60_000);
    expect(await timeouts()).toHaveLength(0);
    await service.submit({ type: 'supervisor', action: 'resume', by: 'sup' }, { source: 'api' });
    await clock.advance(10_000);
    expect((await timeouts()).map((e) => (e.data as { input: { seat: number } }).input.seat)).toEqual([2]);
    timer.stop();
  });
});
