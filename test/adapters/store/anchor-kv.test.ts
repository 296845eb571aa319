// Anchors (ADR 0004) on the real nats-server: anchors also go to a JetStream KV key per table, so a log put back
// from an older copy is refused even when the anchor file beside it was deleted too.
import { copyFileSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { randomBytes } from 'node:crypto';
import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import { connect } from 'nats';
import { describe, expect, test } from 'vitest';
import { NATS_URL, natsSkipReason } from './nats-availability.js';
import { openAnchoredTable, silent } from '../../support/anchored-table.js';
import { playRandomSession } from '../../support/random-session.js';
import { loadRuleSet } from '../../../src/config/load-rule-set.js';
import { AnchorKv } from '../../../src/adapters/store/anchor-kv.js';
import { anchorFileOf, readNewestAnchor } from '../../../src/adapters/store/anchor-file.js';
import { backupDatabase } from '../../../src/adapters/store/sqlite-backup.js';
import { guardTableLog } from '../../../src/composition/log-guard.js';
import { LogBehindAnchorError } from '../../../src/ports/log-anchor.js';
import { cliBundle } from '../../support/cli-bundle.js';
import { ROOT } from '../../support/run-cli.js';

const skip = await natsSkipReason();
if (skip) console.warn(`anchor KV tests skipped: ${skip}`);

describe.skipIf(skip !== false)('anchors on JetStream KV (real nats-server)', () => {
  test('every anchor reaches the table\'s KV key; an older copy with its anchor file deleted is still refused, at start and by verify --nats', async () => {
    const tableId = `kv-${randomBytes(6).toString('hex')}`;
    const dir = mkdtempSync(join(tmpdir(), 'anchor-kv-'));
    const db = join(dir, `${tableId}.db`);
    const { inputs } = playRandomSession(loadRuleSet('six-deck').rules, 41, 8);
    const table = await openAnchoredTable(db, tableId, { natsUrl: NATS_URL });
    const half = Math.floor(inputs.length / 2);
    for (const input of inputs.slice(0, half)) await table.service.submit(input, { source: 'session' });
    await backupDatabase(db, join(dir, 'older.db'));
    for (const input of inputs.slice(half)) await table.service.submit(input, { source: 'session' });
    await table.close();

    const connection = await connect({ servers: NATS_URL });
    try {
      const kv = await AnchorKv.open(connection);
      const inKv = await kv.newest(tableId);
      expect(inKv).toEqual(readNewestAnchor(anchorFileOf(db))?.anchor);
      expect(inKv?.reason).toBe('shutdown');
    } finally {
      await connection.close();
    }

    // An older copy put back, and the local anchor file deleted with it.
    rmSync(db);
    rmSync(anchorFileOf(db));
    copyFileSync(join(dir, 'older.db'), db);
    const refusal = await guardTableLog({ tableId, dbPath: db, logger: silent, natsUrl: NATS_URL }).then(
      async (g) => {
        await g.close();
        return null;
      },
      (err: unknown) => err,
    );
    expect(refusal).toBeInstanceOf(LogBehindAnchorError);
    expect((refusal as Error).message).toMatch(new RegExp(`but JetStream KV table-anchors/${tableId} anchored seq \\d+ .*anchored events are missing`));

    const cli = await cliBundle();
    const verify = await promisify(execFile)(process.execPath, [cli, 'verify', db, '--nats', NATS_URL], { cwd: ROOT, env: { ...process.env, SHOE_LOG_KEY: '' } }).then(
      () => ({ code: 0, stdout: '' }),
      (err: { code: number; stdout: string }) => err,
    );
    expect(verify.code).toBe(1);
    expect(verify.stdout).toMatch(new RegExp(`MISMATCH ${tableId} at event \\d+: .* JetStream KV table-anchors/${tableId} anchored seq`));
  }, 120_000);
});
