// No lost or out-of-turn card on the wire (PROTOCOL.md §7.5.3, §8.5). A live table on a fresh socat pty pair,
// against each shoe of shoe-under-test.ts (the TS emulator and the C host shoe), the shoe dealing by itself
// whenever its gate is open; the shoe's cable is pulled 20 times,
// for 1-5 s each, at seeded random moments of the rounds. Before the fix a card could leave the shoe
// out of turn after a reconnect: the controller re-sent the allowance the shoe had already spent on a
// card still waiting in its queue (see README "The shoe link", PROTOCOL.md §7.5.3). Now: none, every
// card the shoe dealt is on the log once and in order, and no sequence incident (an unplug keeps the
// shoe's sequence state).
//
// SLOW (about 80 s, mostly waiting: 20 unplugs of 1-5 s and the rounds between them in real time; the two
// shoes play at once, each on its own pty pair, folder and table; docs/testing.md, "Where the time goes").
import { beforeAll, describe, test } from 'vitest';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pino } from 'pino';
import { hasSocat, startPtyPair } from '../adapters/serial/socat.js';
import { parseTableConfig } from '../../src/config/table-config.js';
import { startTable } from '../../src/composition/table-runtime.js';
import { mulberry32 } from '../../src/random/prng.js';
import { SqliteEventStore } from '../../src/adapters/store/sqlite-event-store.js';
import { isInputRecord, recordedInput } from '../../src/app/audit/log-records.js';
import { verifyLog } from '../../src/app/audit/verify-log.js';
import type { Card } from '../../src/rules/cards.js';
import { SHOES } from './shoe-under-test.js';
import { cachedAnalysisSource } from '../support/exact-analysis-cache.js';
import { printFigures, sessionFigures } from './session-figures.js';

const CYCLES = Number(process.env['UNPLUG_CYCLES'] ?? 20);
const needSocat = process.env['CI'] === 'true' || hasSocat;

describe.concurrent.each(SHOES)('a table on a pty pair whose shoe is unplugged again and again: $name', (kind) => {
  const missing = needSocat ? kind.missing : 'socat is not installed; CI installs it';
  beforeAll(() => { if (!missing) kind.prepare(); }, 120_000);
  test.skipIf(missing !== null)(`${missing ? `(skipped: ${missing}) ` : ''}${CYCLES} unplugs of 1-5 s at random moments: no card lost, none out of turn`, async ({ expect }) => {
    const startedAt = Date.now();
    const pair = await startPtyPair();
    const dir = mkdtempSync(join(tmpdir(), 'pty-unplug-'));
    const store = new SqliteEventStore({ path: join(dir, '{tableId}.db'), synchronous: 'NORMAL', pollIntervalMs: 0 });
    const config = parseTableConfig({ id: 'unplug-1', rules: 'six-deck', serial: { path: pair.a, baud: 115200 }, decisionTimerSeconds: 1, bettingSeconds: 0.01, resultsSeconds: 0, roles: {} }, 'test');
    const rng = mulberry32(1212);
    const shoe = await kind.start({ serialPath: pair.b, seed: 4242, decks: 6, cutCardAfter: 280, autoDrawMs: 40 });
    const dealt = shoe.dealt;
    // The bot's strategy: the product's analysis, from the tests' cache of it (test/support/exact-analysis-cache.ts).
    const runtime = await startTable({ config, store, logger: pino({ level: 'silent' }), bot: true, paceMs: 40, seed: 5, analysis: cachedAnalysisSource });
    let outOfTurn = 0;
    const unplugs: Array<{ afterCards: number; ms: number }> = [];
    try {
      await new Promise<void>((resolve, reject) => {
        const timer = setTimeout(() => reject(new Error(`stuck after ${unplugs.length} unplugs: ${JSON.stringify({ link: runtime.link.state, phase: runtime.service.phase, faults: runtime.service.table.shoeFaults, shoe: shoe.where() })}`)), 150_000);
        let done = false;
        runtime.service.events$.subscribe((e) => {
          if (e.type === 'table.paused' && (e.data as { fault?: { kind: string } }).fault?.kind === 'outOfTurn') {
            outOfTurn++;
            void runtime.service.submit({ type: 'supervisor', action: 'resume', by: 'test-supervisor' }, { source: 'api', by: 'test-supervisor' });
          }
          // After the last replug the link is back: finish the round in progress, then stop.
          if ((e.type === 'round.ended' || e.type === 'shoe.finished') && unplugs.length >= CYCLES && shoe.isPlugged && runtime.link.state === 'up' && !done) {
            done = true;
            clearTimeout(timer);
            resolve();
          }
        });
        // Unplug at a random moment (0.2-1.2 s after the shoe is back), for 1-5 s.
        const next = (): void => {
          if (unplugs.length >= CYCLES) return;
          setTimeout(() => {
            const ms = 1000 + Math.floor(rng() * 4000);
            unplugs.push({ afterCards: dealt.length, ms });
            shoe.unplug(ms);
            setTimeout(next, ms);
          }, 200 + Math.floor(rng() * 1000));
        };
        next();
      });
    } finally {
      await runtime.stop();
      await shoe.close();
      await pair.stop();
    }
    const log = await store.read('unplug-1');
    await store.close();
    printFigures(`${CYCLES} unplugs`, kind.name, sessionFigures(log, dealt.length, startedAt));
    const inputs = log.filter(isInputRecord).map(recordedInput);
    const logged = inputs.filter((r) => r.input.type === 'card').map((r) => (r.input as { card: Card }).card);
    expect(unplugs).toHaveLength(CYCLES);
    expect(shoe.unplugsMade).toBe(CYCLES);
    // The unplugs fell at different moments of the rounds (not all at one card count).
    expect(new Set(unplugs.map((u) => u.afterCards)).size).toBeGreaterThan(CYCLES / 2);
    expect(outOfTurn).toBe(0);
    expect(inputs.filter((r) => r.input.type === 'shoe.fault' && (r.input as { fault: string }).fault === 'sequenceIncident')).toEqual([]);
    expect(logged).toEqual(dealt);
    expect(logged.length).toBeGreaterThan(20);
    expect(log.filter((e) => e.type === 'round.ended').length).toBeGreaterThan(3);
    expect(verifyLog(log).ok).toBe(true);
  }, 180_000);
});
