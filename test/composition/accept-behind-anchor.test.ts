// Anchors (ADR 0004): a log behind its anchor refuses to start with ONE line naming both heads; an operator's
// `--accept-log-behind-anchor NAME --reason TEXT` lets it go on, and that decision — who, why, both heads —
// is on the log; the next start needs no decision.
import { copyFileSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import { beforeAll, describe, expect, test } from 'vitest';
import { cliBundle } from '../support/cli-bundle.js';
import { ROOT } from '../support/run-cli.js';
import { openAnchoredTable, silent, tableConfigFor } from '../support/anchored-table.js';
import { playRandomSession } from '../support/random-session.js';
import { loadRuleSet } from '../../src/config/load-rule-set.js';
import { backupDatabase } from '../../src/adapters/store/sqlite-backup.js';
import { SqliteEventStore } from '../../src/adapters/store/sqlite-event-store.js';
import { anchorFileOf, readNewestAnchor } from '../../src/adapters/store/anchor-file.js';
import { startTable } from '../../src/composition/table-runtime.js';
import { ACCEPTED_BEHIND_ANCHOR_RECORD } from '../../src/composition/log-guard.js';
import { LogBehindAnchorError } from '../../src/ports/log-anchor.js';
import { verifyLog } from '../../src/app/audit/verify-log.js';

const run = promisify(execFile);
let cli: string;
beforeAll(async () => {
  cli = await cliBundle();
});

async function shoe(args: string[], timeoutMs = 60_000): Promise<{ code: number; stdout: string; stderr: string }> {
  try {
    const { stdout, stderr } = await run(process.execPath, [cli, ...args], { cwd: ROOT, timeout: timeoutMs, env: { ...process.env, SHOE_LOG_KEY: '' } });
    return { code: 0, stdout, stderr };
  } catch (err) {
    const e = err as { code: number; stdout: string; stderr: string };
    return { code: e.code, stdout: e.stdout, stderr: e.stderr };
  }
}

/** A table log put back from an older copy: its anchor file remembers more. */
async function restoredOlderCopy(): Promise<{ db: string; dir: string; anchoredSeq: number; copySeq: number }> {
  const dir = mkdtempSync(join(tmpdir(), 'accept-'));
  const db = join(dir, 'a-t.db');
  const { inputs } = playRandomSession(loadRuleSet('six-deck').rules, 21, 10);
  const table = await openAnchoredTable(db, 'a-t');
  const half = Math.floor(inputs.length / 2);
  for (const input of inputs.slice(0, half)) await table.service.submit(input, { source: 'session' });
  await backupDatabase(db, join(dir, 'older.db'));
  for (const input of inputs.slice(half)) await table.service.submit(input, { source: 'session' });
  await table.close();
  const anchoredSeq = readNewestAnchor(anchorFileOf(db))!.anchor.seq;
  rmSync(db);
  copyFileSync(join(dir, 'older.db'), db);
  const store = new SqliteEventStore({ path: db });
  const copySeq = (await store.head('a-t')).version;
  await store.close();
  return { db, dir, anchoredSeq, copySeq };
}

describe('a log behind its anchor', () => {
  test('shoe start refuses with one line naming both heads (exit 1)', async () => {
    const { db, dir, anchoredSeq, copySeq } = await restoredOlderCopy();
    const table = join(dir, 'a-t.yaml');
    writeFileSync(table, `id: a-t\nrules: six-deck\ndemo: true\nstore:\n  path: ${db}\nhttp:\n  port: 0\nroles: {}\n`);
    const r = await shoe(['start', '--table', table], 30_000);
    expect(r.code).toBe(1);
    const lines = r.stderr.trim().split('\n');
    expect(lines).toHaveLength(1);
    expect(lines[0]).toMatch(new RegExp(`^shoe start: log .*a-t\\.db ends at seq ${copySeq} \\(hash [0-9a-f]{16}…\\) but .*a-t\\.db\\.anchors anchored seq ${anchoredSeq} \\(hash [0-9a-f]{16}…\\) at \\S+: ${anchoredSeq - copySeq} anchored events are missing`));
  }, 60_000);

  test('--accept-log-behind-anchor needs a reason, and only goes with a name', async () => {
    const r = await shoe(['start', '--accept-log-behind-anchor', 'ana']);
    expect(r.code).toBe(2);
    expect(r.stderr).toMatch(/needs --reason TEXT/);
    const s = await shoe(['start', '--reason', 'because']);
    expect(s.code).toBe(2);
    expect(s.stderr).toMatch(/--reason goes with --accept-log-behind-anchor NAME/);
  });

  test('accepted by an operator: the table starts, the decision is on the log, a new anchor is written, the next start needs nothing', async () => {
    const { db, anchoredSeq, copySeq } = await restoredOlderCopy();
    const config = tableConfigFor(db, 'a-t');
    await expect(startTable({ config, logger: silent, quiet: true })).rejects.toBeInstanceOf(LogBehindAnchorError);
    const runtime = await startTable({ config, logger: silent, quiet: true, acceptLogBehindAnchor: { by: 'floor-manager-ana', reason: 'restored yesterday\'s backup after a disk failure' } });
    await runtime.stop();
    const store = new SqliteEventStore({ path: db });
    const log = await store.read('a-t');
    await store.close();
    const decision = log.find((e) => e.type === ACCEPTED_BEHIND_ANCHOR_RECORD);
    expect(decision?.data).toMatchObject({
      by: 'floor-manager-ana',
      reason: 'restored yesterday\'s backup after a disk failure',
      log: { seq: copySeq },
      anchors: [{ kind: 'behind', seq: anchoredSeq }],
    });
    expect(verifyLog(log).ok).toBe(true); // the note changes nothing the round machine derives
    expect(readNewestAnchor(anchorFileOf(db))?.anchor).toMatchObject({ reason: 'shutdown', seq: log.at(-1)?.seq });
    const again = await startTable({ config, logger: silent, quiet: true });
    await again.stop();
  }, 60_000);
});
