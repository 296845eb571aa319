// Health and metrics: /healthz, /readyz (log writable, shoe link up, no event-loop stall),
// /metrics (Prometheus), and displays shed under pressure while commands still pass.
import { afterEach, describe, expect, test } from 'vitest';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pino } from 'pino';
import { SerialPortMock } from 'serialport';
import type { FastifyInstance } from 'fastify';
import { createTableWebServer } from '../../../src/composition/table-web-server.js';
import { AppendMetrics, type TableHealth } from '../../../src/adapters/web/table-health.js';
import { meteredStore } from '../../../src/adapters/store/metered-store.js';
import { MemoryEventStore } from '../../../src/adapters/store/memory-event-store.js';
import { TableService } from '../../../src/app/table/table-service.js';
import { steppingClock } from '../../../src/adapters/clock/stepping-clock.js';
import { startTable } from '../../../src/composition/table-runtime.js';
import { parseTableConfig } from '../../../src/config/table-config.js';
import { TABLE_ID, TOKENS, config, loadShoe, rules, rulesId } from './support/table-fixture.js';

let app: FastifyInstance | undefined;
let service: TableService | undefined;
afterEach(async () => {
  await app?.close();
  app = undefined;
  service?.close();
});

interface Knobs { link: string | null; writable: boolean }

async function serve(knobs: Knobs, extra: { shedDisplaysAtMs?: number; shedSampleMs?: number } = {}) {
  const appends = new AppendMetrics();
  const store = meteredStore(new MemoryEventStore(), (o) => appends.observe(o));
  service = await TableService.open({ tableId: TABLE_ID, rules, rulesId, store, clock: steppingClock() });
  const health: TableHealth = {
    appends,
    linkState: () => knobs.link,
    linkCounters: () => ({ crcErrors: 3, retransmissions: 7 }),
    storeWritable: async () => (knobs.writable ? { ok: true } : { ok: false, reason: 'disk full' }),
  };
  app = createTableWebServer({ service, store, config, decisionSeconds: 15, logger: pino({ level: 'silent' }), health, ...extra });
  await app.ready();
  return { store, service };
}

const busy = (ms: number) => {
  const until = Date.now() + ms;
  while (Date.now() < until) { /* the table's event loop held up on purpose */ }
};

describe('health', () => {
  test('/healthz answers while the process lives', async () => {
    await serve({ link: null, writable: false });
    const response = await app!.inject('/healthz');
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ ok: true });
  });

  test('/readyz: 200 with the link up and the log writable; 503 naming each problem otherwise', async () => {
    const knobs: Knobs = { link: 'up', writable: true };
    await serve(knobs);
    expect((await app!.inject('/readyz')).statusCode).toBe(200);
    knobs.link = 'down';
    knobs.writable = false;
    const response = await app!.inject('/readyz');
    expect(response.statusCode).toBe(503);
    expect(response.json().problems).toEqual(['log not writable: disk full', 'shoe link down']);
    // Each problem coded where /readyz judged it, for a page to put in its own words.
    expect(response.json().problemReasons).toEqual([
      { reason: 'log not writable: disk full', code: 'logUnwritable', params: { reason: 'disk full' } },
      { reason: 'shoe link down', code: 'shoeLinkState', params: { state: 'down' } },
    ]);
  });

  test('/readyz: an event-loop stall makes the table not ready', async () => {
    await serve({ link: 'up', writable: true });
    await new Promise((r) => setTimeout(r, 30));
    busy(400);
    await new Promise((r) => setTimeout(r, 20));
    const response = await app!.inject('/readyz');
    expect(response.statusCode).toBe(503);
    expect(response.json().problems).toEqual([expect.stringMatching(/^event loop stalled \d+ ms/)]);
  });

  test('/metrics: link, appends and their latency, views per audience, sockets, event loop, round, refusals', async () => {
    const { service: table } = await serve({ link: 'up', writable: true });
    await loadShoe(table);
    await app!.inject('/api/views/public');
    await app!.inject({ method: 'POST', url: '/api/bets', payload: { seat: 1, player: 'ana', amount: 1000 } });
    const text = (await app!.inject('/metrics')).body;
    expect(text).toMatch(/table_link_up\{state="up",table="web-1"\} 1/);
    expect(text).toMatch(/table_link_retransmissions_total\{table="web-1"\} 7/);
    expect(text).toMatch(/table_link_crc_errors_total\{table="web-1"\} 3/);
    expect(text).toMatch(/table_appended_events_total\{table="web-1"\} [1-9]/);
    expect(text).toMatch(/table_append_seconds_count\{table="web-1"\} [1-9]/);
    expect(text).toMatch(/table_views_sent_total\{audience="public",table="web-1"\} 0/);
    expect(text).toMatch(/table_display_sockets\{audience="public",table="web-1"\} 0/);
    expect(text).toMatch(/table_round\{table="web-1"\} 1/);
    expect(text).toMatch(/table_refusals_total\{table="web-1"\} 1/);
    expect(text).toMatch(/nodejs_eventloop_lag_seconds/);
  });

  test('under pressure the displays are refused (503) while commands and health still pass', async () => {
    const { service: table } = await serve({ link: 'up', writable: true }, { shedDisplaysAtMs: 20, shedSampleMs: 200 });
    await loadShoe(table);
    await new Promise((r) => setTimeout(r, 150));
    busy(800);
    // The plugin samples the delay every 100 ms: ask until it has seen the stall.
    let view = await app!.inject('/api/views/public');
    for (let i = 0; i < 60 && view.statusCode !== 503; i++) {
      await new Promise((r) => setTimeout(r, 10));
      view = await app!.inject('/api/views/public');
    }
    expect(view.statusCode).toBe(503);
    expect(view.json()).toMatchObject({ ok: false, reason: expect.stringMatching(/busy/) });
    const [page, russianPage, script, bet, healthz] = await Promise.all([
      app!.inject('/'),
      app!.inject('/dealer?lang=ru'),
      app!.inject('/assets/public.js'),
      app!.inject({ method: 'POST', url: '/api/bets', headers: { authorization: `Bearer ${TOKENS.gameServer}` }, payload: { seat: 1, player: 'ana', amount: 1000 } }),
      app!.inject('/healthz'),
    ]);
    // A display asking for its page is told in words, in its language, and asks again by itself.
    expect(page.statusCode).toBe(503);
    expect(page.headers['retry-after']).toBe('2');
    expect(page.headers['content-type']).toMatch(/^text\/html/);
    expect(page.headers['content-security-policy']).toMatch(/default-src 'none'/);
    expect(page.body).toContain('<meta http-equiv="refresh" content="2">');
    expect(page.body).toContain('The table is busy: this display comes back by itself in 2 s.');
    expect(russianPage.statusCode).toBe(503);
    expect(russianPage.body).toContain('<html lang="ru">');
    expect(russianPage.body).toContain('Стол занят: это табло вернётся само через 2 с.');
    // A page that has loaded can still load its scripts (its sockets wait and retry).
    expect(script.statusCode).toBe(200);
    expect(bet.statusCode).toBe(200);
    expect(healthz.statusCode).toBe(200);
    expect((await app!.inject('/metrics')).body).toMatch(/table_displays_shed_total\{cause="pressure",table="web-1"\} [1-9]/);
  });
});

describe('health of a running demo table', () => {
  test('/readyz turns ready once the emulated shoe\'s link is up; /metrics counts its appends', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'health-'));
    const tableConfig = parseTableConfig({ id: 'health-1', rules: 'six-deck', store: { path: join(dir, '{tableId}.db'), synchronous: 'NORMAL' }, http: { host: '127.0.0.1', port: 0 }, roles: {} }, 'test');
    const runtime = await startTable({ config: tableConfig, logger: pino({ level: 'silent' }), quiet: true, web: (deps) => createTableWebServer(deps) });
    try {
      let ready = 0;
      for (let i = 0; i < 100 && ready !== 200; i++) {
        ready = (await fetch(`${runtime.url}/readyz`)).status;
        if (ready !== 200) await new Promise((r) => setTimeout(r, 50));
      }
      expect(ready).toBe(200);
      const metrics = await (await fetch(`${runtime.url}/metrics`)).text();
      expect(metrics).toMatch(/table_link_up\{state="up",table="health-1"\} 1/);
      expect(metrics).toMatch(/table_appended_events_total\{table="health-1"\} [1-9]/);
    } finally {
      await runtime.stop();
      SerialPortMock.binding.reset();
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
