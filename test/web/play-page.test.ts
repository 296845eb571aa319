// Manual play (issue 5, --manual): a person plays a seat from the players' page; each click is an API
// command, an input on the log attributed to the page's game-server credential.
import { describe, expect, test } from 'vitest';
import { chromiumInstalled, CHROMIUM_PATH, launchChromium } from './support/browser.js';
import { webTable } from './support/web-fixture.js';
import { TOKENS, loadShoe, deal } from './support/table-fixture.js';

describe.skipIf(!chromiumInstalled)(`the players' page${chromiumInstalled ? '' : ` (skipped: ${CHROMIUM_PATH} is absent; CI installs chromium)`}`, () => {
  test('a bet and a decision clicked on the page reach the table as attributed inputs', async () => {
    const web = await webTable({ listen: true, clock: 'system' });
    const browser = await launchChromium();
    try {
      await loadShoe(web.service);
      const page = await browser.newPage();
      await page.goto(`${web.url}/play?token=${TOKENS.gameServer}`);
      await page.selectOption('select', '2');
      await page.fill('label:has-text("Player") input', 'walk-in');
      await page.fill('label:has-text("Stake") input', '1500');
      await page.click('button:has-text("Bet")');
      await page.waitForFunction(() => document.getElementById('play-message')?.textContent?.includes('done'));
      expect(web.service.table.bets).toEqual([{ seat: 2, player: 'walk-in', kind: 'main', amount: 1500 }]);
      await web.service.submit({ type: 'betting.closed' }, { source: 'api', by: 'dealer' });
      await deal(web.service, ['TH', 'TC', '6D', '8H']);
      await page.click('button:has-text("stand")');
      await page.waitForFunction(() => document.getElementById('play-message')?.textContent?.includes('decisions: done'));
      const log = await web.eventsAfter(0);
      const decision = log.find((e) => e.type === 'input' && (e.data as { input: { type: string } }).input.type === 'decision');
      expect(decision?.data).toMatchObject({ source: 'api', input: { seat: 2, action: 'stand' } });
      expect(log.some((e) => e.type === 'hand.finished' && (e.data as { status: string }).status === 'standing')).toBe(true);
      await page.click('button:has-text("hit")');
      await page.waitForFunction(() => document.getElementById('play-message')?.textContent?.includes('refused (409)'));
    } finally {
      await browser.close();
      await web.close();
    }
  }, 60_000);
});
