// The live path beside the durable copy (docs/adr/0016-a-live-path-beside-the-durable-copy.md) on a
// three-node cluster: the node that LEADS a stream is killed (SIGKILL) and stays down while the stream elects
// a new leader (nats-server 2.9.10: 4-9 s). The table keeps dealing meanwhile; the pit console's feed gets
// every event appended since — in order, once each — while JetStream has acknowledged none of them, and a
// gateway gets the table's newest view while the views' stream has acknowledged none of the later views.
// Then JetStream catches up and nothing is applied twice. The table's and the readers' connections are to
// the two other nodes (a reader on the lost node is ADR 0015's business). Needs Debian's nats-server.
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { connect, type NatsConnection } from 'nats';
import { Subject } from 'rxjs';
import { natsServerAvailable, nodeIndex, ownNatsCluster } from '../support/nats-cluster.js';
import { ROOT } from '../support/run-cli.js';
import { until } from '../support/wait-until.js';
import { loadRuleSet } from '../../src/config/load-rule-set.js';
import { SqliteEventStore } from '../../src/adapters/store/sqlite-event-store.js';
import { JetStreamReplicator } from '../../src/adapters/store/jetstream-replicator.js';
import { JetStreamLog } from '../../src/adapters/store/jetstream-log.js';
import { LiveEventPublisher } from '../../src/adapters/store/live-event-publisher.js';
import { PitFeed } from '../../src/adapters/floor/pit-feed.js';
import { NatsViewPublisher } from '../../src/adapters/view-fanout/nats-view-publisher.js';
import { NatsViewSource } from '../../src/adapters/view-fanout/nats-view-source.js';
import { VIEW_STREAM, ensureViewStream } from '../../src/adapters/view-fanout/view-stream.js';
import { realClock } from '../../src/adapters/clock/real-clock.js';
import { steppingClock } from '../../src/adapters/clock/stepping-clock.js';
import { TableService } from '../../src/app/table/table-service.js';
import { parseSession } from '../../src/session/parse-session.js';
import type { StoredEvent } from '../../src/ports/event-store.js';
import type { AudienceViewSource, DisplayAudience, SharedView } from '../../src/ports/shared-view.js';
import type { NatsCluster } from '../../scripts/nats-cluster.mjs';

let cluster: NatsCluster;
let removeCluster: () => Promise<void>;
let admin: NatsConnection;
const scratch = mkdtempSync(join(tmpdir(), 'live-path-'));
const clock = realClock();

/** Every node but `victim`, for the connections that must not be on the node killed. */
const others = (victim: number): string[] => [0, 1, 2].filter((i) => i !== victim).map((i) => cluster.nodeUrl(i));
const connectTo = (servers: string[]): Promise<NatsConnection> => connect({ servers, maxReconnectAttempts: -1, reconnectTimeWait: 250 });

async function leaderOf(stream: string): Promise<number> {
  const info = await (await admin.jetstreamManager()).streams.info(stream);
  return nodeIndex(info.cluster?.leader);
}

describe.skipIf(!natsServerAvailable())('the live path while a stream elects a leader', () => {
  beforeAll(async () => {
    ({ cluster, remove: removeCluster } = await ownNatsCluster());
    admin = await connectTo(cluster.url.split(','));
  }, 90_000);
  afterAll(async () => {
    await admin?.close();
    await removeCluster?.();
    rmSync(scratch, { recursive: true, force: true });
  });

  // Second case: the console is connected to the node killed, and misses what passes while it reconnects; it
  // asks the table for the gap (src/adapters/floor/live-event-merge.ts) rather than wait for the election.
  test.each([
    { name: 'LIVE_PATH', consoleOnVictim: false },
    { name: 'LIVE_PATH_ASK', consoleOnVictim: true },
  ])("the table's stream leader killed ($name): the console gets the events dealt meanwhile, in order, once each, before JetStream acknowledges them", async ({ name, consoleOnVictim }) => {
    const jetstream = { streamName: name, subjectPrefix: name.toLowerCase().replace(/_/g, ''), replicas: 3, timeoutMs: 2000 };
    await JetStreamLog.open(admin, jetstream);
    await until(async () => (await (await admin.jetstreamManager()).streams.info(name)).cluster?.leader !== undefined, 30_000, 'a leader for the events');
    const victim = await leaderOf(jetstream.streamName);
    const table = await connectTo(others(victim));
    const pit = consoleOnVictim ? await connect({ servers: [cluster.nodeUrl(victim), ...others(victim)], noRandomize: true, maxReconnectAttempts: -1, reconnectTimeWait: 250 }) : await connectTo(others(victim));
    const tableId = consoleOnVictim ? 'k2' : 'k1';
    const { rules, rulesId } = loadRuleSet('six-deck');
    const store = new SqliteEventStore({ path: join(scratch, '{tableId}.db'), pollIntervalMs: 50 });
    const service = await TableService.open({ tableId, rules, rulesId, store, clock: steppingClock('2026-02-01T10:00:00.000Z') });
    const replicator = new JetStreamReplicator({ source: store, tableId, connection: table, pollIntervalMs: 50, retryDelayMs: 100, maxRetryDelayMs: 1000, jetstream });
    const live = new LiveEventPublisher({ source: store, tableId, connection: table, subjectPrefix: jetstream.subjectPrefix });
    await live.start();
    replicator.start();
    const taken: StoredEvent[] = [];
    const feed = new PitFeed({ connection: pit, clock, board: { push: (e) => taken.push(e) }, streamName: jetstream.streamName, subjectPrefix: jetstream.subjectPrefix, replicas: 3 });
    await feed.start();
    const session = parseSession(readFileSync(join(ROOT, 'config/demo/six-deck-demo.jsonl'), 'utf8'));
    const play = async (from: number, to: number): Promise<void> => {
      for (const { input, line } of session.slice(from, to)) await service.submit(input, { source: 'session', line });
    };
    try {
      await play(0, 20);
      await replicator.waitFor(service.position, 30_000);
      await until(() => taken.length === service.position, 30_000, 'the events already on the stream');
      const before = service.position;
      const killed = cluster.stopNode(victim, 'SIGKILL');
      await play(20, session.length);
      await killed;
      const dealt = service.position;
      expect(dealt).toBeGreaterThan(before);
      await until(() => taken.length >= dealt, 30_000, `the events dealt while the stream elects (taken ${taken.length} of ${dealt})`);
      // The console has them all while JetStream has acknowledged none since the kill: they came by the live path.
      expect(replicator.status.replicatedSeq).toBeLessThan(dealt);
      expect(taken.map((e) => e.seq)).toEqual(Array.from({ length: dealt }, (_, i) => i + 1));
      expect(feed.merge.applied.live).toBeGreaterThan(0);
      if (consoleOnVictim) expect(pit.info?.server_name).not.toBe(`n${victim + 1}`);
      // JetStream catches up with a new leader: what it brings again is not applied again.
      await replicator.waitFor(dealt, 60_000);
      await until(() => feed.merge.applied.durable + feed.merge.doubles >= dealt, 30_000, 'the copy read up to the table');
      expect(taken.map((e) => e.seq)).toEqual(Array.from({ length: dealt }, (_, i) => i + 1));
    } finally {
      await feed.stop();
      live.stop();
      await replicator.stop();
      await table.close();
      await pit.close();
      service.close();
      await store.close();
      await cluster.startNode(victim);
    }
  }, 180_000);

  test("the views' stream leader killed: the gateway shows the table's newest view before the stream acknowledges it, each view once, in order", async () => {
    await ensureViewStream(await admin.jetstreamManager(), 3);
    await until(async () => (await (await admin.jetstreamManager()).streams.info(VIEW_STREAM)).cluster?.leader !== undefined, 30_000, 'a leader for the views');
    const victim = await leaderOf(VIEW_STREAM);
    const table = await connectTo(others(victim));
    const gatewayConnection = await connectTo(others(victim));
    const made = new Subject<SharedView>();
    const views: AudienceViewSource = {
      views$: (audience: DisplayAudience) => (audience === 'public' ? made.asObservable() : new Subject<SharedView>().asObservable()),
      current: () => Promise.reject(new Error('not used')),
    };
    const publisher = new NatsViewPublisher({ tableId: 'v1', views, connection: table, clock, replicas: 3 });
    await publisher.start();
    const gateway = new NatsViewSource({ connection: gatewayConnection, tableId: 'v1', clock });
    const shown: number[] = [];
    const view = (seq: number): SharedView => ({ audience: 'public', seq, view: { seq }, json: JSON.stringify({ seq }) });
    const offer = async (from: number, to: number): Promise<void> => {
      for (let seq = from; seq <= to; seq++) {
        made.next(view(seq));
        await new Promise((r) => setImmediate(r));
      }
    };
    try {
      await offer(1, 5);
      await until(() => publisher.published('public') > 0, 30_000, 'a view on the stream');
      await gateway.start();
      const watching = gateway.views$('public').subscribe((v) => shown.push(v.seq));
      await offer(6, 10);
      await until(() => shown.at(-1) === 10, 30_000, 'the views before the kill');
      await cluster.stopNode(victim, 'SIGKILL');
      const acknowledged = publisher.published('public');
      await offer(11, 40);
      await until(() => shown.at(-1) === 40, 30_000, `the views made while the stream elects (shown ${shown.at(-1)})`);
      // The gateway shows view 40 while the views' stream has acknowledged none made since the kill.
      expect(publisher.published('public')).toBe(acknowledged);
      expect(gateway.taken.live).toBeGreaterThan(0);
      // Once the stream has a leader again, the views it brings are older or equal: none shown again.
      await until(() => publisher.published('public') > acknowledged, 60_000, 'the views\' stream acknowledges again');
      await new Promise((r) => setTimeout(r, 1000));
      expect(shown).toEqual([...shown].sort((a, b) => a - b));
      expect(new Set(shown).size).toBe(shown.length);
      expect(shown.at(-1)).toBe(40);
      watching.unsubscribe();
    } finally {
      await gateway.stop();
      publisher.stop();
      await table.close();
      await gatewayConnection.close();
      await cluster.startNode(victim);
    }
  }, 180_000);
});
