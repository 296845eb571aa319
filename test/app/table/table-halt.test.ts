// The table halted on a storage fault (docs/operations.md, "Storage faults"): a store whose appends fail as
// SQLite's do on a full disk (SQLITE_FULL under the store's one-line error). What the log says is bounded —
// one ERROR at the halt naming the folder and what to do, a reminder at most once a minute while it lasts
// (virtual time), one WARN when a Resume clears it — whatever is refused meanwhile; and the Resume that
// clears it is no refusal.
import { describe, expect, test } from 'vitest';
import { pino } from 'pino';
import { loadRuleSet } from '../../../src/config/load-rule-set.js';
import { MemoryEventStore } from '../../../src/adapters/store/memory-event-store.js';
import { TableService } from '../../../src/app/table/table-service.js';
import { TableHaltedError } from '../../../src/app/table/append-fault.js';
import { VirtualClock } from '../../../src/adapters/clock/virtual-clock.js';
import { ROUND_AT_A_DECISION } from '../../support/round-at-a-decision.js';

const { rules, rulesId } = loadRuleSet('six-deck');
const fromShoe = { source: 'shoe' as const, by: 'shoe' };
const resume = (by: string) => ({ type: 'supervisor' as const, action: 'resume' as const, by });

interface Line { level: number; msg: string; err?: unknown; [field: string]: unknown }

/** Virtual time, a second at a time. */
function virtualTime() {
  const clock = new VirtualClock({ wall: Date.UTC(2026, 0, 1), mono: 0, ioTurns: 1 });
  return {
    clock,
    async seconds(count: number, each: () => Promise<void> = async () => undefined) {
      for (let i = 0; i < count; i++) {
        await each();
        await clock.advance(1000);
      }
    },
  };
}

/** The error the SQLite store throws on a full disk: one line naming the file, SQLite's own error as its cause. */
function diskFull(): Error {
  const sqlite = Object.assign(new Error('database or disk is full'), { code: 'SQLITE_FULL' });
  return new Error('/data/tables/t1.db: the disk is full (database or disk is full)', { cause: sqlite });
}

async function halted() {
  const store = new MemoryEventStore();
  const time = virtualTime();
  const lines: Line[] = [];
  const logger = pino({ level: 'debug' }, { write: (s: string) => void lines.push(JSON.parse(s) as Line) });
  const service = await TableService.open({ tableId: 't1', rules, rulesId, store, clock: time.clock, logger, logFile: '/data/tables/t1.db' });
  for (const input of ROUND_AT_A_DECISION.slice(0, 4)) await service.submit(input, fromShoe);
  const append = store.append.bind(store);
  const disk = { full: true };
  store.append = async (...args) => {
    if (disk.full) throw diskFull();
    return append(...args);
  };
  const before = lines.length;
  // The card whose append fails halts the table; the shoe keeps it (it is not ACKed).
  await expect(service.submit({ type: 'card', card: 'TH' }, fromShoe)).rejects.toBeInstanceOf(TableHaltedError);
  return { store, service, time, disk, lines, logged: () => lines.slice(before) };
}

/** What the shoe link and the shoe feed a halted table every second: a re-handshake, its counters, the card again. */
async function refusedEverySecond(service: TableService): Promise<void> {
  await expect(service.recordNote('link.handshake', { serialNumber: 'S-1', initiatedBy: 'controller' })).rejects.toBeInstanceOf(TableHaltedError);
  await expect(service.recordNote('link.counters', { retransmissions: 3 })).rejects.toBeInstanceOf(TableHaltedError);
  await expect(service.submit({ type: 'card', card: 'TH' }, fromShoe)).rejects.toBeInstanceOf(TableHaltedError);
}

describe('a table halted on a full disk', () => {
  test('logs one ERROR at the halt, a reminder a minute, one WARN when resumed: never a stack, however much is refused', async () => {
    const { service, time, disk, logged } = await halted();
    const halt = logged();
    expect(halt).toHaveLength(1);
    expect(halt[0]).toMatchObject({ level: 50, code: 'logNotWritable', folder: '/data/tables', errorCode: 'SQLITE_FULL', input: 'card' });
    expect(halt[0]!.msg).toMatch(/^table halted \(the log's folder: \/data\/tables\): the log cannot be written \(\/data\/tables\/t1\.db: the disk is full .*free disk space or make the database's folder writable again, then press Resume/);

    // Three and a half minutes of a re-handshaking link and a shoe sending its card again: 630 refusals.
    await time.seconds(210, () => refusedEverySecond(service));
    const lines = logged();
    expect(lines.filter((l) => 'err' in l || /\n\s+at /.test(JSON.stringify(l)))).toEqual([]);
    const reminders = lines.slice(1);
    expect(reminders.map((l) => l.level)).toEqual([50, 50, 50]);
    expect(reminders.map((l) => l.msg.replace(/:.*/, ''))).toEqual(['table still halted after 1 min 0 s (the log\'s folder', 'table still halted after 2 min 0 s (the log\'s folder', 'table still halted after 3 min 0 s (the log\'s folder']);
    expect(reminders[2]!.msg).toMatch(/; 540 inputs refused since \(card 180, link\.counters 180, link\.handshake 180\)$/);
    expect(reminders[2]).toMatchObject({ refused: 540, refusedByType: { 'link.handshake': 180, 'link.counters': 180, card: 180 } });

    // Space is back: the supervisor's Resume clears the halt; one WARN says so, and the reminders stop.
    disk.full = false;
    const result = await service.submit(resume('sup-1'), { source: 'api', by: 'sup-1' });
    const cleared = logged().slice(4);
    expect(cleared).toEqual([expect.objectContaining({ level: 40, by: 'sup-1', refused: 630 })]);
    expect(cleared[0]!.msg).toBe('storage fault cleared by sup-1 after 3 min 30 s: the log takes writes again and the table goes on (630 inputs were refused meanwhile; the shoe sends its unacknowledged card again)');
    expect(result.stored.map((e) => e.type)).toEqual(['log.storage-recovered']);
    expect(result.stored[0]!.data).toMatchObject({ by: 'sup-1', refused: 630, since: '2026-01-01T00:00:00.000Z' });
    await time.seconds(300);
    expect(logged()).toHaveLength(5);
    expect(time.clock.pendingTimers).toBe(0);
  });

  test('the Resume that clears the halt is answered as done, not refused as "not paused"; a second one is refused as before', async () => {
    const { store, service, disk } = await halted();
    disk.full = false;
    const result = await service.submit(resume('sup-1'), { source: 'api', by: 'sup-1' });
    expect(result.rejected).toBeUndefined();
    expect(result.note).toEqual({ code: 'storageRecovered', params: {} });
    expect(result.facts).toEqual([]);
    expect(service.halted).toBeNull();
    // Nothing on the log refuses the Resume: the recovery note is the last record.
    const log = await store.read('t1');
    expect(log.at(-1)?.type).toBe('log.storage-recovered');
    expect(log.some((e) => e.type === 'input.rejected')).toBe(false);
    // The table goes on where it stood: the shoe's card, sent again, is dealt.
    await service.submit({ type: 'card', card: 'TH' }, fromShoe);
    expect(service.table.boxes[0]!.hands[0]!.cards).toEqual(['TH']);
    const again = await service.submit(resume('sup-1'), { source: 'api', by: 'sup-1' });
    expect(again.rejectedReason?.code).toBe('notPaused');
    expect(again.note).toBeUndefined();
  });

  test('a Resume on a table that was also paused clears the halt and resumes the round, saying both', async () => {
    const { service, disk } = await halted();
    disk.full = false;
    const result = await service.submit(resume('sup-1'), { source: 'api', by: 'sup-1' });
    expect(result.note?.code).toBe('storageRecovered');
    // The supervisor pauses, then the disk fills again: one Resume clears the halt and lifts the pause.
    await service.submit({ type: 'supervisor', action: 'pause', by: 'sup-1', reason: 'check the cards' }, { source: 'api', by: 'sup-1' });
    expect(service.phase).toBe('paused');
    disk.full = true;
    await expect(service.submit({ type: 'card', card: 'TH' }, fromShoe)).rejects.toBeInstanceOf(TableHaltedError);
    disk.full = false;
    const both = await service.submit(resume('sup-1'), { source: 'api', by: 'sup-1' });
    expect(both.note?.code).toBe('storageRecovered');
    expect(both.facts.map((f) => f.type)).toContain('table.resumed');
    expect(service.phase).not.toBe('paused');
  });

  test('a Resume while the log still cannot be written is refused with the halt, in one WARN line', async () => {
    const { service, logged } = await halted();
    await expect(service.submit(resume('sup-1'), { source: 'api', by: 'sup-1' })).rejects.toBeInstanceOf(TableHaltedError);
    expect(service.halted?.kind).toBe('storage');
    const lines = logged().slice(1);
    expect(lines).toEqual([expect.objectContaining({ level: 40, by: 'sup-1' })]);
    expect(lines[0]!.msg).toMatch(/^resume by sup-1: the log still cannot be written \(.*the disk is full.*\); the table stays halted \(the log's folder: \/data\/tables\): free disk space/);
    expect('err' in lines[0]!).toBe(false);
  });
});
