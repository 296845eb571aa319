// A wall clock stepped back while the table runs (NTP correcting a badly set machine; docs/operations.md,
// "When the clock steps back"): every duration is measured on the monotonic clock, so the emulated shoe's
// HEARTBEAT still encodes its uptime, the link keeps its session and the table keeps dealing. The log's
// wall times step back with the clock, and verify notes it without failing (docs/audit.md).
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pino } from 'pino';
import { SerialPortMock } from 'serialport';
import { afterEach, expect, test, vi } from 'vitest';
import { parseTableConfig } from '../../src/config/table-config.js';
import { startTable, type TableRuntime } from '../../src/composition/table-runtime.js';
import { verifyLog } from '../../src/app/audit/verify-log.js';
import { SqliteEventStore } from '../../src/adapters/store/sqlite-event-store.js';
import { cachedAnalysisSource } from '../support/exact-analysis-cache.js';

const TEN_MINUTES = 10 * 60_000;

afterEach(() => {
  vi.useRealTimers();
});

function roundsEnded(runtime: TableRuntime, count: number, withinMs: number): Promise<void> {
  return new Promise<void>((resolve, reject) => {
    let ended = 0;
    const timeout = setTimeout(() => reject(new Error(`only ${ended} rounds ended; table ${runtime.service.phase}`)), withinMs);
    const subscription = runtime.service.events$.subscribe((e) => {
      if (e.type === 'round.ended' && ++ended >= count) {
        clearTimeout(timeout);
        subscription.unsubscribe();
        resolve();
      }
    });
  });
}

test('the wall clock steps back ten minutes mid-run: heartbeats encode, the link stays up, the table keeps dealing', async () => {
  // Only Date is faked (timers and performance.now stay real); it follows real time until it is stepped back.
  vi.useFakeTimers({ toFake: ['Date'], shouldAdvanceTime: true });
  const dir = mkdtempSync(join(tmpdir(), 'clock-back-'));
  const store = new SqliteEventStore({ path: join(dir, '{tableId}.db'), synchronous: 'NORMAL', pollIntervalMs: 0 });
  const config = parseTableConfig({
    id: 'clock-back', rules: 'six-deck', store: { path: join(dir, '{tableId}.db'), synchronous: 'NORMAL' },
    decisionTimerSeconds: 1, bettingSeconds: 0.02, resultsSeconds: 0, roles: {},
  }, 'test');
  const runtime = await startTable({ config, store, logger: pino({ level: 'silent' }), paceMs: 2, seed: 5, analysis: cachedAnalysisSource });
  try {
    await roundsEnded(runtime, 2, 30_000);
    // Wait for a heartbeat so the shoe's uptime is known before the step.
    await vi.waitFor(() => expect(runtime.link.shoeStatus).not.toBeNull(), { timeout: 5000, interval: 50 });
    const uptimeBefore = runtime.link.shoeStatus?.uptimeMs ?? 0;
    const { heartbeats, linkDowns, handshakes } = runtime.link.counters;
    vi.setSystemTime(Date.now() - TEN_MINUTES);
    await roundsEnded(runtime, 3, 30_000);
    // Heartbeats after the step carry an uptime that went on growing (PROTOCOL.md §7.2.4).
    await vi.waitFor(() => expect(runtime.link.shoeStatus?.uptimeMs).toBeGreaterThan(uptimeBefore + 1000), { timeout: 5000, interval: 50 });
    expect(runtime.link.state).toBe('up');
    expect(runtime.link.counters.heartbeats).toBeGreaterThan(heartbeats);
    expect(runtime.link.counters).toMatchObject({ linkDowns, handshakes });
  } finally {
    await runtime.stop();
    SerialPortMock.binding.reset();
  }
  const log = await store.read(runtime.service.tableId);
  await store.close();
  const verdict = verifyLog(log);
  expect(verdict).toMatchObject({ ok: true });
  // The log's wall times went back once, at the step; verify notes where.
  expect(verdict.ok && verdict.wallTimeBack).toMatchObject({ times: 1 });
}, 90_000);
