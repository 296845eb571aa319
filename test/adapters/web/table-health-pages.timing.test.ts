// The live table on the pages (headless Chromium): the betting countdown on every page, the dealer page's
// "Close betting" control, the linkDown fault with what to do, the supervisor's link panel, and a display
// opened while the table sheds its displays.
import { describe, expect, test } from 'vitest';
import { chromiumInstalled, CHROMIUM_PATH, launchChromium } from './support/browser.js';
import { webTable } from './support/web-fixture.js';
import { TOKENS, loadShoe } from './support/table-fixture.js';

const skipped = chromiumInstalled ? '' : ` (skipped: ${CHROMIUM_PATH} is absent; CI installs chromium)`;

describe.skipIf(!chromiumInstalled && process.env['CI'] !== 'true')(`table health on the pages${skipped}`, () => {
  test('the betting countdown shows on the public and dealer pages; the dealer closes betting from the page', async () => {
    const web = await webTable({ listen: true, clock: 'system' });
    const browser = await launchChromium();
    try {
      await loadShoe(web.service);
      await web.service.submit({ type: 'bet', seat: 1, player: 'ann', amount: 1000 }, { source: 'api', by: 'online-gs' });
      const [dealer, publicPage] = await Promise.all([browser.newPage(), browser.newPage()]);
      await dealer!.goto(`${web.url}/dealer?token=${TOKENS.dealer}`);
      await publicPage!.goto(`${web.url}/`);
      for (const page of [dealer!, publicPage!]) {
        await page.waitForSelector('.betting-countdown[data-betting-deadline]');
        // The bar runs: not idle, with seconds left.
        await page.waitForFunction(() => !document.querySelector('.countdown')?.classList.contains('idle') && /\ds$/.test(document.querySelector('.countdown-seconds')?.textContent ?? ''));
      }
      await dealer!.click('[data-command="closeBetting"]');
      await dealer!.waitForFunction(() => !document.querySelector('[data-command="closeBetting"]'));
      expect(web.service.phase).toBe('active.dealing');
      const log = await web.eventsAfter(0);
      const close = log.find((e) => e.type === 'input' && (e.data as { input: { type: string } }).input.type === 'betting.closed');
      expect(close?.data).toMatchObject({ source: 'api', by: 'dealer-ann' });
      await publicPage!.waitForFunction(() => !document.querySelector('.betting-countdown'));
    } finally {
      await browser.close();
      await web.close();
    }
  }, 60_000);

  test('a display opened while the table sheds its displays says so in words and comes back by itself', async () => {
    const web = await webTable({ listen: true, clock: 'system', shedDisplaysAtMs: 20, shedSampleMs: 100 });
    const browser = await launchChromium();
    // The table's event loop held up again and again: too busy for new displays.
    const stalls = setInterval(() => holdUp(150), 160);
    try {
      await loadShoe(web.service);
      // Asked again for up to 20 s (not a fixed count): beside a busy test run the pressure sampler's
      // timer is itself late, and a hundred quick answers can all fall between two of its samples.
      let shed = 0;
      for (const until = Date.now() + 20_000; shed !== 503 && Date.now() < until; ) {
        shed = (await fetch(`${web.url}/api/views/public`)).status;
        if (shed !== 503) await new Promise((resolve) => setTimeout(resolve, 10));
      }
      expect(shed).toBe(503);
      const page = await browser.newPage();
      let opened = await page.goto(`${web.url}/`);
      for (let i = 0; i < 10 && opened?.status() !== 503; i++) opened = await page.goto(`${web.url}/`);
      expect(opened?.status()).toBe(503);
      expect(await page.textContent('.busy', { timeout: 1000 })).toBe('The table is busy: this display comes back by itself in 2 s.');
      clearInterval(stalls);
      // Nobody touches the page: it asks again after the retry-after and is the public display.
      await page.waitForSelector('[data-dealer]', { timeout: 15_000 });
      expect(await page.$('.busy')).toBeNull();
    } finally {
      clearInterval(stalls);
      await browser.close();
      await web.close();
    }
  }, 60_000);

  test('a linkDown fault shows with what to do on the dealer page; the supervisor sees the link panel', async () => {
    const web = await webTable({ listen: true, clock: 'system' });
    const browser = await launchChromium();
    try {
      await loadShoe(web.service);
      const [dealer, supervisor] = await Promise.all([browser.newPage(), browser.newPage()]);
      await supervisor!.goto(`${web.url}/supervisor?token=${TOKENS.supervisor}`);
      await supervisor!.waitForSelector('[data-link="connecting"]');
      await web.service.submit({ type: 'shoe.fault', fault: 'linkDown', detail: 'no link to the shoe within 5 s of start' }, { source: 'timer', by: 'link-watchdog' });
      await dealer!.goto(`${web.url}/dealer?token=${TOKENS.dealer}`);
      await dealer!.waitForSelector('.fault .advice');
      expect(await dealer!.textContent('.fault .advice')).toMatch(/Check the shoe is powered and its cable plugged in/);
      expect(await dealer!.textContent('.instruction')).toBe('Stop dealing');
      expect(await dealer!.textContent('.fault-name')).toBe('Shoe link down');
      await supervisor!.waitForSelector('[data-link="down"]');
      await web.service.recordNote('link.handshake', { serialNumber: 'SHOE-0042', firmwareVersion: '2.1.0' });
      await web.service.recordNote('link.state', { state: 'up', previous: 'handshaking', reason: 'HELLO reply received' });
      await supervisor!.waitForSelector('[data-link="up"]');
      expect(await supervisor!.textContent('#link')).toMatch(/Shoe serial\s*SHOE-0042\s*Firmware\s*2\.1\.0/);
    } finally {
      await browser.close();
      await web.close();
    }
  }, 60_000);
});

/** Holds this process's event loop for `ms` (the table's server runs in it). */
function holdUp(ms: number): void {
  const until = Date.now() + ms;
  while (Date.now() < until) { /* busy on purpose */ }
}
