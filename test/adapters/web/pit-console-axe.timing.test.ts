// The pit console's page checked by axe-core in Chromium (wcag2a, wcag2aa, wcag21a, wcag21aa), in English
// and Russian, at 1280×800 and 1920×1080: a board with a fault, a stale table, a paused one and dealing ones;
// then a table added to the board reaches an open page as the server pushes it.
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import type { Browser } from 'playwright-core';
import pino from 'pino';
import { realClock } from '../../../src/adapters/clock/real-clock.js';
import { createPitServer } from '../../../src/adapters/web/pit-server.js';
import { PitBoard } from '../../../src/app/floor/pit-board.js';
import type { StoredEvent } from '../../../src/ports/event-store.js';
import { browserTestsRun, launchChromium } from './support/browser.js';
import { wcagViolations } from './support/axe.js';

const SHIFT = { from: '2030-01-01T00:00:00Z', to: '2030-01-02T00:00:00Z' };
const at = (table: string, seq: number, type: string, data: Record<string, unknown>): StoredEvent =>
  ({ tableId: table, seq, type, data, round: 7, monoTime: 0, wallTime: '2030-01-01T10:00:00Z', rulesId: 'r', prevHash: '', hash: '' }) as unknown as StoredEvent;

const board = new PitBoard(SHIFT, () => 'Anna Petrova');
board.push(at('bj-1', 1, 'table.paused', { round: 7, reason: 'card out of turn', fault: { kind: 'outOfTurn', card: 'QS' } }));
board.push(at('bj-2', 1, 'table.paused', { round: 7, by: 'sup1', reason: 'break' }));
board.push(at('bj-3', 1, 'betting.opened', { round: 7 }));
board.push(at('bj-3', 2, 'bet.placed', { round: 7, seat: 1, player: 'p1', bet: 'main', amount: 2500 }));
board.push(at('bj-4', 1, 'betting.closed', { round: 7, seats: [1] }));
board.push(at('bj-4', 2, 'bet.settled', { round: 7, seat: 1, hand: 0, bet: 'main', player: 'p1', stake: 1000, outcome: 'win', net: 1000 }));

/** Tells the server the board changed (the pit command's feed does so for each event it takes). */
let changed: () => void = () => undefined;
const app = createPitServer({
  credentials: new Map([['sup-token', { role: 'supervisor' as const, name: 'sup1' }]]), logger: pino({ level: 'silent' }), clock: realClock(),
  changes: (listener) => {
    changed = listener;
    return () => (changed = () => undefined);
  },
  board: (lang) => ({ lang, rows: board.rows(Date.parse('2030-01-01T10:30:00Z'), (t) => t === 'bj-3'), total: board.total(), shift: SHIFT, currency: 'EUR', at: '2030-01-01T10:30:00Z' }),
});

describe.runIf(browserTestsRun)('the pit console in Chromium', () => {
  let browser: Browser;
  let base: string;
  beforeAll(async () => {
    base = await app.listen({ host: '127.0.0.1', port: 0 });
    browser = await launchChromium();
  }, 60_000);
  afterAll(async () => {
    await browser?.close();
    await app.close();
  });

  for (const lang of ['en', 'ru'] as const) {
    for (const [width, height] of [[1280, 800], [1920, 1080]] as const) {
      test(`axe finds no WCAG 2.1 A/AA violation (${lang}, ${width}×${height})`, async () => {
        const context = await browser.newContext({ viewport: { width, height } });
        const page = await context.newPage();
        await page.goto(`${base}/pit?token=sup-token&lang=${lang}`);
        expect(await page.locator('tbody tr').count()).toBe(4);
        expect((await wcagViolations(page)).map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`)).toEqual([]);
        await context.close();
      }, 60_000);
    }
  }

  // After the axe checks, which hold the board at four tables.
  test('a change on the floor reaches an open page without a reload (the server pushes it: pit-board-stream.ts)', async () => {
    const context = await browser.newContext({ viewport: { width: 1280, height: 800 } });
    const page = await context.newPage();
    await page.goto(`${base}/pit?token=sup-token&lang=en`);
    await page.waitForFunction(() => document.querySelectorAll('tbody tr').length === 4);
    const loads: string[] = [];
    // Neither a reload nor the page asked for again: the board came on the open stream.
    page.on('request', (r) => { if (new URL(r.url()).pathname === '/pit') loads.push(r.url()); });
    board.push(at('bj-5', 1, 'betting.opened', { round: 1 }));
    changed();
    await page.waitForSelector('tr[data-table="bj-5"]', { timeout: 10_000 });
    expect(loads).toEqual([]);
    await context.close();
  }, 60_000);
});
