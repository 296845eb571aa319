// `shoe floor --follow` through the loss of the node its consumer lives on (src/adapters/store/ordered-reader.ts,
// docs/operations.md "The floor on a cluster"): a table replicates to a stream kept in three copies; once the
// floor prints its first rounds, the node holding the floor's consumer is killed (SIGKILL) and stays down
// while the table deals on. Every round settled meanwhile is printed, once, before the node returns, and the
// floor says on stderr that it read on from a new consumer. Needs Debian's nats-server (CI installs it).
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { connect, type NatsConnection } from 'nats';
import { natsServerAvailable, nodeIndex, ownNatsCluster } from '../support/nats-cluster.js';
import { cliBundle } from '../support/cli-bundle.js';
import { ROOT } from '../support/run-cli.js';
import { until } from '../support/wait-until.js';
import { loadRuleSet } from '../../src/config/load-rule-set.js';
import { SqliteEventStore } from '../../src/adapters/store/sqlite-event-store.js';
import { JetStreamReplicator } from '../../src/adapters/store/jetstream-replicator.js';
import { JetStreamLog } from '../../src/adapters/store/jetstream-log.js';
import { natsServers } from '../../src/adapters/store/nats-servers.js';
import { steppingClock } from '../../src/adapters/clock/stepping-clock.js';
import { TableService } from '../../src/app/table/table-service.js';
import { parseSession } from '../../src/session/parse-session.js';
import type { NatsCluster } from '../../scripts/nats-cluster.mjs';

let cluster: NatsCluster;
let removeCluster: () => Promise<void>;
const scratch = mkdtempSync(join(tmpdir(), 'floor-consumer-loss-'));

describe.skipIf(!natsServerAvailable())('shoe floor --follow on a three-node cluster', () => {
  beforeAll(async () => {
    ({ cluster, remove: removeCluster } = await ownNatsCluster());
  }, 90_000);
  afterAll(async () => {
    await removeCluster?.();
    rmSync(scratch, { recursive: true, force: true });
  });

  test('the node holding its consumer is killed: the rounds settled while it is down are printed, once each, before it returns', async () => {
    const jetstream = { streamName: 'FLOOR_CONSUMER_LOSS', subjectPrefix: 'floorconsumerloss', replicas: 3, timeoutMs: 2000 };
    const { rules, rulesId } = loadRuleSet('six-deck');
    const store = new SqliteEventStore({ path: join(scratch, '{tableId}.db'), pollIntervalMs: 50 });
    const nc: NatsConnection = await connect({ servers: natsServers(cluster.url), maxReconnectAttempts: -1, reconnectTimeWait: 250 });
    await JetStreamLog.open(nc, jetstream);
    const service = await TableService.open({ tableId: 'k1', rules, rulesId, store, clock: steppingClock('2026-02-01T10:00:00.000Z') });
    const replicator = new JetStreamReplicator({ source: store, tableId: 'k1', connection: nc, pollIntervalMs: 50, retryDelayMs: 100, maxRetryDelayMs: 1000, jetstream });
    replicator.start();
    const session = parseSession(readFileSync(join(ROOT, 'config/demo/six-deck-demo.jsonl'), 'utf8'));
    let ended = 0;
    const play = async (from: number, to: number): Promise<void> => {
      for (const { input, line } of session.slice(from, to)) ended += (await service.submit(input, { source: 'session', line })).facts.filter((f) => f.type === 'round.ended').length;
    };
    await play(0, 40);
    await replicator.waitFor(service.position, 30_000);
    const before = ended;
    expect(before).toBeGreaterThan(0);

    const floor = spawn(process.execPath, [await cliBundle(), 'floor', '--follow', '--nats', cluster.url, '--stream', jetstream.streamName, '--subject-prefix', jetstream.subjectPrefix], { cwd: ROOT });
    let stdout = '';
    let stderr = '';
    floor.stdout.setEncoding('utf8').on('data', (d: string) => (stdout += d));
    floor.stderr.setEncoding('utf8').on('data', (d: string) => (stderr += d));
    const rounds = () => stdout.split('\n').filter((l) => /table k1, round \d+/.test(l));
    try {
      await until(() => rounds().length === before, 30_000, 'the rounds already on the stream');
      const consumers = await (await nc.jetstreamManager()).consumers.list(jetstream.streamName).next();
      expect(consumers).toHaveLength(1);
      const victim = nodeIndex(consumers[0]?.cluster?.leader);
      await cluster.stopNode(victim, 'SIGKILL');
      await play(40, session.length);
      expect(ended).toBeGreaterThan(before);
      await replicator.waitFor(service.position, 60_000);
      // The node stays down: a floor left on its consumer would print nothing more until it returned.
      await until(() => rounds().length >= ended, 30_000, `the rounds settled while n${victim + 1} is down (printed so far: ${rounds().length} of ${ended}; stderr: ${stderr})`);
      expect(rounds()).toHaveLength(ended);
      expect(new Set(rounds().map((l) => /round (\d+)/.exec(l)?.[1])).size).toBe(ended);
      expect(stderr).toContain("the floor's consumer stopped answering");
      await cluster.startNode(victim);
    } finally {
      floor.kill('SIGTERM');
      await replicator.stop();
      await nc.close();
      service.close();
      await store.close();
    }
  }, 180_000);
});
