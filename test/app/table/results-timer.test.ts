// The results moment's timer (src/app/table/results-timer.ts): the table file's resultsSeconds is recorded
// on the log once, the table holds after each settled round and the timer's expiry is a results.timeout
// input from the timer; a pause stops it and the resume starts it in full; replay of the log is exact.
import { describe, expect, test } from 'vitest';
import { loadRuleSet } from '../../../src/config/load-rule-set.js';
import { MemoryEventStore } from '../../../src/adapters/store/memory-event-store.js';
import { steppingClock } from '../../../src/adapters/clock/stepping-clock.js';
import { VirtualClock } from '../../../src/adapters/clock/virtual-clock.js';
import { TableService } from '../../../src/app/table/table-service.js';
import { ResultsTimer, recordResultsMoment } from '../../../src/app/table/results-timer.js';
import { rebuildTable } from '../../../src/app/table/rebuild-table.js';
import type { StoredEvent } from '../../../src/ports/event-store.js';
import type { TableInput } from '../../../src/round/inputs.js';

const ROUND: TableInput[] = [
  { type: 'shoe.loaded' }, { type: 'card', card: '5D' },
  { type: 'bet', seat: 1, player: 'p1', amount: 1000 }, { type: 'betting.closed' },
  { type: 'card', card: 'TH' }, { type: 'card', card: '9S' }, { type: 'card', card: '2S' }, { type: 'card', card: '7C' },
  { type: 'decision', seat: 1, action: 'stand' }, { type: 'card', card: '4H' },
];

const inputsOf = (log: readonly StoredEvent[], type: string) =>
  log.filter((e) => e.type === 'input' && (e.data as { input: { type: string } }).input.type === type);

async function settledTable(seconds = 4) {
  const { rules, rulesId } = loadRuleSet('six-deck');
  const store = new MemoryEventStore();
  const service = await TableService.open({ tableId: 't', rules, rulesId, store, clock: steppingClock() });
  await recordResultsMoment(service, seconds);
  const clock = new VirtualClock();
  const timer = new ResultsTimer(service, seconds, clock);
  timer.start();
  for (const input of ROUND) await service.submit(input, { source: 'api' });
  return { rules, service, store, clock, timer };
}

describe('results timer', () => {
  test('the table file\'s moment is recorded once; a log that holds it already gets nothing more', async () => {
    const { service, store, timer } = await settledTable();
    expect(inputsOf(await store.read('t'), 'results.configured').map((e) => e.data)).toEqual([
      expect.objectContaining({ input: { type: 'results.configured', seconds: 4 }, source: 'system', by: 'controller' }),
    ]);
    const before = (await store.read('t')).length;
    await recordResultsMoment(service, 4);
    expect((await store.read('t')).length).toBe(before);
    timer.stop();
  });

  test('after the settlement the table holds for resultsSeconds, then the timer opens betting', async () => {
    const { service, store, clock, timer } = await settledTable();
    expect(service.phase).toBe('active.results');
    await clock.advance(3_999);
    expect(inputsOf(await store.read('t'), 'results.timeout')).toHaveLength(0);
    await clock.advance(1);
    await service.settled();
    const log = await store.read('t');
    expect(inputsOf(log, 'results.timeout').map((e) => e.data)).toEqual([expect.objectContaining({ source: 'timer', by: 'results-timer' })]);
    expect(log.slice(-2).map((e) => e.type)).toEqual(['results.cleared', 'betting.opened']);
    expect(service.phase).toBe('active.betting');
    expect(clock.pendingTimers).toBe(0);
    timer.stop();
  });

  test('a pause stops the moment; the resume starts it again in full', async () => {
    const { service, store, clock, timer } = await settledTable();
    await clock.advance(3_000);
    await service.submit({ type: 'supervisor', action: 'pause', by: 'sup' }, { source: 'api' });
    expect(clock.pendingTimers).toBe(0);
    await clock.advance(60_000);
    await service.submit({ type: 'supervisor', action: 'resume', by: 'sup' }, { source: 'api' });
    expect(service.phase).toBe('active.results');
    await clock.advance(3_999);
    expect(inputsOf(await store.read('t'), 'results.timeout')).toHaveLength(0);
    await clock.advance(1);
    await service.settled();
    expect(service.phase).toBe('active.betting');
    timer.stop();
  });

  test('the log replays to the same facts: the moment is on it, not in the clock', async () => {
    const { service, store, clock, timer } = await settledTable();
    await clock.advance(4_000);
    await service.settled();
    timer.stop();
    const rebuilt = rebuildTable(await store.read('t'));
    expect(rebuilt.engine.phase).toBe('active.betting');
    expect(rebuilt.engine.table.resultsSeconds).toBe(4);
  });
});
