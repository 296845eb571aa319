// The whole table in demo mode, in-process (issues 3 and 5): the emulated shoe speaks the real protocol
// over serialport's mock binding, the controller logs every card before it is ACKed, the bot plays. On
// virtual time (docs/architecture.md, "The clock"): the table's minutes pass without waiting for them.
import { describe, expect, test } from 'vitest';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pino } from 'pino';
import { SerialPortMock } from 'serialport';
import { parseTableConfig } from '../../src/config/table-config.js';
import { startTable } from '../../src/composition/table-runtime.js';
import { verifyLog } from '../../src/app/audit/verify-log.js';
import { SqliteEventStore } from '../../src/adapters/store/sqlite-event-store.js';
import { isInputRecord, recordedInput } from '../../src/app/audit/log-records.js';
import type { Card } from '../../src/rules/cards.js';
import { VirtualClock } from '../../src/adapters/clock/virtual-clock.js';
import { cachedAnalysisSource } from '../support/exact-analysis-cache.js';

function config(rules: string, dir: string) {
  return parseTableConfig({
    id: `demo-${rules}`, rules, store: { path: join(dir, '{tableId}.db'), synchronous: 'NORMAL' },
    decisionTimerSeconds: 1, bettingSeconds: 0.02, resultsSeconds: 0, roles: {},
  }, 'test');
}

describe.each(['six-deck', 'switch', 'european'])('demo table (%s)', (rules) => {
  test('plays rounds through the real protocol; the log holds every dealt card once, in order, and verifies', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'runtime-'));
    const store = new SqliteEventStore({ path: join(dir, '{tableId}.db'), synchronous: 'NORMAL', pollIntervalMs: 0 });
    const clock = new VirtualClock();
    const runtime = await startTable({ config: config(rules, dir), store, clock, logger: pino({ level: process.env['DEBUG_RUNTIME'] ? 'debug' : 'silent' }), paceMs: 2, seed: 11, analysis: cachedAnalysisSource });
    const dealt: Card[] = [];
    runtime.emulator?.on((e) => { if (e.type === 'dealt') dealt.push(e.card); });
    try {
      let ended = 0;
      runtime.service.events$.subscribe((e) => { if (e.type === 'round.ended') ended += 1; });
      if (!(await clock.runUntil(() => ended >= 6, 600_000, 50))) throw new Error(`only ${ended} rounds ended in ten minutes of the table's time; table ${runtime.service.phase}`);
    } finally {
      await runtime.stop();
      SerialPortMock.binding.reset();
    }
    const log = await store.read(runtime.service.tableId);
    await store.close();
    const logged = log.filter(isInputRecord).map(recordedInput).filter((r) => r.input.type === 'card').map((r) => (r.input as { card: Card }).card);
    // Cards pulled after the last one was logged may still be in flight at stop: every logged card is a dealt one, in order.
    expect(logged.length).toBeGreaterThan(20);
    expect(dealt.slice(0, logged.length)).toEqual(logged);
    expect(dealt.length - logged.length).toBeLessThanOrEqual(1);
    expect(log.filter((e) => e.type === 'bet.settled').length).toBeGreaterThan(0);
    expect(verifyLog(log).ok).toBe(true);
  }, 60_000);
});
