// Manual play (--manual): a person plays a seat from the players' page; each click is an API
// command, an input on the log attributed to the page's game-server credential.
import { describe, expect, test } from 'vitest';
import { browserTestsRun, CHROMIUM_PATH, launchChromium } from './support/browser.js';
import { webTable } from './support/web-fixture.js';
import { TOKENS, loadShoe, deal } from './support/table-fixture.js';

describe.skipIf(!browserTestsRun)(`the players' page${browserTestsRun ? '' : ` (skipped: ${CHROMIUM_PATH} is absent; CI installs chromium)`}`, () => {
  test('a bet and a decision clicked on the page reach the table as attributed inputs', async () => {
    const web = await webTable({ listen: true, clock: 'system' });
    const browser = await launchChromium();
    try {
      await loadShoe(web.service);
      const page = await browser.newPage();
      await page.goto(`${web.url}/play?token=${TOKENS.gameServer}`);
      await page.waitForSelector('#place-bet:not([disabled])');
      await page.selectOption('#seat', '2');
      await page.fill('#player', 'walk-in');
      // Stakes are typed in money (major units): 15.00 is 1500 minor units.
      await page.fill('#stake', '15.00');
      await page.click('#place-bet');
      await page.waitForFunction(() => document.getElementById('play-message')?.textContent === 'Main bet placed: seat 2, walk-in, €15.00');
      expect(web.service.table.bets).toEqual([{ seat: 2, player: 'walk-in', kind: 'main', amount: 1500 }]);
      await web.service.submit({ type: 'betting.closed' }, { source: 'api', by: 'dealer' });
      await deal(web.service, ['TH', 'TC', '6D', '8H']);
      await page.waitForSelector('#actions button[data-action="stand"]:not([hidden])');
      await page.click('#actions button[data-action="stand"]');
      await page.waitForFunction(() => document.getElementById('play-message')?.textContent === 'Stand: seat 2');
      const log = await web.eventsAfter(0);
      const decision = log.find((e) => e.type === 'input' && (e.data as { input: { type: string } }).input.type === 'decision');
      expect(decision?.data).toMatchObject({ source: 'api', input: { seat: 2, action: 'stand' } });
      expect(log.some((e) => e.type === 'hand.finished' && (e.data as { status: string }).status === 'standing')).toBe(true);
      // The hand is played: no decision is offered any more.
      await page.waitForFunction(() => document.querySelectorAll('#actions button:not([hidden])').length === 0);
      expect(await page.locator('#awaiting').innerText()).toBe('No decision awaited.');
    } finally {
      await browser.close();
      await web.close();
    }
  }, 60_000);
});
