// The betting countdown: its expiry is a betting.timeout input on the log; betting closes by
// itself; the dealer's button (DEALER_BUTTON) closes it early; every display shows it; replay is exact.
import { describe, expect, test } from 'vitest';
import { from, lastValueFrom, toArray } from 'rxjs';
import { loadRuleSet } from '../../../src/config/load-rule-set.js';
import { MemoryEventStore } from '../../../src/adapters/store/memory-event-store.js';
import { steppingClock } from '../../../src/adapters/clock/stepping-clock.js';
import { TableService } from '../../../src/app/table/table-service.js';
import { BettingTimer } from '../../../src/app/table/betting-timer.js';
import { ShoeBridge } from '../../../src/app/table/shoe-bridge.js';
import { shoeInput } from '../../../src/adapters/serial/shoe-input.js';
import { rebuildTable } from '../../../src/app/table/rebuild-table.js';
import { exportSession } from '../../../src/app/audit/export-session.js';
import { publicView$ } from '../../../src/app/displays/public-projection.js';
import { tableMeta } from '../../../src/app/displays/table-meta.js';
import { TableEngine } from '../../../src/round/table-engine.js';
import type { StoredEvent } from '../../../src/ports/event-store.js';
import type { TableInput } from '../../../src/round/inputs.js';
import { VirtualClock } from '../../../src/adapters/clock/virtual-clock.js';

const noGate = { lockGate: async () => undefined, unlockGate: async () => undefined, setIndicator: async () => undefined };

async function bettingTable(name = 'deluxe') {
  const { rules, rulesId } = loadRuleSet(name);
  const store = new MemoryEventStore();
  const service = await TableService.open({ tableId: 't', rules, rulesId, store, clock: steppingClock() });
  // deluxe burns the first card's value: 2D shown, then two more.
  for (const input of [{ type: 'shoe.loaded' }, { type: 'card', card: '2D' }, { type: 'card', card: 'QS' }, { type: 'card', card: 'QH' }] as TableInput[]) {
    await service.submit(input, { source: 'shoe' });
  }
  expect(service.phase).toBe('active.betting');
  const clock = new VirtualClock();
  const timer = new BettingTimer(service, 15, clock);
  timer.start();
  return { rules, service, store, clock, timer };
}

const inputsOf = (log: readonly StoredEvent[], type: string) =>
  log.filter((e) => e.type === 'input' && (e.data as { input: { type: string } }).input.type === type);

describe('betting timer', () => {
  test('no main bet: no countdown and nothing on the log, however long betting stays open', async () => {
    const { store, clock, timer } = await bettingTable();
    const before = (await store.read('t')).length;
    expect(clock.pendingTimers).toBe(0);
    await clock.advance(600_000);
    expect((await store.read('t')).length).toBe(before);
    timer.stop();
  });

  test('expiry is a betting.timeout input from the timer: betting closes by itself, a withdrawn seat is released', async () => {
    const { service, store, clock, timer } = await bettingTable();
    await service.submit({ type: 'bet', seat: 1, player: 'p1', amount: 1000 }, { source: 'api' });
    await clock.advance(5_000);
    await service.submit({ type: 'bet', seat: 3, player: 'p3', amount: 1000 }, { source: 'api' });
    await service.submit({ type: 'bet', seat: 3, player: 'p4', amount: 500, kind: 'behind' }, { source: 'api' });
    await service.submit({ type: 'bet.cancel', seat: 3, player: 'p3' }, { source: 'api' });
    await clock.advance(9_999);
    expect(inputsOf(await store.read('t'), 'betting.timeout')).toHaveLength(0);
    await clock.advance(1);
    const log = await store.read('t');
    const timeouts = inputsOf(log, 'betting.timeout');
    expect(timeouts).toHaveLength(1);
    expect(timeouts[0]?.data).toMatchObject({ source: 'timer', by: 'betting-timer' });
    const returned = log.filter((e) => e.type === 'bet.cancelled').map((e) => e.data);
    expect(returned).toEqual(expect.arrayContaining([expect.objectContaining({ seat: 3, player: 'p4', bet: 'behind', amount: 500 })]));
    expect(log.find((e) => e.type === 'betting.closed')?.data).toMatchObject({ seats: [1], byTimeout: true });
    expect(service.phase).toBe('active.dealing');
    timer.stop();
  });

  test('the last main bet withdrawn stops the countdown; the next main bet starts it in full', async () => {
    const { service, store, clock, timer } = await bettingTable();
    await service.submit({ type: 'bet', seat: 2, player: 'p2', amount: 1000 }, { source: 'api' });
    await clock.advance(10_000);
    await service.submit({ type: 'bet.cancel', seat: 2, player: 'p2' }, { source: 'api' });
    expect(clock.pendingTimers).toBe(0);
    await clock.advance(60_000);
    await service.submit({ type: 'bet', seat: 2, player: 'p2', amount: 1000 }, { source: 'api' });
    await clock.advance(14_999);
    expect(inputsOf(await store.read('t'), 'betting.timeout')).toHaveLength(0);
    await clock.advance(1);
    expect(inputsOf(await store.read('t'), 'betting.timeout')).toHaveLength(1);
    timer.stop();
  });

  test('a paused table runs no countdown; it starts afresh when the table resumes', async () => {
    const { service, store, clock, timer } = await bettingTable();
    await service.submit({ type: 'bet', seat: 1, player: 'p1', amount: 1000 }, { source: 'api' });
    await clock.advance(10_000);
    await service.submit({ type: 'supervisor', action: 'pause', by: 'sup' }, { source: 'api' });
    await clock.advance(60_000);
    expect(inputsOf(await store.read('t'), 'betting.timeout')).toHaveLength(0);
    await service.submit({ type: 'supervisor', action: 'resume', by: 'sup' }, { source: 'api' });
    await clock.advance(14_999);
    expect(inputsOf(await store.read('t'), 'betting.timeout')).toHaveLength(0);
    await clock.advance(1);
    expect(inputsOf(await store.read('t'), 'betting.timeout')).toHaveLength(1);
    timer.stop();
  });

  test("the dealer's button (DEALER_BUTTON, primary) closes betting early; the countdown then never fires", async () => {
    const { service, store, clock, timer } = await bettingTable();
    const bridge = new ShoeBridge(service, noGate);
    await service.submit({ type: 'bet', seat: 1, player: 'p1', amount: 1000 }, { source: 'api' });
    await clock.advance(3_000);
    await bridge.onShoeEvent(shoeInput({ type: 'DEALER_BUTTON', button: 'primary', press: 'short' }), 41);
    const log = await store.read('t');
    expect(inputsOf(log, 'betting.closed')[0]?.data).toMatchObject({ source: 'shoe', shoeSeq: 41 });
    expect(log.find((e) => e.type === 'betting.closed')?.data).not.toHaveProperty('byTimeout');
    await clock.advance(60_000);
    expect(inputsOf(await store.read('t'), 'betting.timeout')).toHaveLength(0);
    // The secondary button is only a note.
    await bridge.onShoeEvent(shoeInput({ type: 'DEALER_BUTTON', button: 'secondary', press: 'long' }), 42);
    expect((await store.read('t')).at(-1)?.type).toBe('shoe.message');
    timer.stop();
  });

  test('replay is exact: the log rebuilds the same table, and the exported session replays to the same facts', async () => {
    const { rules, service, store, clock, timer } = await bettingTable();
    await service.submit({ type: 'bet', seat: 1, player: 'p1', amount: 1000 }, { source: 'api' });
    await service.submit({ type: 'bet', seat: 2, player: 'p2', amount: 2000 }, { source: 'api' });
    await clock.advance(15_000);
    expect(service.phase).toBe('active.dealing');
    timer.stop();
    const log = await store.read('t');
    const rebuilt = rebuildTable(log);
    expect(rebuilt.engine.table).toEqual(service.table);
    const engine = new TableEngine(rules);
    const facts = exportSession(log).flatMap((input) => engine.submit(input));
    const live = log.filter((e) => e.type !== 'input' && e.type !== 'table.configured').map((e) => e.type);
    expect(facts.map((f) => f.type)).toEqual(live);
    expect(facts.find((f) => f.type === 'betting.closed')).toMatchObject({ byTimeout: true, seats: [1, 2] });
  });

  test('every display shows the countdown: from the first main bet, for bettingSeconds, gone once betting closes', async () => {
    const { rules, service, store, clock, timer } = await bettingTable();
    await service.submit({ type: 'bet', seat: 1, player: 'p1', amount: 1000 }, { source: 'api' });
    const log = await store.read('t');
    const betAt = log.find((e) => e.type === 'bet.placed')?.wallTime as string;
    const views = async () => lastValueFrom(publicView$(from(await store.read('t')), { meta: tableMeta('t', rules), rules, decisionSeconds: 15, bettingSeconds: 15 }).pipe(toArray()));
    const open = (await views()).at(-1);
    expect(open?.table.bettingCountdown).toEqual({ startedAt: betAt, deadline: new Date(Date.parse(betAt) + 15_000).toISOString(), seconds: 15 });
    await clock.advance(15_000);
    expect((await views()).at(-1)?.table.bettingCountdown).toBeNull();
    timer.stop();
  });
});
