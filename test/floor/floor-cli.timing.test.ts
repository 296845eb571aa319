// The floor: a table's SQLite log is replicated to JetStream; `shoe floor` follows every
// table's stream and prints one line per settled round. Needs NATS (127.0.0.1:4222 or NATS_URL).
import { describe, expect, test } from 'vitest';
import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { connect } from 'nats';
import { NATS_URL, natsSkipReason } from '../adapters/store/nats-availability.js';
import { cliBundle } from '../support/cli-bundle.js';
import { ROOT } from '../support/run-cli.js';
import { loadRuleSet } from '../../src/config/load-rule-set.js';
import { SqliteEventStore } from '../../src/adapters/store/sqlite-event-store.js';
import { JetStreamReplicator } from '../../src/adapters/store/jetstream-replicator.js';
import { steppingClock } from '../../src/adapters/clock/stepping-clock.js';
import { TableService } from '../../src/app/table/table-service.js';
import { parseSession } from '../../src/session/parse-session.js';
import { readFileSync } from 'node:fs';

const skip = await natsSkipReason();

describe.skipIf(skip !== false)(`shoe floor ${skip ? `(skipped: ${skip})` : ''}`, () => {
  test('follows the replicated stream and prints one line per settled round of the table', async () => {
    const cli = await cliBundle();
    const since = new Date(Date.now() - 1000).toISOString();
    const tableId = `floor-${process.pid}-${Date.now()}`;
    const { rules, rulesId } = loadRuleSet('six-deck');
    const store = new SqliteEventStore({ path: join(mkdtempSync(join(tmpdir(), 'floor-')), '{tableId}.db'), pollIntervalMs: 50 });
    const service = await TableService.open({ tableId, rules, rulesId, store, clock: steppingClock(new Date().toISOString()) });
    const nc = await connect({ servers: NATS_URL });
    // A stream of its own: the shared server's default stream may carry other tables' live rounds.
    const jetstream = { streamName: `FLOOR_${process.pid}_${Date.now()}`, subjectPrefix: `floor${process.pid}x${Date.now()}` };
    const replicator = new JetStreamReplicator({ source: store, tableId, connection: nc, pollIntervalMs: 50, jetstream });
    replicator.start();
    const session = parseSession(readFileSync(join(ROOT, 'config/demo/six-deck-demo.jsonl'), 'utf8'));
    let ended = 0;
    for (const { input, line } of session) {
      const r = await service.submit(input, { source: 'session', line });
      ended += r.facts.filter((f) => f.type === 'round.ended').length;
    }
    await replicator.waitFor(service.position, 20_000);

    const { stdout } = await promisify(execFile)(process.execPath, [cli, 'floor', '--nats', NATS_URL, '--stream', jetstream.streamName, '--subject-prefix', jetstream.subjectPrefix, '--since', since], { cwd: ROOT, maxBuffer: 64 * 1024 * 1024 });
    const mine = stdout.split('\n').filter((l) => l.includes(`table ${tableId}, `));
    expect(ended).toBeGreaterThan(5);
    expect(mine).toHaveLength(ended);
    expect(mine[0]).toMatch(new RegExp(`table ${tableId}, round 1: seat \\d+, \\w+'s main bet of \\d+\\.\\d\\d (wins|loses|pushes|surrenders)`));
    await replicator.stop();
    await (await nc.jetstreamManager()).streams.delete(jetstream.streamName);
    await nc.close();
    service.close();
    await store.close();
  }, 60_000);
});
