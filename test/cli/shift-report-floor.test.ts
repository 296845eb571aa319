// `shoe shift-report --nats` reads the floor's copy (docs/operations.md, "Shift reports"): scenarios with known
// settlements played into table logs, each log replicated to JetStream (a stream and subject prefix of this
// test's own, so runs do not meet), and the floor's report must equal the report over the logs alone, figure for
// figure, per table, for the floor and per dealer.
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { connect, type NatsConnection } from 'nats';
import { shoeInProcess } from '../support/shoe-in-process.js';
import { ROOT } from '../support/run-cli.js';
import { loadScenario, playIntoLog } from '../support/scenario.js';
import { NATS_URL, natsSkipReason } from '../adapters/store/nats-availability.js';
import { JetStreamReplicator } from '../../src/adapters/store/jetstream-replicator.js';
import { SqliteEventStore } from '../../src/adapters/store/sqlite-event-store.js';

const skip = await natsSkipReason();

// table id → scenario: a double, a void for a card out of turn, pairs side bets, even money and insurance.
const TABLES: Record<string, string> = {
  'f-double': 'basic-01-double-soft-hand-allowed',
  'f-void': 'six-deck-17-out-of-turn-card-void-round',
  'f-pairs': 'deluxe-03-pairs-side-bet-payouts',
  'f-insure': 'classic-05-even-money-insurance-against-ace-dealer-blackjack',
};
const SHIFT = ['--from', '2000-01-01T00:00:00Z', '--to', '2100-01-01T00:00:00Z'];
const run = `${process.pid}${Date.now().toString(36)}`.toUpperCase();
const stream = `SHIFT_REPORT_${run}`;
const prefix = `shiftreport${run}`;

describe.skipIf(skip)(`shoe shift-report --nats: the floor's copy against the logs${skip ? ` (skipped: ${skip})` : ''}`, () => {
  const dir = mkdtempSync(join(tmpdir(), 'shift-floor-'));
  const tablesDir = mkdtempSync(join(tmpdir(), 'shift-floor-tables-'));
  let connection: NatsConnection;

  beforeAll(async () => {
    for (const [table, name] of Object.entries(TABLES)) {
      const { stderr } = await playIntoLog(loadScenario(join(ROOT, 'test/scenarios'), name), join(dir, `${table}.db`), table);
      expect(stderr).toBe('');
    }
    writeFileSync(join(tablesDir, 'double.yaml'), 'id: f-double\nrules: basic\ndemo: true\ndealer: Anna Petrova\nroles: {}\n');
    writeFileSync(join(tablesDir, 'void.yaml'), 'id: f-void\nrules: six-deck\ndemo: true\ndealer: Boris Ivanov\nroles: {}\n');
    connection = await connect({ servers: NATS_URL });
    const source = new SqliteEventStore({ path: join(dir, '{tableId}.db') });
    try {
      for (const table of Object.keys(TABLES)) {
        const replicator = new JetStreamReplicator({ source, tableId: table, connection, jetstream: { streamName: stream, subjectPrefix: prefix } });
        replicator.start();
        await replicator.waitFor((await source.head(table)).version, 20_000);
        await replicator.stop();
      }
    } finally {
      await source.close();
    }
  }, 120_000);

  afterAll(async () => {
    const jsm = await connection?.jetstreamManager();
    await jsm?.streams.delete(stream).catch(() => undefined);
    await connection?.close();
    rmSync(dir, { recursive: true, force: true });
    rmSync(tablesDir, { recursive: true, force: true });
  });

  test('every figure of every table, of the floor and of each dealer equals the logs\' report', async () => {
    const fromLogs = await shoeInProcess('shift-report', dir, ...SHIFT, '--tables', tablesDir, '--format', 'json');
    expect(fromLogs.stderr).toBe('');
    const fromFloor = await shoeInProcess('shift-report', '--nats', NATS_URL, '--stream', stream, '--subject-prefix', prefix, ...SHIFT, '--tables', tablesDir, '--format', 'json');
    expect(fromFloor.stderr).toBe('');
    expect(fromFloor.code).toBe(0);
    const logs = JSON.parse(fromLogs.stdout) as { tables: Record<string, { drop: number; voids: number }> };
    expect(Object.keys(logs.tables)).toEqual(Object.keys(TABLES).sort());
    expect(logs.tables['f-pairs']!.drop).toBeGreaterThan(0);
    expect(logs.tables['f-void']!.voids).toBeGreaterThan(0);
    expect(JSON.parse(fromFloor.stdout)).toEqual(logs);
  });

  test('the text report too, line for line', async () => {
    const fromLogs = await shoeInProcess('shift-report', dir, ...SHIFT, '--tables', tablesDir);
    const fromFloor = await shoeInProcess('shift-report', '--nats', NATS_URL, '--stream', stream, '--subject-prefix', prefix, ...SHIFT, '--tables', tablesDir);
    expect(fromFloor.stdout).toBe(fromLogs.stdout);
    expect(fromFloor.stdout).toContain('dealer Boris Ivanov');
  });
});
