// Link health as table state (PROTOCOL.md §10.2): a shoe that never connects is a linkDown fault on the log that
// pauses the table; the link coming up clears it; every pause, recovery and link change reaches the
// console log at WARN/ERROR with the table id; the supervisor's view shows the link.
import { describe, expect, test } from 'vitest';
import { pino } from 'pino';
import { from, lastValueFrom, toArray } from 'rxjs';
import { loadRuleSet } from '../../../src/config/load-rule-set.js';
import { parseTableConfig } from '../../../src/config/table-config.js';
import { MemoryEventStore } from '../../../src/adapters/store/memory-event-store.js';
import { steppingClock } from '../../../src/adapters/clock/stepping-clock.js';
import { TableService } from '../../../src/app/table/table-service.js';
import { LinkWatchdog } from '../../../src/app/table/link-watchdog.js';
import { ShoeBridge } from '../../../src/app/table/shoe-bridge.js';
import { renderStoredReason } from '../../../src/messages/render-reason.js';
import type { StoredReason } from '../../../src/round/events.js';
import { logTableAlarms } from '../../../src/app/table/table-alarm-log.js';
import { supervisorView$ } from '../../../src/app/displays/supervisor-projection.js';
import { tableMeta } from '../../../src/app/displays/table-meta.js';
import { startTable } from '../../../src/composition/table-runtime.js';
import type { StoredEvent } from '../../../src/ports/event-store.js';
import { VirtualClock } from '../../../src/adapters/clock/virtual-clock.js';

type Line = { level: number; msg: string; tableId?: string; [k: string]: unknown };
const WARN = 40;

function capturedLogger() {
  const lines: Line[] = [];
  const logger = pino({ level: 'debug' }, { write: (s: string) => void lines.push(JSON.parse(s) as Line) });
  return { logger, lines };
}

const noGate = { lockGate: async () => undefined, unlockGate: async () => undefined, setIndicator: async () => undefined };

async function table() {
  const { rules, rulesId } = loadRuleSet('six-deck');
  const store = new MemoryEventStore();
  const service = await TableService.open({ tableId: 'tbl-7', rules, rulesId, store, clock: steppingClock() });
  await service.submit({ type: 'shoe.loaded' }, { source: 'shoe' });
  await service.submit({ type: 'card', card: '5D' }, { source: 'shoe' });
  const { logger, lines } = capturedLogger();
  const alarms = logTableAlarms(service.events$, 'tbl-7', logger);
  const clock = new VirtualClock();
  return { rules, store, service, lines, alarms, clock, logger };
}

const linkDownInputs = (log: readonly StoredEvent[]) =>
  log.filter((e) => e.type === 'input' && (e.data as { input: { type: string; fault?: string } }).input.type === 'shoe.fault');

describe('link watchdog', () => {
  test('no link within the set time: a linkDown fault from the timer on the log, the table paused, an ERROR line with the table id', async () => {
    const { store, service, lines, clock, logger } = await table();
    const watchdog = new LinkWatchdog(service, 5, clock, logger);
    watchdog.start();
    await clock.advance(4_999);
    expect(linkDownInputs(await store.read('tbl-7'))).toHaveLength(0);
    await clock.advance(1);
    const faults = linkDownInputs(await store.read('tbl-7'));
    expect(faults).toHaveLength(1);
    expect(faults[0]?.data).toMatchObject({ source: 'timer', by: 'link-watchdog', input: { fault: 'linkDown', detail: 'no link to the shoe within 5 s of start', detailCode: 'noLinkAtStart', detailParams: { count: '5' } } });
    expect(service.phase).toBe('paused');
    expect(service.table.shoeFaults).toEqual(['linkDown']);
    // The pause keeps the coded cause beside its sentence: a page says it in its own language.
    const pause = (await store.read('tbl-7')).find((e) => e.type === 'table.paused')?.data as unknown as StoredReason;
    expect(pause).toMatchObject({ reason: 'shoe fault: linkDown (no link to the shoe within 5 s of start)', code: 'shoeFaultDetail', params: { fault: 'linkDown', detail: 'no link to the shoe within 5 s of start', detailCode: 'noLinkAtStart', count: '5' } });
    expect(renderStoredReason('ru', pause)).toBe('неисправность шуза: Нет связи с шузом (нет связи с шузом через 5 с после запуска)');
    const paused = lines.find((l) => l.msg.startsWith('table paused'));
    expect(paused).toMatchObject({ level: 50, tableId: 'tbl-7', fault: 'linkDown' });
    // A bet while the link is down is refused (betting paused).
    const bet = await service.submit({ type: 'bet', seat: 1, player: 'p1', amount: 1000 }, { source: 'api' });
    expect(bet.rejected).toMatch(/paused/);
  });

  test('the link coming up later clears the fault and resumes the table, logged at WARN (the link up itself is routine: INFO)', async () => {
    const { service, lines, clock, logger, store } = await table();
    const watchdog = new LinkWatchdog(service, 5, clock, logger);
    const bridge = new ShoeBridge(service, noGate);
    watchdog.start();
    await clock.advance(5_000);
    expect(service.phase).toBe('paused');
    watchdog.onLinkState('up');
    await bridge.onLinkState('up', 'handshaking', 'HELLO reply received');
    expect(service.phase).toBe('active.betting');
    expect(service.table.shoeFaults).toEqual([]);
    const warned = lines.filter((l) => l.level >= WARN).map((l) => l.msg);
    expect(warned).toEqual(expect.arrayContaining(['fault cleared: linkDown', 'table resumed by shoe']));
    expect(lines.find((l) => l.msg === 'shoe link up (HELLO reply received)')).toMatchObject({ level: 30, tableId: 'tbl-7' });
    expect(lines.filter((l) => l.level >= WARN).every((l) => l.tableId === 'tbl-7')).toBe(true);
    expect(linkDownInputs(await store.read('tbl-7'))).toHaveLength(1);
  });

  test('a link up in time raises nothing; lost after being up it is a linkDown fault logged at ERROR', async () => {
    const { service, lines, clock, logger, store } = await table();
    const watchdog = new LinkWatchdog(service, 5, clock, logger);
    const bridge = new ShoeBridge(service, noGate);
    watchdog.start();
    await clock.advance(1_000);
    watchdog.onLinkState('up');
    await bridge.onLinkState('up', 'handshaking', 'HELLO reply received');
    await clock.advance(60_000);
    expect(linkDownInputs(await store.read('tbl-7'))).toHaveLength(0);
    await bridge.onLinkState('down', 'up', 'no valid frame from the shoe for 3500 ms');
    expect(service.phase).toBe('paused');
    expect(lines.find((l) => l.msg.startsWith('shoe link down'))).toMatchObject({ level: 50, tableId: 'tbl-7' });
    expect(lines.find((l) => l.msg.startsWith('table paused: shoe fault: linkDown'))).toMatchObject({ level: 50 });
  });

  test("a supervisor's resume while the link is still down pauses the table again with linkDown", async () => {
    const { service, clock, logger, store } = await table();
    const watchdog = new LinkWatchdog(service, 5, clock, logger);
    watchdog.start();
    await clock.advance(5_000);
    await service.submit({ type: 'supervisor', action: 'resume', by: 'pit-boss' }, { source: 'api', by: 'pit-boss' });
    await service.settled();
    expect(service.phase).toBe('paused');
    expect(service.table.shoeFaults).toEqual(['linkDown']);
    const again = linkDownInputs(await store.read('tbl-7')).at(-1);
    expect(again?.data).toMatchObject({ source: 'shoe', by: 'link', input: { detail: 'the shoe link is still down', detailCode: 'linkStillDown', detailParams: {} } });
    // With the link up, a resume stays resumed.
    watchdog.onLinkState('up');
    await service.submit({ type: 'supervisor', action: 'resume', by: 'pit-boss' }, { source: 'api', by: 'pit-boss' });
    await service.settled();
    expect(service.phase).toBe('active.betting');
    // Lost after being up, then resumed by hand while still down: paused again.
    const bridge = new ShoeBridge(service, noGate);
    watchdog.onLinkState('down');
    await bridge.onLinkState('down', 'up', 'no valid frame from the shoe for 3500 ms');
    expect(service.phase).toBe('paused');
    const before = linkDownInputs(await store.read('tbl-7')).length;
    await service.submit({ type: 'supervisor', action: 'resume', by: 'pit-boss' }, { source: 'api', by: 'pit-boss' });
    await service.settled();
    expect(service.phase).toBe('paused');
    expect(linkDownInputs(await store.read('tbl-7'))).toHaveLength(before + 1);
    watchdog.stop();
  });

  test("the supervisor's view shows the link: connecting, down (watchdog), up with the shoe's serial and firmware", async () => {
    const { rules, service, clock, logger, store } = await table();
    const watchdog = new LinkWatchdog(service, 5, clock, logger);
    const bridge = new ShoeBridge(service, noGate);
    const view = async () => {
      const views = await lastValueFrom(supervisorView$(from(await store.read('tbl-7')), { meta: tableMeta('tbl-7', rules), rules, decisionSeconds: 10, live: service }).pipe(toArray()));
      return views.at(-1);
    };
    expect((await view())?.link).toMatchObject({ state: 'connecting', serial: null });
    watchdog.start();
    await clock.advance(5_000);
    const down = (await view())?.link;
    expect(down).toMatchObject({ state: 'down', reason: 'shoe fault: linkDown (no link to the shoe within 5 s of start)' });
    expect((await view())?.faults[0]).toMatchObject({ kind: 'linkDown', advice: expect.stringMatching(/resumes by itself when the link is back/) });
    await service.recordNote('link.handshake', { serialNumber: 'SHOE-42', firmwareVersion: '1.4.2', protocolVersion: 1, deckCount: 6 });
    // As the runtime does: the watchdog hears of the link's state before the bridge acts on it.
    watchdog.onLinkState('up');
    await bridge.onLinkState('up', 'handshaking', 'HELLO reply received');
    await service.recordNote('link.counters', { crcErrors: 2, retransmissions: 1 });
    const up = (await view())?.link;
    expect(up).toMatchObject({ state: 'up', detail: 'up', serial: 'SHOE-42', firmware: '1.4.2', counters: { crcErrors: 2, retransmissions: 1 } });
    expect(up?.since).not.toBe(down?.since);
  });

  test('a table started on a serial device that does not exist pauses with linkDown after linkTimeoutSeconds', async () => {
    const { logger, lines } = capturedLogger();
    const clock = new VirtualClock();
    const config = parseTableConfig({ id: 'nodev-1', rules: 'six-deck', serial: { path: '/dev/no-such-shoe-device' }, linkTimeoutSeconds: 2, roles: {} }, 'test');
    const runtime = await startTable({ config, logger, quiet: true, store: new MemoryEventStore(), clock });
    try {
      await clock.advance(2_000);
      await runtime.service.settled();
      expect(runtime.service.table.shoeFaults).toEqual(['linkDown']);
      expect(lines.find((l) => l.msg.startsWith('table paused: shoe fault: linkDown'))).toMatchObject({ level: 50, tableId: 'nodev-1' });
    } finally {
      await runtime.stop();
    }
  });
});
