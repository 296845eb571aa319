// `shoe verify` starts its first chain worker before the CLI's modules load (src/cli/verify-chain-worker.ts;
// docs/audit.md, "How verify spends its time"): main.ts loads nothing else first, the worker started early
// is the one that checks the chain, a verify that does not take it is not kept alive by it, and the verdict
// is the same as with a worker started with its task.
import { spawnSync } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import type { Worker } from 'node:worker_threads';
import { beforeAll, describe, expect, it } from 'vitest';
import { SqliteLogReader } from '../../src/adapters/store/sqlite-log-reader.js';
import { verifyLogFile } from '../../src/cli/verify-log-file.js';
import { prestartChainWorker, stopUntakenChainWorker } from '../../src/cli/verify-chain-worker.js';
import { loadRuleSet } from '../../src/config/load-rule-set.js';
import { openAnchoredTable } from '../support/anchored-table.js';
import { playRandomSession } from '../support/random-session.js';
import { ROOT, staticGraph } from '../support/source-imports.js';

const KEY = Buffer.from('verify-prestart-test-key-0123456789abcdef');
const file = join(mkdtempSync(join(tmpdir(), 'verify-prestart-')), 'table.db');

beforeAll(async () => {
  const table = await openAnchoredTable(file, 'pre-t', { key: KEY });
  for (const input of playRandomSession(loadRuleSet('six-deck').rules, 11, 8).inputs) await table.service.submit(input, { source: 'session' });
  await table.close();
}, 60_000);

async function verdict(threads: number): Promise<unknown> {
  const reader = SqliteLogReader.open(file);
  try {
    return await verifyLogFile(reader, { to: reader.head().seq, threads, key: KEY, quickCheck: true });
  } finally {
    reader.close();
  }
}

describe("verify's chain worker started early", () => {
  it("main.ts loads only the worker's starter before it starts the worker", () => {
    const graph = staticGraph(resolve(ROOT, 'src/cli/main.ts'));
    expect(graph.modules.sort()).toEqual(['src/cli/main.ts', 'src/cli/verify-chain-worker.ts', 'src/cli/verify-workers.ts']);
    expect(graph.packages).toEqual([]);
  });

  it('starts only for verify, and one at a time', async () => {
    expect(prestartChainWorker(['replay', 'verify'])).toBeUndefined();
    const early = prestartChainWorker(['verify', file]);
    expect(early).toBeDefined();
    expect(prestartChainWorker(['verify', file]), 'a second while the first waits').toBeUndefined();
    const exited = new Promise<number>((done) => (early as Worker).once('exit', done));
    // Taken by the next verify in two threads, which stops its workers once it has the verdict.
    expect(await verdict(2)).toMatchObject({ ok: true, macFrom: 1 });
    await exited;
  });

  it('the verdict with the early worker is the one with a worker started with its task, and in one thread', async () => {
    const fresh = await verdict(2);
    expect(prestartChainWorker(['verify'])).toBeDefined();
    expect(await verdict(2)).toEqual(fresh);
    expect(await verdict(1)).toEqual(fresh);
  });

  it('a verify that will not take it (many logs) stops it; the next verify starts its own', async () => {
    const early = prestartChainWorker(['verify', file]) as Worker;
    const exited = new Promise<number>((done) => early.once('exit', done));
    await stopUntakenChainWorker();
    await exited;
    expect(prestartChainWorker(['verify', file]), 'none waits now: another may start').toBeDefined();
    await stopUntakenChainWorker();
    expect(await verdict(2)).toMatchObject({ ok: true, macFrom: 1 });
  });

  it('a process that never takes it ends at once, exit code 0', () => {
    const child = spawnSync(process.execPath, ['--import', 'tsx', '-e', "const { prestartChainWorker } = await import('./src/cli/verify-chain-worker.ts'); if (!prestartChainWorker(['verify'])) process.exit(3);"], { cwd: ROOT, encoding: 'utf8', timeout: 30_000 }); // a worker that kept it alive: killed at 30 s, no status
    expect(child.stderr).toBe('');
    expect(child.status).toBe(0);
  });
});
