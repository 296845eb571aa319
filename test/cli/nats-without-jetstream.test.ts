// A NATS server that answers but has no JetStream (started without -js): `shoe floor`, `shoe displays` and
// `shoe verify --nats` say so in one line and exit 2 (they printed a stack trace: "NatsError: 503"), and a
// table's floor link names it in its reason and its WARN (it said "not reachable (503)", sending the
// operator to the network).
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pino } from 'pino';
import { natsServerAvailable, ownNatsServer, type NatsServerProcess } from '../adapters/store/nats-server-process.js';
import { shoeInProcess as shoe } from '../support/shoe-in-process.js';
import { ROOT } from '../support/run-cli.js';
import { FloorLink } from '../../src/composition/floor-link.js';
import { realClock } from '../../src/adapters/clock/real-clock.js';

describe.skipIf(!natsServerAvailable())(natsServerAvailable() ? 'NATS without JetStream' : 'skipped: nats-server not installed', () => {
  let nats: NatsServerProcess;
  let remove: () => Promise<void>;
  beforeAll(async () => {
    ({ nats, remove } = await ownNatsServer(false));
  });
  afterAll(() => remove());

  const sentence = () => `NATS at ${nats.url} has no JetStream: start \`nats-server\` with JetStream on (\`-js\`, or \`jetstream {}\` in its configuration)`;

  test.each(['floor', 'displays'])('shoe %s: one line naming JetStream, exit 2', async (verb) => {
    const r = await shoe(verb, '--nats', nats.url);
    expect(r.code).toBe(2);
    expect(r.stderr).toBe(`shoe ${verb}: ${sentence()}\n`);
  });

  test('shoe verify --nats: one line naming JetStream, exit 2 (and one line when NATS is not there)', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'verify-nojs-'));
    try {
      const db = join(dir, 't1.db');
      expect((await shoe('run', join(ROOT, 'config/demo/six-deck-demo.jsonl'), '--rules', 'six-deck', '--db', db, '--table', 't1', '--quiet')).code).toBe(0);
      const r = await shoe('verify', db, '--nats', nats.url);
      expect(r.code).toBe(2);
      expect(r.stderr).toBe(`shoe verify: ${sentence()}\n`);
      // A server that is not there at all: the same words as floor and displays.
      const refused = await shoe('verify', db, '--nats', 'nats://127.0.0.1:1');
      expect(refused.code).toBe(2);
      expect(refused.stderr).toBe('shoe verify: cannot reach NATS at nats://127.0.0.1:1: connection refused; start it, or give the right --nats URL\n');
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  test('a table\'s floor link: its reason and its WARN name JetStream', async () => {
    const lines: Array<{ level: number; msg: string }> = [];
    const logger = pino({ level: 'info' }, { write: (line: string) => void lines.push(JSON.parse(line) as { level: number; msg: string }) });
    // What the replicator does first with a connection: ask for JetStream.
    const link = new FloorLink({ url: nats.url, logger, clock: realClock(), retryMs: 60_000, onConnected: async (connection) => void (await connection.jetstreamManager()) });
    await link.start();
    // What /readyz's "degraded" and the supervisor page show (reasons-*.js: reason.natsNoJetStream).
    expect(link.problem).toBe(`floor link down: ${sentence()}`);
    await link.close();
    const warn = lines.find((l) => l.level === 40);
    expect(warn?.msg).toBe(`floor link down: ${sentence()}; the table deals on its local log and the replica, the view fan-out and the KV anchor catch up when NATS returns`);
  });
});
