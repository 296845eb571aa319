// A demo that does not cry wolf: each start of the demo table shuffles its shoes from a seed taken from
// the log's head, so a restarted demo never loads the previous start's order (which the shuffle check,
// as strict for demo shoes as for real ones, would flag as a repeated shoe); the same log gives the same
// seed, so a replay still reproduces it. Each start runs on virtual time (docs/architecture.md, "The clock").
import { expect, test } from 'vitest';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pino } from 'pino';
import { SerialPortMock } from 'serialport';
import { parseTableConfig } from '../../src/config/table-config.js';
import { startTable } from '../../src/composition/table-runtime.js';
import { SqliteEventStore } from '../../src/adapters/store/sqlite-event-store.js';
import type { Card } from '../../src/rules/cards.js';
import { VirtualClock } from '../../src/adapters/clock/virtual-clock.js';
import { cachedAnalysisSource } from '../support/exact-analysis-cache.js';

const dir = mkdtempSync(join(tmpdir(), 'demo-restart-'));
const config = parseTableConfig({ id: 'demo-restart', rules: 'six-deck', store: { path: join(dir, '{tableId}.db'), synchronous: 'NORMAL' }, decisionTimerSeconds: 1, bettingSeconds: 0.02, resultsSeconds: 0, roles: {} }, 'test');

/** Starts the demo table on the log and changes shoe once it has one: the shoe the demo dealer then loads. */
async function shoeLoadedByTheDealer(): Promise<Card[]> {
  const store = new SqliteEventStore({ path: join(dir, '{tableId}.db'), synchronous: 'NORMAL', pollIntervalMs: 0 });
  const clock = new VirtualClock();
  const runtime = await startTable({ config, store, clock, logger: pino({ level: 'silent' }), paceMs: 2, analysis: cachedAnalysisSource });
  const { service, emulator } = runtime;
  try {
    let loaded: Card[] | null = null;
    const load = emulator!.loadShoe.bind(emulator);
    emulator!.loadShoe = (cards, cutAfter) => {
      loaded = [...cards];
      return load(cards, cutAfter);
    };
    // The last start's stop left the table paused (its shoe link went down) with its shoe out: the supervisor
    // resumes, and the dealer loads the next shoe. A shoe in play is one not out.
    if (service.phase === 'paused') await service.submit({ type: 'supervisor', action: 'resume', by: 'demo-supervisor' }, { source: 'system', by: 'demo-supervisor' });
    // The emulated shoe's own first shoe arrives as soon as the link is up (no time passes on the wire).
    let shoeArrived = false;
    const arrivals = service.events$.subscribe((e) => { if (e.type === 'shoe.loaded') shoeArrived = true; });
    const inPlay = () => shoeArrived && service.table.shoe !== null && service.table.shoe.finished !== true;
    expect(await clock.runUntil(inPlay, 30_000)).toBe(true);
    arrivals.unsubscribe();
    await service.submit({ type: 'supervisor', action: 'shoeChange', by: 'demo-supervisor', reason: 'test: a new shoe' }, { source: 'system', by: 'demo-supervisor' });
    expect(await clock.runUntil(() => loaded !== null, 30_000)).toBe(true);
    return loaded!;
  } finally {
    await runtime.stop();
    SerialPortMock.binding.reset();
    await store.close();
  }
}

test('each start of the demo loads a differently shuffled shoe', async () => {
  const first = await shoeLoadedByTheDealer();
  const second = await shoeLoadedByTheDealer();
  expect(first).toHaveLength(312);
  expect(second).toHaveLength(312);
  expect(second.slice(0, 8)).not.toEqual(first.slice(0, 8));
}, 60_000);
