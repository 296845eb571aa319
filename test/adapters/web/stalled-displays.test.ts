// Displays that stop reading are shed (src/adapters/web/stalled-readers.ts; docs/web-api.md, "Stalled
// displays"): real ws clients over loopback, one that pauses its socket for good and one that reads late
// but answers each ping; the watch's timers driven by a virtual clock, so "within the bound" is
// counted in ping intervals, not measured.
import { once } from 'node:events';
import { afterEach, describe, expect, test } from 'vitest';
import { pino, type Logger } from 'pino';
import { WebSocket } from 'ws';
import type { FastifyInstance } from 'fastify';
import { createTableWebServer } from '../../../src/composition/table-web-server.js';
import { createGatewayServer } from '../../../src/adapters/web/gateway-server.js';
import { NOT_READING_CLOSE_CODE } from '../../../src/adapters/web/stalled-readers.js';
import { ViewChannel, type DisplayAudience } from '../../../src/ports/shared-view.js';
import type { TableService } from '../../../src/app/table/table-service.js';
import { VirtualClock } from '../../../src/adapters/clock/virtual-clock.js';
import { config, loadShoe, openTable } from './support/table-fixture.js';

const PING_MS = 1000;

let app: FastifyInstance | undefined;
let service: TableService | undefined;
const clients: WebSocket[] = [];
afterEach(async () => {
  for (const c of clients.splice(0)) c.terminate();
  await app?.close();
  app = undefined;
  service?.close();
  service = undefined;
});

/** A logger whose WARN lines the test reads. */
function warnings(): { logger: Logger; lines: Array<Record<string, unknown>> } {
  const lines: Array<Record<string, unknown>> = [];
  return { lines, logger: pino({ level: 'warn' }, { write: (line: string) => void lines.push(JSON.parse(line) as Record<string, unknown>) }) };
}

async function tableServer(logger: Logger, clock: VirtualClock, logIntervalMs = 10 * PING_MS): Promise<string> {
  const table = await openTable();
  service = table.service;
  await loadShoe(service);
  app = createTableWebServer({ service, store: table.store, config, decisionSeconds: 15, logger, clock, readerWatch: { pingIntervalMs: PING_MS, logIntervalMs } });
  return (await app.listen({ host: '127.0.0.1', port: 0 })).replace('http', 'ws');
}

interface Display {
  readonly socket: WebSocket;
  readonly views: string[];
  pings: number;
  /** The code and reason it was closed with, once it has read them. */
  readonly closed: Promise<{ code: number; reason: string }>;
}

async function display(url: string): Promise<Display> {
  const socket = new WebSocket(url);
  clients.push(socket);
  const shown: Display = {
    socket, views: [], pings: 0,
    closed: new Promise((resolve) => socket.on('close', (code, reason) => resolve({ code, reason: reason.toString() }))),
  };
  socket.on('message', (data) => shown.views.push(data.toString()));
  socket.on('ping', () => (shown.pings += 1));
  socket.on('error', () => undefined); // the reset after the Close
  await once(socket, 'open');
  while (shown.views.length === 0) await once(socket, 'message');
  return shown;
}

/** Stops reading: its kernel keeps receiving until its buffer is full; nothing is read, no ping answered. */
const stopReading = (d: Display) => (d.socket as unknown as { _socket: { pause(): void } })._socket.pause();
const readAgain = (d: Display) => (d.socket as unknown as { _socket: { resume(): void } })._socket.resume();

/** The server's end of each display socket (@fastify/websocket's ws server). */
const serverSockets = () => [...(app as unknown as { websocketServer: { clients: Set<WebSocket> } }).websocketServer.clients];

async function metric(name: string, labels: string): Promise<number> {
  const text = (await app!.inject('/metrics')).body;
  const line = text.split('\n').find((l) => l.startsWith(`${name}{`) && l.includes(labels));
  return Number(line?.split(' ').at(-1));
}

const bet = (seat: number, amount: number) => service!.submit({ type: 'bet', seat, player: `p${seat}`, amount }, { source: 'api', by: 'online-gs' });

describe('the table sheds a display that stops reading', () => {
  test('never reading: shed at the second ping, counted, closed with 4408 and the reason in words, said in one WARN line', async () => {
    const { logger, lines } = warnings();
    const clock = new VirtualClock();
    const base = await tableServer(logger, clock);
    const stalled = await display(`${base}/ws/public`);
    const reading = await display(`${base}/ws/public`);
    expect(clock.pendingTimers, 'the watch\'s timer, armed while displays are connected').toBe(1);
    stopReading(stalled);
    await bet(1, 1000);
    const answered = Promise.race(serverSockets().map((s) => once(s, 'pong')));
    await clock.advance(PING_MS); // both are pinged
    await answered; // the reading one answers
    expect(await metric('table_displays_shed_total', 'cause="stalled"')).toBe(0);
    await clock.advance(PING_MS); // the stalled one's ping is still unanswered: shed
    expect(await metric('table_displays_shed_total', 'cause="stalled"')).toBe(1);
    expect(await metric('table_displays_shed_total', 'cause="pressure"')).toBe(0);
    readAgain(stalled); // what reached it before the reset: the views, the ping, the Close
    expect(await stalled.closed).toEqual({ code: NOT_READING_CLOSE_CODE, reason: 'not reading: no answer to a ping within 1 s; reconnect for the latest view' });
    expect(await metric('table_display_sockets', 'audience="public"')).toBe(1);
    expect(reading.socket.readyState).toBe(WebSocket.OPEN);
    const shedLines = lines.filter((l) => l['shed'] !== undefined);
    expect(shedLines).toHaveLength(1);
    expect(shedLines[0]).toMatchObject({ level: 40, shed: 1, audiences: { public: 1 }, clients: { '127.0.0.1': 1 } });
    expect(shedLines[0]!['msg']).toMatch(/stopped reading .*closed \(4408\).*Slow or stalled viewers/);
  });

  test('reading late but answering each ping: never shed, and it has the latest view', async () => {
    const clock = new VirtualClock();
    const base = await tableServer(pino({ level: 'silent' }), clock);
    const slow = await display(`${base}/ws/public`);
    expect(clock.pendingTimers, 'the watch\'s timer').toBe(1);
    const [server] = serverSockets();
    for (let seat = 1; seat <= 4; seat++) {
      stopReading(slow);
      await bet(seat, 1000);
      const answered = once(server!, 'pong');
      await clock.advance(PING_MS);
      readAgain(slow);
      await answered;
    }
    await clock.advance(PING_MS);
    expect(slow.pings).toBeGreaterThanOrEqual(4);
    expect(slow.socket.readyState).toBe(WebSocket.OPEN);
    expect(await metric('table_displays_shed_total', 'cause="stalled"')).toBe(0);
    const latest = (await app!.inject('/api/views/public')).body;
    while (!slow.views.at(-1)?.endsWith(`"view":${latest}}`)) await once(slow.socket, 'message');
  });

  test('a Pong sent unasked answers nothing: a display that writes but never reads is shed all the same', async () => {
    const clock = new VirtualClock();
    const base = await tableServer(pino({ level: 'silent' }), clock);
    const writer = await display(`${base}/ws/public`);
    stopReading(writer);
    const [server] = serverSockets();
    for (let i = 0; i < 2; i++) {
      const arrived = once(server!, 'pong');
      writer.socket.pong(Buffer.from('still here'));
      await arrived;
      await clock.advance(PING_MS);
    }
    expect(await metric('table_displays_shed_total', 'cause="stalled"')).toBe(1);
    readAgain(writer);
    expect((await writer.closed).code).toBe(NOT_READING_CLOSE_CODE);
  });

  test('a shed display that reconnects gets the latest view at once', async () => {
    const clock = new VirtualClock();
    const base = await tableServer(pino({ level: 'silent' }), clock);
    const stalled = await display(`${base}/ws/public`);
    stopReading(stalled);
    await clock.advance(2 * PING_MS);
    expect(await metric('table_displays_shed_total', 'cause="stalled"')).toBe(1);
    readAgain(stalled);
    expect((await stalled.closed).code).toBe(NOT_READING_CLOSE_CODE);
    await bet(3, 2500); // the table moves on meanwhile
    const again = await display(`${base}/ws/public`);
    const latest = (await app!.inject('/api/views/public')).body;
    expect(latest).toContain('"amount":2500');
    expect(again.views[0]).toMatch(/^\{"type":"view","sentAt":"[^"]+","view":/);
    expect(again.views[0]!.endsWith(`"view":${latest}}`)).toBe(true);
  });

  test('a storm: one WARN line at the first shed, the rest summed in one line per log interval; no timer once no display is left', async () => {
    const { logger, lines } = warnings();
    const clock = new VirtualClock();
    const base = await tableServer(logger, clock, 3 * PING_MS);
    const first = await Promise.all(Array.from({ length: 10 }, () => display(`${base}/ws/public`)));
    first.forEach(stopReading);
    await clock.advance(2 * PING_MS); // all ten shed in one verdict: one line
    const second = await Promise.all(Array.from({ length: 15 }, () => display(`${base}/ws/public`)));
    second.forEach(stopReading);
    await clock.advance(2 * PING_MS); // fifteen more: within the log interval, not said yet
    const said = () => lines.filter((l) => l['shed'] !== undefined).map((l) => l['shed']);
    expect(said()).toEqual([10]);
    await clock.advance(PING_MS);
    expect(said()).toEqual([10, 15]);
    expect(await metric('table_displays_shed_total', 'cause="stalled"')).toBe(25);
    expect(lines.filter((l) => l['shed'] !== undefined).at(-1)).toMatchObject({ totalShed: 25 });
    await clock.advance(PING_MS);
    expect(clock.pendingTimers).toBe(0);
  });
});

describe('a display gateway sheds a display that stops reading', () => {
  test('shed at the second ping and counted in gateway_displays_shed_total', async () => {
    const channels = new Map<DisplayAudience, ViewChannel>([['public', new ViewChannel()], ['dealer', new ViewChannel()]]);
    channels.get('public')!.publish({ audience: 'public', seq: 1, view: { n: 1 }, json: '{"n":1}' });
    const { logger, lines } = warnings();
    const clock = new VirtualClock();
    app = createGatewayServer({
      views: { views$: (a) => channels.get(a)!.views$, current: (a) => channels.get(a)!.first() },
      credentials: new Map(), logger, clock, readerWatch: { pingIntervalMs: PING_MS },
    });
    const base = (await app.listen({ host: '127.0.0.1', port: 0 })).replace('http', 'ws');
    const stalled = await display(`${base}/ws/public`);
    stopReading(stalled);
    channels.get('public')!.publish({ audience: 'public', seq: 2, view: { n: 2 }, json: '{"n":2}' });
    await clock.advance(PING_MS);
    expect(await metric('gateway_displays_shed_total', 'cause="stalled"')).toBe(0);
    await clock.advance(PING_MS);
    expect(await metric('gateway_displays_shed_total', 'cause="stalled"')).toBe(1);
    readAgain(stalled);
    expect(await stalled.closed).toMatchObject({ code: NOT_READING_CLOSE_CODE, reason: expect.stringMatching(/^not reading/) });
    expect(lines.filter((l) => l['shed'] === 1)).toHaveLength(1);
    const again = await display(`${base}/ws/public`);
    expect(again.views[0]).toMatch(/"view":\{"n":2\}\}$/);
  });
});
