// Delivering the shared views: a slow display skips to the newest view (conflation, bounded by
// ws bufferedAmount); a display that leaves is forgotten at once; connecting displays cost no replay.
import { afterEach, describe, expect, test, vi } from 'vitest';
import { pino } from 'pino';
import { WebSocket } from 'ws';
import type { FastifyInstance } from 'fastify';
import { ConflatedSender, viewFrameBytes, viewMessage, viewMessageBytes, type ViewSocket } from '../../../src/adapters/web/conflated-sender.js';
import { ViewDeliveryStats } from '../../../src/adapters/web/view-delivery-stats.js';
import { createTableWebServer } from '../../../src/composition/table-web-server.js';
import type { SharedView } from '../../../src/ports/shared-view.js';
import { TableProjections } from '../../../src/app/displays/table-projections.js';
import { tableMeta } from '../../../src/app/displays/table-meta.js';
import type { MemoryEventStore } from '../../../src/adapters/store/memory-event-store.js';
import type { TableService } from '../../../src/app/table/table-service.js';
import { TABLE_ID, TOKENS, config, loadShoe, openTable, rules } from './support/table-fixture.js';

const view = (n: number): SharedView => ({ audience: 'public', seq: n, view: { n }, json: `{"n":${n}}` });

class FakeSocket implements ViewSocket {
  readyState = 1;
  bufferedAmount = 0;
  readonly sent: string[] = [];
  readonly callbacks: Array<(err?: Error) => void> = [];
  send(data: Buffer, options: { binary: boolean }, cb?: (err?: Error) => void): void {
    expect(options.binary).toBe(false); // a text frame: the pages read JSON text
    this.sent.push(data.toString());
    this.bufferedAmount += data.length;
    if (cb) this.callbacks.push(cb);
  }
  /** The oldest send reaches the network. */
  flushOne(): void {
    const data = this.sent[this.sent.length - this.callbacks.length];
    this.bufferedAmount -= data?.length ?? 0;
    this.callbacks.shift()?.();
  }
}

const viewsIn = (socket: FakeSocket) => socket.sent.map((m) => (JSON.parse(m) as { view: { n: number } }).view.n);

describe('conflation', () => {
  test('a display whose buffer is over the bound gets the newest view only, once the buffer drains', () => {
    const socket = new FakeSocket();
    const stats = new ViewDeliveryStats();
    const sender = new ConflatedSender(socket, stats, 10, () => Date.now());
    sender.offer(view(1)); // goes out: nothing was buffered
    expect(socket.bufferedAmount).toBeGreaterThan(10);
    for (let n = 2; n <= 6; n++) sender.offer(view(n)); // the reader is slow: only the newest waits
    expect(viewsIn(socket)).toEqual([1]);
    expect(sender.waiting?.seq).toBe(6);
    socket.flushOne();
    expect(viewsIn(socket)).toEqual([1, 6]);
    socket.flushOne();
    sender.offer(view(7));
    expect(viewsIn(socket)).toEqual([1, 6, 7]);
    expect(stats.of('public')).toMatchObject({ sent: 3, dropped: 4 });
    expect(JSON.parse(socket.sent[0] as string)).toEqual({ type: 'view', sentAt: expect.any(String), view: { n: 1 } });
  });

  test('a view with madeAt (from a gateway) carries it after sentAt; one without, not at all', () => {
    const madeAt = Date.parse('2026-01-02T03:04:05.678Z');
    const text = viewMessage({ ...view(1), madeAt }, new Date('2026-01-02T03:04:05.999Z'));
    expect(text.startsWith('{"type":"view","sentAt":"2026-01-02T03:04:05.999Z","madeAt":"2026-01-02T03:04:05.678Z","view":')).toBe(true);
    expect(JSON.parse(text)).toEqual({ type: 'view', sentAt: '2026-01-02T03:04:05.999Z', madeAt: '2026-01-02T03:04:05.678Z', view: { n: 1 } });
    expect(JSON.parse(viewMessage(view(1), new Date()))).not.toHaveProperty('madeAt');
  });

  test('a view frame is the message behind a server text-frame header of the right length class (RFC 6455 §5.2)', () => {
    for (const [size, header] of [[10, 2], [500, 4], [70_000, 10]] as const) {
      const big: SharedView = { audience: 'public', seq: 1, view: undefined, json: JSON.stringify({ pad: 'x'.repeat(size) }) };
      const at = Date.now();
      const message = viewMessageBytes(big, at);
      const frame = viewFrameBytes(big, at);
      expect(frame[0]).toBe(0x81); // FIN, text, no mask
      const length = header === 2 ? frame[1] : header === 4 ? frame.readUInt16BE(2) : Number(frame.readBigUInt64BE(2));
      expect(frame[1]).toBe(header === 2 ? message.length : header === 4 ? 126 : 127);
      expect(length).toBe(message.length);
      expect(frame.subarray(header).equals(message)).toBe(true);
      expect(viewFrameBytes(big, at)).toBe(frame); // made once for every display in that millisecond
    }
  });

  test('under the bound every view goes out in order', () => {
    const socket = new FakeSocket();
    const sender = new ConflatedSender(socket, new ViewDeliveryStats(), 1_000_000, () => Date.now());
    for (let n = 1; n <= 5; n++) sender.offer(view(n));
    expect(viewsIn(socket)).toEqual([1, 2, 3, 4, 5]);
  });

  test('a display that leaves: the view waiting for it is dropped, nothing more is sent', () => {
    const socket = new FakeSocket();
    const sender = new ConflatedSender(socket, new ViewDeliveryStats(), 10, () => Date.now());
    sender.offer(view(1));
    sender.offer(view(2));
    sender.cancel();
    socket.readyState = 3;
    socket.flushOne();
    sender.offer(view(3));
    expect(viewsIn(socket)).toEqual([1]);
    expect(sender.waiting).toBeNull();
  });
});

describe('display sockets on the shared projections', () => {
  let app: FastifyInstance | undefined;
  let projections: TableProjections | undefined;
  let store: MemoryEventStore;
  let service: TableService;
  afterEach(async () => {
    await app?.close();
    projections?.stop();
    service?.close();
  });

  async function serve(viewBufferBytes?: number): Promise<string> {
    ({ store, service } = await openTable());
    await loadShoe(service);
    projections = new TableProjections({ store, tableId: TABLE_ID, meta: tableMeta(TABLE_ID, rules), rules, decisionSeconds: 15, live: service, clock: service.clock });
    projections.start();
    app = createTableWebServer({ service, store, config, decisionSeconds: 15, logger: pino({ level: 'silent' }), views: projections, ...(viewBufferBytes ? { viewBufferBytes } : {}) });
    return (await app.listen({ host: '127.0.0.1', port: 0 })).replace('http', 'ws');
  }

  function open(url: string): Promise<{ socket: WebSocket; messages: string[] }> {
    const socket = new WebSocket(url);
    const messages: string[] = [];
    socket.on('message', (data) => messages.push(data.toString()));
    return new Promise((resolve, reject) => {
      socket.on('open', () => resolve({ socket, messages }));
      socket.on('error', reject);
    });
  }

  const until = async (check: () => boolean, what: string) => {
    for (let i = 0; i < 400 && !check(); i++) await new Promise((r) => setTimeout(r, 10));
    expect(check(), what).toBe(true);
  };

  test('twenty displays connect: each gets the current view, and the log is not read again for any of them', async () => {
    const base = await serve();
    await projections!.ready();
    const folded = projections!.folded;
    const reads = vi.spyOn(store, 'read');
    const follows = vi.spyOn(store, 'follow');
    const clients = await Promise.all(Array.from({ length: 20 }, () => open(`${base}/ws/public`)));
    await until(() => clients.every((c) => c.messages.length >= 1), 'every display has its first view');
    expect(new Set(clients.map((c) => c.messages[0]!.slice(c.messages[0]!.indexOf('"view":')))).size).toBe(1);
    expect(projections!.watchers('public')).toBe(20);
    expect(reads).not.toHaveBeenCalled();
    expect(follows).not.toHaveBeenCalled();
    expect(projections!.folded).toBe(folded);
    clients.forEach((c) => c.socket.close());
  });

  test('a display that disconnects is no longer watched or counted', async () => {
    const base = await serve();
    const a = await open(`${base}/ws/supervisor?token=${TOKENS.supervisor}`);
    const b = await open(`${base}/ws/public`);
    await until(() => a.messages.length >= 1 && b.messages.length >= 1, 'first views');
    expect(projections!.watchers('supervisor')).toBe(1);
    a.socket.close();
    b.socket.terminate();
    await until(() => projections!.watchers('supervisor') === 0 && projections!.watchers('public') === 0, 'no watcher left');
    const before = a.messages.length;
    await service.submit({ type: 'bet', seat: 1, player: 'ana', amount: 1000 }, { source: 'api', by: 'online-gs' });
    await new Promise((r) => setTimeout(r, 30));
    expect(a.messages.length).toBe(before);
  });

  test('GET /api/views/public answers the shared current view', async () => {
    await serve();
    await service.submit({ type: 'bet', seat: 2, player: 'ben', amount: 700 }, { source: 'api', by: 'online-gs' });
    const reads = vi.spyOn(store, 'read');
    const response = await app!.inject({ method: 'GET', url: '/api/views/public' });
    expect(response.statusCode).toBe(200);
    expect(response.body).toBe((await projections!.current('public')).json);
    expect(response.json()).toMatchObject({ table: { seats: expect.arrayContaining([expect.objectContaining({ seat: 2, bets: [{ player: 'ben', kind: 'main', amount: 700 }] })]) } });
    expect(reads).not.toHaveBeenCalled();
  });
});
