// The betting countdown runs from the round's FIRST main bet (docs/live-table.md, "The betting countdown";
// seed 002, "Примечание"): bets placed later, on other seats, neither restart nor lengthen it. Held on
// the log (the betting.timeout input and the betting.closed fact, at the first bet's time + bettingSeconds)
// and on every audience's view (public, dealer, supervisor: the same startedAt and deadline).
import { describe, expect, test } from 'vitest';
import { from, lastValueFrom } from 'rxjs';
import { loadRuleSet } from '../../../src/config/load-rule-set.js';
import { MemoryEventStore } from '../../../src/adapters/store/memory-event-store.js';
import { TableService } from '../../../src/app/table/table-service.js';
import { BettingTimer } from '../../../src/app/table/betting-timer.js';
import { publicView$ } from '../../../src/app/displays/public-projection.js';
import { dealerView$ } from '../../../src/app/displays/dealer-projection.js';
import { supervisorView$ } from '../../../src/app/displays/supervisor-projection.js';
import { tableMeta } from '../../../src/app/displays/table-meta.js';
import type { CountdownView } from '../../../src/app/displays/table-view.js';
import type { StoredEvent } from '../../../src/ports/event-store.js';
import type { TableInput } from '../../../src/round/inputs.js';
import { VirtualClock } from '../../../src/adapters/clock/virtual-clock.js';

const SECONDS = 15;
const START = Date.parse('2026-03-01T12:00:00.000Z');
const api = { source: 'api' as const };

/** A deluxe table open for bets on one virtual clock: a timer's input is stamped when it was due. */
async function bettingTable() {
  const { rules, rulesId } = loadRuleSet('deluxe');
  const clock = new VirtualClock({ wall: START, mono: 0, ioTurns: 1 });
  const store = new MemoryEventStore();
  const service = await TableService.open({ tableId: 't', rules, rulesId, store, clock });
  // deluxe burns the first card's value: 2D shown, then two more.
  for (const input of [{ type: 'shoe.loaded' }, { type: 'card', card: '2D' }, { type: 'card', card: 'QS' }, { type: 'card', card: 'QH' }] as TableInput[]) {
    await service.submit(input, { source: 'shoe' });
  }
  expect(service.phase).toBe('active.betting');
  const timer = new BettingTimer(service, SECONDS, clock);
  timer.start();
  return { rules, service, store, clock, timer };
}

const inputsOf = (log: readonly StoredEvent[], type: string) =>
  log.filter((e) => e.type === 'input' && (e.data as { input: { type: string } }).input.type === type);

const at = (ms: number) => new Date(START + ms).toISOString();

describe('the betting countdown runs from the first main bet, whatever bets follow', () => {
  test('three bets 4 s and 10 s apart: betting closes by the countdown at the first bet + bettingSeconds, on the log', async () => {
    const { service, store, clock, timer } = await bettingTable();
    await clock.advance(1_000);
    await service.submit({ type: 'bet', seat: 1, player: 'p1', amount: 1000 }, api);
    await clock.advance(4_000);
    await service.submit({ type: 'bet', seat: 2, player: 'p2', amount: 1000 }, api);
    await clock.advance(6_000);
    await service.submit({ type: 'bet', seat: 3, player: 'p3', amount: 1000 }, api);
    const bets = (await store.read('t')).filter((e) => e.type === 'bet.placed').map((e) => e.wallTime);
    expect(bets).toEqual([at(1_000), at(5_000), at(11_000)]);

    await clock.advance(SECONDS * 1000 - 10_001); // one millisecond before the first bet's deadline
    expect(inputsOf(await store.read('t'), 'betting.timeout')).toEqual([]);
    expect(service.phase).toBe('active.betting');

    await clock.advance(1);
    const log = await store.read('t');
    const timeouts = inputsOf(log, 'betting.timeout');
    expect(timeouts.map((e) => e.wallTime)).toEqual([at(1_000 + SECONDS * 1000)]);
    const closed = log.find((e) => e.type === 'betting.closed');
    expect(closed).toMatchObject({ wallTime: at(1_000 + SECONDS * 1000), data: { seats: [1, 2, 3], byTimeout: true } });
    expect(service.phase).toBe('active.dealing');
    timer.stop();
  });

  test('every display shows the first bet as its start and the first bet + bettingSeconds as its deadline, after every later bet', async () => {
    const { rules, service, store, clock, timer } = await bettingTable();
    const meta = tableMeta('t', rules);
    const seenBy = async (): Promise<Record<string, CountdownView | null>> => {
      const log = await store.read('t');
      const options = { meta, rules, decisionSeconds: 15, bettingSeconds: SECONDS, live: service };
      return {
        public: (await lastValueFrom(publicView$(from(log), options))).table.bettingCountdown,
        dealer: (await lastValueFrom(dealerView$(from(log), options))).table.bettingCountdown,
        supervisor: (await lastValueFrom(supervisorView$(from(log), options))).table.bettingCountdown,
      };
    };
    const fromFirstBet = { startedAt: at(2_000), deadline: at(2_000 + SECONDS * 1000), seconds: SECONDS };
    const everyone = { public: fromFirstBet, dealer: fromFirstBet, supervisor: fromFirstBet };

    await clock.advance(2_000);
    await service.submit({ type: 'bet', seat: 4, player: 'p4', amount: 1000 }, api);
    expect(await seenBy()).toEqual(everyone);
    await clock.advance(3_000);
    await service.submit({ type: 'bet', seat: 2, player: 'p2', amount: 2000 }, api);
    expect(await seenBy()).toEqual(everyone);
    await clock.advance(7_000);
    await service.submit({ type: 'bet', seat: 6, player: 'p6', amount: 500 }, api);
    expect(await seenBy()).toEqual(everyone);

    await clock.advance(SECONDS * 1000 - 10_000);
    expect(await seenBy()).toEqual({ public: null, dealer: null, supervisor: null });
    timer.stop();
  });
});
