// The table never waits for the floor (docs/operations.md): with the floor's NATS down at boot the table
// starts, serves its pages and deals on its local log; /readyz says "degraded" with the reason. When a
// real nats-server comes up later, the JetStream replica catches up with every event and the KV anchor
// holds the table's newest anchor.
import { afterAll, expect, test } from 'vitest';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pino } from 'pino';
import { SerialPortMock } from 'serialport';
import { connect } from 'nats';
import { parseTableConfig } from '../../src/config/table-config.js';
import { startTable, type TableRuntime } from '../../src/composition/table-runtime.js';
import { createTableWebServer } from '../../src/composition/table-web-server.js';
import { JetStreamLog } from '../../src/adapters/store/jetstream-log.js';
import { AnchorKv } from '../../src/adapters/store/anchor-kv.js';
import { NatsServerProcess, freePort } from '../adapters/store/nats-server-process.js';

const dir = mkdtempSync(join(tmpdir(), 'floor-outage-'));
let server: NatsServerProcess | undefined;
let runtime: TableRuntime | undefined;
afterAll(async () => {
  await runtime?.stop();
  SerialPortMock.binding.reset();
  await server?.stop('SIGKILL');
  rmSync(dir, { recursive: true, force: true });
});

async function until<T>(what: string, probe: () => Promise<T | undefined> | T | undefined, ms: number): Promise<T> {
  const end = Date.now() + ms;
  for (;;) {
    const value = await probe();
    if (value !== undefined) return value;
    if (Date.now() > end) throw new Error(`not within ${ms} ms: ${what}`);
    await new Promise((r) => setTimeout(r, 100));
  }
}

test('NATS down at boot: the table serves and deals, degraded; NATS up later: the replica and the KV anchor catch up', async () => {
  const port = await freePort();
  server = new NatsServerProcess(port, join(dir, 'jetstream'));
  const tableId = `floor-${port}`;
  const config = parseTableConfig({
    id: tableId, rules: 'six-deck', store: { path: join(dir, '{tableId}.db'), synchronous: 'NORMAL' }, nats: { url: server.url },
    decisionTimerSeconds: 1, bettingSeconds: 0.05, resultsSeconds: 0, http: { host: '127.0.0.1', port: 0 }, roles: {},
  }, 'test');
  runtime = await startTable({ config, logger: pino({ level: 'silent' }), paceMs: 5, web: (deps) => createTableWebServer(deps) });
  const url = runtime.url!;
  expect((await fetch(`${url}/healthz`)).status).toBe(200);
  const degraded = await until('readyz degraded', async () => {
    const body = (await (await fetch(`${url}/readyz`)).json()) as { status: string; degraded: string[]; degradedReasons: Array<{ reason: string; code: string; params: Record<string, string> }> };
    return body.status === 'degraded' ? body : undefined;
  }, 10_000);
  expect(degraded.degraded.join(' ')).toMatch(/floor link down: NATS at nats:\/\/127\.0\.0\.1:\d+ not reachable/);
  // Coded where the floor link judged it, for a page to say in its own language.
  expect(degraded.degradedReasons).toEqual([{ reason: degraded.degraded[0], code: 'floorLink', params: { state: 'down', reason: expect.stringMatching(/^NATS at nats:\/\/127\.0\.0\.1:\d+ not reachable/), reasonCode: 'natsUnreachable', address: expect.stringMatching(/^nats:\/\/127\.0\.0\.1:\d+$/), error: expect.any(String) } }]);

  // The table deals on its local log meanwhile.
  const { service } = runtime;
  await until('two rounds ended', () => (service.table.round >= 3 ? true : undefined), 30_000);

  await server.start();
  const connection = await connect({ servers: server.url });
  try {
    const js = await JetStreamLog.open(connection, { timeoutMs: 2000 });
    // Every event on the log reaches the stream, in order, none missing.
    const replicated = await until('replica caught up', async () => {
      const target = service.position;
      const head = await js.head(tableId).catch(() => undefined);
      return head && head.version >= target ? head : undefined;
    }, 20_000);
    const events = await js.readRange(tableId, 1, replicated.version);
    expect(events.map((e) => e.seq)).toEqual(Array.from({ length: replicated.version }, (_, i) => i + 1));
    // The newest anchor, missed while NATS was away, is in the KV.
    const kv = await AnchorKv.open(connection);
    const anchor = await until('KV anchor written', () => kv.newest(tableId), 10_000);
    expect(anchor.tableId).toBe(tableId);
    expect(anchor.seq).toBeGreaterThan(0);
    await until('readyz ready again', async () => {
      const body = (await (await fetch(`${url}/readyz`)).json()) as { degraded: string[] };
      return body.degraded.length === 0 ? true : undefined;
    }, 10_000);
  } finally {
    await connection.close();
  }
}, 90_000);
