// The dealer's screen read at arm's length, in headless Chromium at 1920×1080 (English and Russian): while
// seat 7 decides on long hands the seats reach the foot of the screen and the cards and the instruction are
// large (no empty half); from the moment betting opens, before any bet, the betting countdown stands there
// and says it starts with the first bet; when the next round takes bets last round's hands are titled and
// smaller than this round's. Screenshots: test-output/screenshots/dealer-<moment>-<lang>-1920.png.
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { TOKENS } from './support/table-fixture.js';
import { CHROMIUM_PATH, WITHOUT_ANIMATIONS, browserTestsRun, launchChromium, screenshotPath } from './support/browser.js';
import { SEATS, dealSevenBoxes, longHandsAfterDeal, playLongRound, sevenSeatTable } from './support/seven-seat-table.js';

const VIEWPORT = { width: 1920, height: 1080 } as const;
const LANGUAGES = ['en', 'ru'] as const;

const widthOf = (page: Page, selector: string) => page.locator(selector).first().evaluate((el) => el.getBoundingClientRect().width);

if (!browserTestsRun) {
  test.skip(`the dealer's screen: skipped, ${CHROMIUM_PATH} is absent (CI installs the Debian chromium package; under CI=true these tests run and fail)`, () => undefined);
}

describe.runIf(browserTestsRun)('the dealer\'s screen at arm\'s length (headless Chromium, 1920×1080)', () => {
  let browser: Browser;
  beforeAll(async () => {
    browser = await launchChromium();
  });
  afterAll(async () => browser?.close());

  for (const lang of LANGUAGES) {
    test(`${lang}: betting open with no bet shows the countdown waiting; long hands fill the screen with large cards`, async () => {
      const web = await sevenSeatTable();
      const page = await browser.newPage({ viewport: VIEWPORT, ...WITHOUT_ANIMATIONS });
      try {
        await web.service.submit({ type: 'shoe.loaded' }, { source: 'shoe' });
        await web.service.submit({ type: 'card', card: '5D' }, { source: 'shoe' });
        await page.goto(`${web.url}/dealer?token=${TOKENS.dealer}&lang=${lang}`);
        await page.waitForSelector('[data-instruction="bettingOpen"]');
        const waiting = page.locator('.countdown.betting.waiting');
        await waiting.waitFor();
        expect(await waiting.innerText()).toBe(lang === 'ru' ? 'Ставки закроются через 8 с после первой ставки' : 'Bets close 8s after the first bet');
        expect(await page.locator('.stage').innerText()).toBe(lang === 'ru' ? 'Делайте ставки' : 'Place your bets');
        await page.screenshot({ path: screenshotPath(`dealer-betting-empty-${lang}-1920`) });

        // The betting.opened of this table is behind us: the rest of dealSevenBoxes from the bets on.
        await web.close();
        const dealt = await sevenSeatTable();
        try {
          await dealSevenBoxes(dealt.service);
          await longHandsAfterDeal(dealt.service);
          await page.goto(`${dealt.url}/dealer?token=${TOKENS.dealer}&lang=${lang}`);
          await page.waitForFunction(() => document.querySelectorAll('section.seat[data-seat="7"] .card').length === 9);
          const seatsBottom = await page.evaluate(() => document.querySelector('.seats')!.getBoundingClientRect().bottom);
          expect(seatsBottom).toBeGreaterThan(VIEWPORT.height * 0.85);
          expect(await widthOf(page, 'section.seat[data-seat="1"] .card')).toBeGreaterThanOrEqual(70);
          expect(await widthOf(page, '.dealer-hand .card')).toBeGreaterThanOrEqual(80);
          expect(await page.locator('.instruction').evaluate((el) => parseFloat(getComputedStyle(el).fontSize))).toBeGreaterThanOrEqual(50);
          const size = await page.evaluate(() => document.documentElement.scrollHeight);
          expect(size).toBe(VIEWPORT.height);
          await page.screenshot({ path: screenshotPath(`dealer-deciding-${lang}-1920`) });
        } finally {
          await dealt.close();
        }
      } finally {
        await page.close();
      }
    });

    test(`${lang}: when the next round takes bets, last round's hands are titled and smaller`, async () => {
      const web = await sevenSeatTable();
      const page = await browser.newPage({ viewport: VIEWPORT, ...WITHOUT_ANIMATIONS });
      try {
        await playLongRound(web.service); // no results moment: betting opens as the round settles
        await page.goto(`${web.url}/dealer?token=${TOKENS.dealer}&lang=${lang}`);
        await page.waitForSelector('[data-instruction="bettingOpen"]');
        for (const seat of SEATS) {
          expect(await page.locator(`section.seat[data-seat="${seat}"] .last-round-title`).innerText()).toBe(lang === 'ru' ? 'ПРОШЛЫЙ РАУНД' : 'LAST ROUND');
        }
        expect(await widthOf(page, 'section.seat[data-seat="1"] .last-round .card')).toBeLessThanOrEqual(44);
        expect(await widthOf(page, '.dealer-hand.last-round .card')).toBeLessThanOrEqual(56);
        await page.screenshot({ path: screenshotPath(`dealer-last-round-${lang}-1920`) });
      } finally {
        await page.close();
        await web.close();
      }
    });
  }
});
