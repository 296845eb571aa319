// Fan-out through NATS (ADR 0005), against the real nats-server: with `nats` configured the table
// publishes its public and dealer views to `tables.<id>.views.<audience>` (a last-value stream); a
// stateless gateway serves the same sockets and views from there — the current view at once, then
// changes — to displays that never touch the table process. Unique table ids per test.
import { afterEach, describe, expect, test } from 'vitest';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { randomUUID } from 'node:crypto';
import { pino } from 'pino';
import { SerialPortMock } from 'serialport';
import { connect, type NatsConnection } from 'nats';
import { WebSocket } from 'ws';
import { startTable, type TableRuntime } from '../../../src/composition/table-runtime.js';
import { credentialIndex, parseTableConfig, type TableConfig } from '../../../src/config/table-config.js';
import { NatsViewSource } from '../../../src/adapters/view-fanout/nats-view-source.js';
import { createGatewayServer } from '../../../src/adapters/web/gateway-server.js';
import { NATS_URL, natsSkipReason } from '../store/nats-availability.js';

const skip = await natsSkipReason();
const quiet = pino({ level: 'silent' });

interface Gateway { url: string; close(): Promise<void> }

let runtime: TableRuntime | undefined;
let dir: string | undefined;
const closers: Array<() => Promise<void>> = [];
afterEach(async () => {
  for (const close of closers.splice(0).reverse()) await close();
  await runtime?.stop();
  runtime = undefined;
  SerialPortMock.binding.reset();
  if (dir) rmSync(dir, { recursive: true, force: true });
});

function tableConfig(id: string): TableConfig {
  dir = mkdtempSync(join(tmpdir(), 'nats-displays-'));
  return parseTableConfig({
    id, rules: 'six-deck', store: { path: join(dir, '{tableId}.db'), synchronous: 'NORMAL' }, nats: { url: NATS_URL },
    roles: { dealer: [{ name: 'dealer-ann', token: 'dealer-token-1' }], 'game-server': [{ name: 'gs', token: 'gs-token-1' }] },
  }, 'test');
}

async function gateway(config: TableConfig): Promise<Gateway> {
  const connection: NatsConnection = await connect({ servers: NATS_URL });
  const views = new NatsViewSource({ connection, tableId: config.id, logger: quiet });
  await views.start();
  const app = createGatewayServer({ views, credentials: credentialIndex(config), logger: quiet });
  const url = await app.listen({ host: '127.0.0.1', port: 0 });
  const close = async () => {
    await app.close();
    await views.stop();
    await connection.close();
  };
  closers.push(close);
  return { url, close };
}

function watch(url: string): Promise<{ views: Array<Record<string, unknown>>; next(match: (v: Record<string, unknown>) => boolean): Promise<Record<string, unknown>>; socket: WebSocket }> {
  const socket = new WebSocket(url);
  const views: Array<Record<string, unknown>> = [];
  const waiters: Array<{ match: (v: Record<string, unknown>) => boolean; resolve: (v: Record<string, unknown>) => void }> = [];
  socket.on('message', (data) => {
    const view = (JSON.parse(data.toString()) as { view: Record<string, unknown> }).view;
    views.push(view);
    for (const w of [...waiters]) if (w.match(view)) (waiters.splice(waiters.indexOf(w), 1), w.resolve(view));
  });
  closers.push(async () => void socket.close());
  return new Promise((resolve, reject) => {
    socket.on('error', reject);
    socket.on('open', () => resolve({
      views, socket,
      next: (match) => {
        const seen = views.find(match);
        return seen ? Promise.resolve(seen) : new Promise((r, j) => {
          waiters.push({ match, resolve: r });
          setTimeout(() => j(new Error('no such view within 10 s')), 10_000).unref();
        });
      },
    }));
  });
}

const seatBets = (view: Record<string, unknown>, seat: number) => ((view['table'] as { seats: Array<{ seat: number; bets: Array<{ player: string }> }> }).seats.find((s) => s.seat === seat)?.bets ?? []);

describe.skipIf(skip)(`display gateways over NATS${skip ? ` (skipped: ${skip})` : ''}`, () => {
  test('a gateway serves the current public view at once, then each change; GET /api/views/public too', async () => {
    const config = tableConfig(`views-${randomUUID().slice(0, 8)}`);
    runtime = await startTable({ config, logger: quiet, quiet: true });
    await runtime.service.submit({ type: 'shoe.loaded' }, { source: 'shoe' });
    await runtime.service.submit({ type: 'card', card: '5D' }, { source: 'shoe' });
    const gw = await gateway(config);
    const display = await watch(`${gw.url.replace('http', 'ws')}/ws/public`);
    const first = await display.next((v) => (v['table'] as { stage: string }).stage === 'betting');
    expect(first).toMatchObject({ meta: { tableId: config.id }, table: { round: 1 } });
    await runtime.service.submit({ type: 'bet', seat: 3, player: 'zoë', amount: 1500 }, { source: 'api', by: 'gs' });
    const withBet = await display.next((v) => seatBets(v, 3).length > 0);
    expect(seatBets(withBet, 3)).toEqual([{ player: 'zoë', kind: 'main', amount: 1500 }]);
    const table = await runtime.views.current('public');
    const response = await fetch(`${gw.url}/api/views/public`);
    expect(await response.text()).toBe(table.json);
    expect(JSON.stringify(display.views)).not.toContain('5D'); // the burn card never reaches the public
  });

  test('each view from a gateway says when the table made it (madeAt: after its facts were durable, before the gateway sent it)', async () => {
    const config = tableConfig(`views-${randomUUID().slice(0, 8)}`);
    runtime = await startTable({ config, logger: quiet, quiet: true });
    await runtime.service.submit({ type: 'shoe.loaded' }, { source: 'shoe' });
    await runtime.service.submit({ type: 'card', card: '5D' }, { source: 'shoe' });
    const gw = await gateway(config);
    const socket = new WebSocket(`${gw.url.replace('http', 'ws')}/ws/public`);
    closers.push(async () => void socket.close());
    const messages: Array<{ sentAt: string; madeAt?: string; view: Record<string, unknown>; readAt: number }> = [];
    socket.on('message', (data) => messages.push({ ...(JSON.parse(data.toString()) as { sentAt: string; view: Record<string, unknown> }), readAt: Date.now() }));
    await new Promise((resolve) => socket.once('open', resolve));
    for (let i = 0; i < 100 && messages.length === 0; i++) await new Promise((r) => setTimeout(r, 20));
    const before = Date.now();
    await runtime.service.submit({ type: 'bet', seat: 2, player: 'ann', amount: 1000 }, { source: 'api', by: 'gs' });
    for (let i = 0; i < 250 && !messages.some((m) => seatBets(m.view, 2).length > 0); i++) await new Promise((r) => setTimeout(r, 20));
    const withBet = messages.find((m) => seatBets(m.view, 2).length > 0);
    expect(withBet?.madeAt).toEqual(expect.any(String));
    const madeAt = Date.parse(withBet!.madeAt!);
    expect(madeAt).toBeGreaterThanOrEqual(before);
    expect(madeAt).toBeLessThanOrEqual(Date.parse(withBet!.sentAt));
    expect(Date.parse(withBet!.sentAt)).toBeLessThanOrEqual(withBet!.readAt);
  });

  test('a gateway started later gets the current view from the last-value stream; the dealer display needs a credential', async () => {
    const config = tableConfig(`views-${randomUUID().slice(0, 8)}`);
    runtime = await startTable({ config, logger: quiet, quiet: true });
    await runtime.service.submit({ type: 'shoe.loaded' }, { source: 'shoe' });
    await runtime.service.submit({ type: 'card', card: '5D' }, { source: 'shoe' });
    await runtime.service.submit({ type: 'bet', seat: 1, player: 'ann', amount: 1000 }, { source: 'api', by: 'gs' });
    const current = (await runtime.views.current('dealer')).json;
    for (let i = 0; i < 100; i++) {
      const seen = await (async () => {
        const c = await connect({ servers: NATS_URL });
        try {
          const m = await (await c.jetstreamManager()).streams.getMessage('TABLE_VIEWS', { last_by_subj: `tables.${config.id}.views.dealer` });
          return m.string();
        } catch {
          return null;
        } finally {
          await c.close();
        }
      })();
      if (seen === current) break;
      await new Promise((r) => setTimeout(r, 50));
    }
    const late = await gateway(config);
    const dealer = await watch(`${late.url.replace('http', 'ws')}/ws/dealer?token=dealer-token-1`);
    const first = await dealer.next(() => true);
    expect(JSON.stringify(first)).toBe(current);
    expect(first).toMatchObject({ instruction: { kind: 'bettingOpen' } });
    const refused = await fetch(`${late.url}/api/views/dealer`);
    expect(refused.status).toBe(401);
    const withToken = await fetch(`${late.url}/api/views/dealer`, { headers: { authorization: 'Bearer gs-token-1' } });
    expect(withToken.status).toBe(403);
  });
});
