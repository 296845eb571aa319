// One writer per table (docs/operations.md, "One controller per table"): a controller whose log was
// written by someone else has lost the right to append. It stops dealing at once (every input refused,
// the round machine untouched), reports not ready with the reason, and after a bounded time asks to exit
// — never a live-looking stale table. The table runs on virtual time (docs/architecture.md, "The clock"):
// the bounded time is counted on its clock, to the millisecond, without waiting for it.
import { afterAll, expect, test } from 'vitest';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pino } from 'pino';
import { SerialPortMock } from 'serialport';
import { parseTableConfig } from '../../src/config/table-config.js';
import { LOST_WRITER_EXIT_MS, startTable, type TableRuntime } from '../../src/composition/table-runtime.js';
import { createTableWebServer } from '../../src/composition/table-web-server.js';
import { SqliteEventStore } from '../../src/adapters/store/sqlite-event-store.js';
import { TableHaltedError } from '../../src/app/table/append-fault.js';
import { VirtualClock } from '../../src/adapters/clock/virtual-clock.js';
import { cachedAnalysisSource } from '../support/exact-analysis-cache.js';

const dir = mkdtempSync(join(tmpdir(), 'lost-writer-'));
let runtime: TableRuntime | undefined;
afterAll(async () => {
  await runtime?.stop().catch(() => undefined);
  SerialPortMock.binding.reset();
  rmSync(dir, { recursive: true, force: true });
});

test('another writer appends to the log: the controller halts, is not ready, and asks to exit after a bounded time', async () => {
  const config = parseTableConfig({
    id: 'lw-1', rules: 'six-deck', store: { path: join(dir, '{tableId}.db'), synchronous: 'NORMAL' },
    decisionTimerSeconds: 1, bettingSeconds: 0.05, resultsSeconds: 0, http: { host: '127.0.0.1', port: 0 }, roles: {},
  }, 'test');
  const clock = new VirtualClock();
  let exitAsked: { reason: string; at: number } | null = null;
  runtime = await startTable({ config, clock, logger: pino({ level: 'silent' }), paceMs: 5, web: (deps) => createTableWebServer(deps), onLostWriter: (reason) => (exitAsked = { reason, at: clock.wallNow() }), analysis: cachedAnalysisSource });
  const { service } = runtime;
  expect(await clock.runUntil(() => service.table.round >= 2, 60_000)).toBe(true);

  // Someone else writes to the table's log behind the controller's back.
  const intruder = new SqliteEventStore({ path: join(dir, '{tableId}.db'), pollIntervalMs: 0 });
  const { version } = await intruder.head('lw-1');
  await intruder.append('lw-1', [{ type: 'log.intruder', data: {}, round: 0, monoTime: 0, wallTime: new Date(clock.wallNow()).toISOString(), rulesId: 'x'.repeat(64) }], { expectedVersion: version });
  await intruder.close();

  // The table deals on until its next append finds the log moved under it.
  expect(await clock.runUntil(() => service.halted !== null, 10_000)).toBe(true);
  expect(service.halted?.kind).toBe('lost-writer');
  const haltedAt = Date.parse(service.halted!.since!);
  const ready = await fetch(`${runtime.url}/readyz`);
  expect(ready.status).toBe(503);
  expect(((await ready.json()) as { problems: string[] }).problems.join(' ')).toMatch(/another writer appended to this table's log/);
  // No dealing: even the supervisor's resume is refused, untouched.
  const position = service.position;
  await expect(service.submit({ type: 'supervisor', action: 'resume', by: 's' }, { source: 'api', by: 's' })).rejects.toBeInstanceOf(TableHaltedError);
  expect(service.position).toBe(position);
  await clock.advance(LOST_WRITER_EXIT_MS - 1 - (clock.wallNow() - haltedAt));
  expect(exitAsked).toBeNull();
  await clock.advance(1);
  expect(exitAsked).toMatchObject({ at: haltedAt + LOST_WRITER_EXIT_MS, reason: expect.stringMatching(/another writer appended/) });
}, 60_000);
