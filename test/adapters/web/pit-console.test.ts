// The pit console (docs/operations.md, "The pit console"): its board's figures against logs with known
// settlements (stacked-shoe scenarios of test/scenarios played into logs with `shoe run`, as
// test/cli/shift-report-cli.test.ts does), its order (what needs a person first) on the page, a table whose
// heartbeat stops turning stale through the floor's own NATS, and the page's token.
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pino from 'pino';
import { get } from 'node:http';
import { HOLD_MS, TICK_MS } from '../../../src/adapters/web/pit-board-stream.js';
import { connect, type NatsConnection } from 'nats';
import { ROOT } from '../../support/run-cli.js';
import { loadScenario, playIntoLog, type Scenario } from '../../support/scenario.js';
import { openTableFile } from '../../../src/adapters/store/sqlite-table-file.js';
import { readLogPages } from '../../../src/app/audit/read-log-pages.js';
import { PitBoard } from '../../../src/app/floor/pit-board.js';
import type { StoredEvent } from '../../../src/ports/event-store.js';
import { PIT_STATES } from '../../../src/ports/pit-view.js';
import { createPitServer } from '../../../src/adapters/web/pit-server.js';
import { TableLiveness } from '../../../src/adapters/floor/table-liveness.js';
import { VirtualClock } from '../../../src/adapters/clock/virtual-clock.js';
import { heartbeatSubject } from '../../../src/adapters/floor/table-heartbeat.js';

const TABLES: Record<string, string> = {
  't-double': 'basic-01-double-soft-hand-allowed',
  't-pairs': 'deluxe-03-pairs-side-bet-payouts',
  't-insure': 'classic-05-even-money-insurance-against-ace-dealer-blackjack',
  't-void': 'six-deck-17-out-of-turn-card-void-round',
};
const SHIFT = { from: '2000-01-01T00:00:00Z', to: '2100-01-01T00:00:00Z' };
const dir = mkdtempSync(join(tmpdir(), 'pit-console-'));
const scenarios = new Map<string, Scenario>();
const logs = new Map<string, StoredEvent[]>();

beforeAll(async () => {
  for (const [table, name] of Object.entries(TABLES)) {
    const scenario = loadScenario(join(ROOT, 'test/scenarios'), name);
    scenarios.set(table, scenario);
    const { session, stderr } = await playIntoLog(scenario, join(dir, `${table}.db`), table);
    expect(stderr).toBe('');
    const { store } = openTableFile(join(dir, `${table}.db`));
    const events: StoredEvent[] = [];
    for await (const page of readLogPages(store, table)) events.push(...page);
    await store.close();
    logs.set(table, events);
  }
}, 120_000);

/** A board fed every log, each event twice (the floor may deliver a message again). */
function boardOfLogs(): PitBoard {
  const board = new PitBoard(SHIFT, (t) => (t === 't-pairs' ? 'Anna Petrova' : undefined));
  for (const events of logs.values()) for (const e of events) { board.push(e); board.push(e); }
  return board;
}

const FAR = Date.parse('2099-01-01T00:00:00Z');

describe('the pit console\'s board', () => {
  test('each table\'s shift figures are its scenario\'s settlements; rounds, dealer and money at risk', () => {
    const rows = boardOfLogs().rows(FAR, () => false);
    expect(rows.map((r) => r.tableId).sort()).toEqual(Object.keys(TABLES).sort());
    for (const row of rows) {
      const live = scenarios.get(row.tableId)!.expect.filter((e) => e.outcome !== 'void');
      expect(row.shift.drop, row.tableId).toBe(live.reduce((s, e) => s + (e.stake ?? 0), 0));
      expect(row.shift.houseWin, row.tableId).toBe(-live.reduce((s, e) => s + e.net, 0));
      expect(row.shift.hands, row.tableId).toBe(live.filter((e) => e.bet === 'main').length);
      expect(row.round, row.tableId).toBe(Math.max(...logs.get(row.tableId)!.map((e) => e.round)));
      expect(row.seq, row.tableId).toBe(logs.get(row.tableId)!.length);
      expect(row.dealer).toBe(row.tableId === 't-pairs' ? 'Anna Petrova' : 'unknown');
      if (row.state === 'idle') expect(row.atRisk, row.tableId).toBe(0);
      // Long after the shift's events, none of its hands is in the last hour.
      expect(row.handsLastHour).toBe(0);
    }
  });

  test('money at risk: the stakes of a round being dealt; hands in the last hour counted at the log\'s own time', () => {
    const events = logs.get('t-double')!;
    const board = new PitBoard(SHIFT);
    const settledAt = events.findIndex((e) => e.type === 'bet.settled');
    for (const e of events.slice(0, settledAt)) board.push(e);
    const dealing = board.rows(FAR, () => false)[0]!;
    expect(dealing.state).toBe('dealing');
    // basic-01 doubles a 10.00 bet: 20.00 at risk.
    expect(dealing.atRisk).toBe(scenarios.get('t-double')!.expect[0]!.stake);
    for (const e of events.slice(settledAt)) board.push(e);
    expect(board.rows(Date.parse(events.at(-1)!.wallTime), () => false)[0]!.handsLastHour).toBe(1);
  });

  test('what needs a person first: fault, stale, paused, then dealing, betting, between rounds', () => {
    const board = boardOfLogs();
    const at = (table: string, seq: number, type: string, data: Record<string, unknown>): StoredEvent =>
      ({ tableId: table, seq, type, data, round: 1, monoTime: 0, wallTime: '2030-01-01T00:00:00Z', rulesId: 'r', prevHash: '', hash: '' }) as unknown as StoredEvent;
    board.push(at('a-paused', 1, 'table.paused', { round: 1, by: 'sup1', reason: 'break' }));
    board.push(at('b-betting', 1, 'betting.opened', { round: 1 }));
    board.push(at('c-stale', 1, 'betting.opened', { round: 1 }));
    board.push(at('d-idle', 1, 'round.ended', { round: 1, voided: false }));
    const rows = board.rows(FAR, (t) => t === 'c-stale');
    const order = rows.map((r) => `${r.tableId}:${r.state}`);
    // t-void ends paused on its out-of-turn card's fault (six-deck-17); the stale table's alarm is in words.
    expect(order[0]).toBe('t-void:fault');
    expect(order.slice(1, 3)).toEqual(['c-stale:stale', 'a-paused:paused']);
    const rank = rows.map((r) => PIT_STATES.indexOf(r.state));
    expect(rank).toEqual([...rank].sort((a, b) => a - b));
    expect(order.slice(3)).toEqual(['b-betting:betting', 't-double:betting', 't-insure:betting', 't-pairs:betting', 'd-idle:idle']);
    expect(rows.find((r) => r.tableId === 'c-stale')!.alarms).toEqual([{ kind: 'stale' }]);
  });
});

describe('the pit console\'s page', () => {
  const credentials = new Map([['sup-token', { role: 'supervisor' as const, name: 'sup1' }], ['dealer-token', { role: 'dealer' as const, name: 'd1' }]]);
  let board: PitBoard | undefined;
  const app = createPitServer({
    credentials, logger: pino({ level: 'silent' }), clock: new VirtualClock(),
    board: (lang) => ({ lang, rows: (board ??= boardOfLogs()).rows(FAR, (t) => t === 't-pairs'), total: board.total(), shift: SHIFT, currency: 'EUR', at: '2030-01-01T00:00:00Z' }),
  });
  afterAll(() => app.close());

  test('rows in the board\'s order, states and alarms in words, in English and Russian', async () => {
    const en = await app.inject('/pit?token=sup-token&lang=en');
    expect(en.statusCode).toBe(200);
    const order = [...en.body.matchAll(/<tr data-table="([^"]+)" data-state="([^"]+)"/g)].map((m) => `${m[1]}:${m[2]}`);
    expect(order).toEqual(['t-void:fault', 't-pairs:stale', 't-double:betting', 't-insure:betting']);
    expect(en.body).toContain('A card was drawn out of turn');
    expect(en.body).toContain('Stale: not heard from');
    expect(en.body).not.toMatch(/>outOfTurn</);
    const ru = await app.inject('/pit?token=sup-token&lang=ru');
    expect(ru.body).toContain('<html lang="ru">');
    expect(ru.body).toContain('Карта вышла не по очереди');
    expect(ru.body).toContain('Нет связи со столом');
  });

  test('no token: 401; a dealer\'s token: 403; each a page that says what to do', async () => {
    const none = await app.inject('/pit');
    expect(none.statusCode).toBe(401);
    expect(none.body).toContain('needs a supervisor’s token');
    const dealer = await app.inject('/pit?token=dealer-token');
    expect(dealer.statusCode).toBe(403);
    expect(dealer.body).not.toContain('t-void');
    const pushed = await app.inject('/pit/board?token=dealer-token');
    expect(pushed.statusCode).toBe(403);
    expect(pushed.body).not.toContain('t-void');
    expect((await app.inject('/pit/board')).statusCode).toBe(401);
  });
});

describe('the pit console\'s board pushed to open pages (/pit/board, server-sent events)', () => {
  const clock = new VirtualClock();
  const board = new PitBoard(SHIFT);
  let changed: () => void = () => undefined;
  const app = createPitServer({
    credentials: new Map([['sup-token', { role: 'supervisor' as const, name: 'sup1' }]]), logger: pino({ level: 'silent' }), clock,
    board: (lang) => ({ lang, rows: board.rows(FAR, () => false), total: board.total(), shift: SHIFT, currency: 'EUR', at: '2030-01-01T00:00:00Z' }),
    changes: (listener) => {
      changed = listener;
      return () => (changed = () => undefined);
    },
  });
  afterAll(() => app.close());
  const opened = (table: string, seq: number): StoredEvent => ({ tableId: table, seq, type: 'betting.opened', data: { round: seq }, round: seq, monoTime: 0, wallTime: '2030-01-01T00:00:00Z', rulesId: 'r', prevHash: '', hash: '' }) as StoredEvent;

  /** The boards a page has been sent so far: the tables of each, in order. */
  function page(url: string, lang: 'en' | 'ru'): { boards: string[][]; text: () => string; close: () => void } {
    let text = '';
    const request = get(`${url}/pit/board?token=sup-token&lang=${lang}`, (res) => res.setEncoding('utf8').on('data', (d: string) => (text += d)));
    request.on('error', () => undefined);
    const boards = () => [...text.matchAll(/event: board\ndata: (.*)\n\n/g)].map((m) => [...(m[1] as string).matchAll(/data-table="([^"]+)"/g)].map((t) => t[1] as string));
    return { get boards() { return boards(); }, text: () => text, close: () => request.destroy() };
  }
  const settle = async (done: () => boolean) => {
    for (let i = 0; i < 200 && !done(); i++) await new Promise((r) => setTimeout(r, 5));
  };

  test('the board now on opening; a change at once; changes within the hold as one when it ends; the tick each second', async () => {
    const url = await app.listen({ host: '127.0.0.1', port: 0 });
    const en = page(url, 'en');
    const ru = page(url, 'ru');
    await settle(() => en.boards.length === 1 && ru.boards.length === 1);
    expect(en.boards).toEqual([[]]);
    expect(ru.text()).toContain('data: <div id="pit-board">');
    board.push(opened('p-1', 1));
    changed();
    await settle(() => en.boards.length === 2 && ru.boards.length === 2);
    expect(en.boards.at(-1)).toEqual(['p-1']);
    expect(ru.boards.at(-1)).toEqual(['p-1']);
    // Two more changes inside the hold: nothing until it ends, then one board with both.
    board.push(opened('p-2', 1));
    changed();
    board.push(opened('p-3', 1));
    changed();
    await new Promise((r) => setTimeout(r, 50));
    expect(en.boards).toHaveLength(2);
    await clock.advance(HOLD_MS);
    await settle(() => en.boards.length === 3);
    expect(en.boards).toHaveLength(3);
    expect(new Set(en.boards.at(-1))).toEqual(new Set(['p-1', 'p-2', 'p-3']));
    // No change: the tick still sends the board (a table turning stale is silence, not an event).
    await clock.advance(TICK_MS);
    await settle(() => en.boards.length === 4);
    expect(en.boards).toHaveLength(4);
    expect(ru.text()).toContain('Раунд');
    en.close();
    ru.close();
  });
});

describe('a table whose heartbeat stops turns stale on the console (NATS at NATS_URL)', () => {
  let nc: NatsConnection;
  beforeAll(async () => {
    nc = await connect({ servers: process.env['NATS_URL'] ?? 'nats://127.0.0.1:4222' });
  });
  afterAll(() => nc.close());

  test('heard: not stale; 3 s of silence: stale, its row first and its alarm in words; heard again: back', async () => {
    const clock = new VirtualClock();
    const liveness = new TableLiveness({ connection: nc, clock });
    liveness.start();
    const table = `pit-stale-${process.pid}-${Date.now()}`;
    const beat = () => nc.publish(heartbeatSubject(table), JSON.stringify({ tableId: table, logSeq: 5, replicatedSeq: 5, at: new Date(clock.wallNow()).toISOString() }));
    beat();
    await nc.flush();
    for (let i = 0; i < 50 && liveness.tables().indexOf(table) < 0; i++) await new Promise((r) => setImmediate(r));
    await new Promise((r) => setTimeout(r, 50)); // the heartbeat's way back from the server
    expect(liveness.tables()).toContain(table);
    const board = new PitBoard(SHIFT);
    board.push({ tableId: table, seq: 1, type: 'betting.opened', data: { round: 1 }, round: 1, monoTime: 0, wallTime: '2030-01-01T00:00:00Z', rulesId: 'r', prevHash: '', hash: '' });
    board.push({ tableId: 'other', seq: 1, type: 'betting.opened', data: { round: 1 }, round: 1, monoTime: 0, wallTime: '2030-01-01T00:00:00Z', rulesId: 'r', prevHash: '', hash: '' });
    const stale = (t: string) => liveness.stale(t) !== null;
    expect(board.rows(FAR, stale).map((r) => r.state)).toEqual(['betting', 'betting']);
    await clock.advance(3000);
    expect(board.rows(FAR, stale).map((r) => `${r.tableId}:${r.state}`)).toEqual([`${table}:stale`, 'other:betting']);
    beat();
    await nc.flush();
    await new Promise((r) => setTimeout(r, 100));
    expect(liveness.stale(table)).toBeNull();
    liveness.stop();
  });
});
