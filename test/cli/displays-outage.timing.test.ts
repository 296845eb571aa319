// `shoe displays` through a NATS outage, against a nats-server of the test's own that it stops and starts
// again: the gateway says when NATS goes (WARN, with what to do) and returns (INFO), /readyz answers 503
// meanwhile and 200 after, the displays keep the last view, and views published after the return reach
// them. (NATS unreachable at start: one line and exit 2, in test/cli/shoe-cli.test.ts.)
import { afterEach, describe, expect, test } from 'vitest';
import { spawn, type ChildProcess } from 'node:child_process';
import { connect, headers } from 'nats';
import { natsServerAvailable, ownNatsServer } from '../adapters/store/nats-server-process.js';
import { ROOT } from '../support/run-cli.js';
import { viewSubject } from '../../src/adapters/view-fanout/view-stream.js';
import { until, logLines } from '../support/wait-until.js';

const TABLE = 'outage-1';
const cleanups: Array<() => unknown> = [];
afterEach(async () => {
  for (const clean of cleanups.splice(0).reverse()) await clean();
});

async function publishView(url: string, view: object, seq: number): Promise<void> {
  const nc = await connect({ servers: url });
  const h = headers();
  h.set('Table-Seq', String(seq));
  await nc.jetstream().publish(viewSubject(TABLE, 'public'), JSON.stringify(view), { headers: h });
  await nc.close();
}

describe.skipIf(!natsServerAvailable())(natsServerAvailable() ? 'a display gateway through a NATS outage' : 'skipped: nats-server not installed', () => {
  test('WARN when NATS goes, 503 from /readyz meanwhile, the last view kept; INFO and views again when it returns', async () => {
    const { nats, remove } = await ownNatsServer();
    cleanups.push(remove);

    const gateway: ChildProcess = spawn(process.execPath, ['--import', 'tsx', 'src/cli/main.ts', 'displays', '--nats', nats.url, '--table', TABLE, '--port', '0', '--view-interval', '0'], { cwd: ROOT });
    let stdout = '';
    let stderr = '';
    gateway.stdout?.on('data', (d: Buffer) => (stdout += d.toString()));
    gateway.stderr?.on('data', (d: Buffer) => (stderr += d.toString()));
    const exited = new Promise<number | null>((resolve) => gateway.once('exit', (code) => resolve(code)));
    cleanups.push(() => gateway.kill('SIGKILL'));
    await until(() => /serving outage-1 at http:\/\/[\d.]+:\d+/.test(stdout), 30_000, `the gateway to serve (stderr: ${stderr})`);
    const address = /serving outage-1 at (http:\/\/[\d.]+:\d+)/.exec(stdout)?.[1] as string;
    const get = (path: string) => fetch(`${address}${path}`).then(async (r) => ({ status: r.status, body: await r.text() }));

    await publishView(nats.url, { round: 1, phase: 'betting' }, 1);
    await until(async () => (await get('/api/views/public')).body.includes('"round":1'), 10_000, 'the first view');
    expect((await get('/readyz')).status).toBe(200);

    // NATS goes.
    await nats.stop('SIGKILL');
    await until(() => logLines(stdout).some((l) => l.level === 40 && /^NATS disconnected: the displays keep their last view/.test(l.msg)), 15_000, 'the WARN');
    const away = await get('/readyz');
    expect(away.status).toBe(503);
    const sentence = `NATS at ${nats.url} disconnected: no new views reach the displays`;
    expect(JSON.parse(away.body)).toEqual({ ok: false, status: 'not ready', problems: [sentence], problemReasons: [{ reason: sentence, code: 'gatewayNatsDown', params: { address: nats.url } }] });
    expect(logLines(stdout).find((l) => l.level === 40)?.msg).toMatch(/check that NATS runs$/);
    expect((await get('/api/views/public')).body).toContain('"round":1');
    expect((await get('/healthz')).status).toBe(200);

    // NATS returns, with its store: the gateway reconnects by itself and the views flow again.
    await nats.start();
    await until(() => logLines(stdout).some((l) => l.level === 30 && /^NATS reconnected/.test(l.msg)), 20_000, 'the INFO');
    expect((await get('/readyz')).status).toBe(200);
    await publishView(nats.url, { round: 2, phase: 'dealing' }, 2);
    await until(async () => (await get('/api/views/public')).body.includes('"round":2'), 20_000, 'a view published after the return');

    gateway.kill('SIGTERM');
    expect(await exited).toBe(0);
    expect(logLines(stdout).filter((l) => l.level >= 50)).toEqual([]);
  }, 120_000);
});
