// A table that stops being heard from turns "stale" on its display gateway within seconds: /readyz answers
// 503 with the reason in words, every display's socket is told (`{"type":"status","status":"stale"}`, the
// page's chip says so), a WARN says what to check; when the heartbeat returns, all of it goes back. A table
// whose heartbeats say its floor copy stays behind its log is stale too. Needs NATS (127.0.0.1:4222 or
// NATS_URL); the table id is the test's own.
import { afterEach, describe, expect, test } from 'vitest';
import { spawn, type ChildProcess } from 'node:child_process';
import { WebSocket } from 'ws';
import { connect, type NatsConnection } from 'nats';
import { NATS_URL, natsSkipReason } from '../store/nats-availability.js';
import { ROOT } from '../../support/run-cli.js';
import { TableHeartbeat } from '../../../src/adapters/floor/table-heartbeat.js';
import { realClock } from '../../../src/adapters/clock/real-clock.js';
import { until, logLines } from '../../support/wait-until.js';

const skip = await natsSkipReason();
const TABLE = `stale-${process.pid}-${Date.now()}`;
const cleanups: Array<() => unknown> = [];
afterEach(async () => {
  for (const clean of cleanups.splice(0).reverse()) await clean();
});

describe.skipIf(skip !== false)(`a stale table on its gateway ${skip ? `(skipped: ${skip})` : ''}`, () => {
  test('heartbeat stops: 503, "stale" on the sockets and a WARN; it returns: 200 and "live"; a copy that stays behind: stale', async () => {
    const nc: NatsConnection = await connect({ servers: NATS_URL });
    cleanups.push(() => nc.close());
    let positions = { logSeq: 10, replicatedSeq: 10 };
    const beat = () => new TableHeartbeat({ connection: nc, tableId: TABLE, clock: realClock(), positions: () => positions, everyMs: 200 });
    let heartbeat = beat();
    heartbeat.start();
    cleanups.push(() => heartbeat.stop());

    const gateway: ChildProcess = spawn(process.execPath, ['--import', 'tsx', 'src/cli/main.ts', 'displays', '--nats', NATS_URL, '--table', TABLE, '--port', '0'], { cwd: ROOT });
    let stdout = '';
    gateway.stdout?.on('data', (d: Buffer) => (stdout += d.toString()));
    cleanups.push(() => gateway.kill('SIGKILL'));
    await until(() => new RegExp(`serving ${TABLE} at http://`).test(stdout), 30_000, 'the gateway to serve');
    const address = new RegExp(`serving ${TABLE} at (http://[\\d.]+:\\d+)`).exec(stdout)?.[1] as string;
    const readyz = () => fetch(`${address}/readyz`).then(async (r) => ({ status: r.status, body: (await r.json()) as { problems: string[]; problemReasons?: Array<{ code: string }> } }));

    const statuses: string[] = [];
    const socket = new WebSocket(`${address.replace('http', 'ws')}/ws/public`);
    socket.on('message', (data) => {
      const m = JSON.parse(String(data)) as { type: string; status?: string };
      if (m.type === 'status') statuses.push(m.status as string);
    });
    cleanups.push(() => socket.close());
    await new Promise((resolve) => socket.once('open', resolve));
    await until(async () => (await readyz()).status === 200, 10_000, 'ready while heard from');

    // The table goes silent (a table killed -9 stops beating the same way).
    heartbeat.stop();
    await until(async () => (await readyz()).status === 503, 15_000, '503 once stale');
    const stale = await readyz();
    expect(stale.body.problemReasons?.map((r) => r.code)).toEqual(['tableStale']);
    expect(stale.body.problems[0]).toMatch(new RegExp(`^table ${TABLE} not heard from for \\d+ s: the displays show its last view; check that the table runs and reaches NATS$`));
    await until(() => statuses.includes('stale'), 5000, 'the sockets told');
    expect(logLines(stdout).some((l) => l.level === 40 && l.msg.startsWith(`table ${TABLE} not heard from`))).toBe(true);

    heartbeat = beat();
    heartbeat.start();
    await until(async () => (await readyz()).status === 200, 10_000, 'ready again');
    await until(() => statuses.at(-1) === 'live', 5000, 'the sockets told it is back');

    // Heard from, but its copy on the floor stays 5 events behind its log.
    positions = { logSeq: 15, replicatedSeq: 10 };
    await until(async () => (await readyz()).status === 503, 15_000, '503 once the copy stays behind');
    expect((await readyz()).body.problemReasons?.map((r) => r.code)).toEqual(['tableReplicaBehind']);
    expect(statuses.at(-1)).toBe('stale');
  }, 90_000);
});
