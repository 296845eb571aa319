// Pages floor staff accept, in headless Chromium at 1280 and 1920 px on a 7-seat
// table (european) with seven-card hands and a split: no element of one seat overlaps another seat, the
// dealer page fills the viewport, typed text on /play survives updates, /play offers only what the game
// and the moment allow (in money, human labels), void and shoe change ask for confirmation and a reason,
// a wrong token disables the controls and says why, human words for the phase, hands counted from 1 in words, a favicon,
// readable countdown seconds. Screenshots go to test-output/screenshots/floor-*.png.
//
// SLOW (33 s: headless Chromium on every floor page at two widths, with a live table behind it; docs/testing.md,
// "Where the time goes").
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { TOKENS } from './support/table-fixture.js';
import { CHROMIUM_PATH, browserTestsRun, launchChromium, screenshotPath } from './support/browser.js';
import { contrastRatio, fillsViewport, over, parseColour, seatOverlaps } from './support/layout-checks.js';
import { dealSevenBoxes, playLongRound, playSeatToSevenCards, sevenSeatTable, sevenSeatTableFor } from './support/seven-seat-table.js';

const VIEWPORTS = [{ width: 1280, height: 800 }, { width: 1920, height: 1080 }] as const;

const PAGES = {
  public: '/',
  dealer: `/dealer?token=${TOKENS.dealer}`,
  supervisor: `/supervisor?token=${TOKENS.supervisor}`,
  play: `/play?token=${TOKENS.gameServer}`,
} as const;

/** Script errors, failed loads (a missing favicon would be one) and CSP violations. */
function captureProblems(page: Page): string[] {
  const problems: string[] = [];
  page.on('pageerror', (error) => problems.push(`page error: ${error.message}`));
  page.on('console', (message) => {
    if (message.type() === 'error') problems.push(`console: ${message.text()}`);
  });
  return problems;
}

async function text(page: Page, selector: string): Promise<string> {
  return (await page.locator(selector).first().innerText()).replace(/\s+/g, ' ').trim();
}

/** The long round is on screen: seven cards in seats 1–6, two five-card hands in seat 7, the results. */
async function longHandsShown(page: Page): Promise<void> {
  await page.waitForFunction(() => {
    const cards = (seat: number) => document.querySelectorAll(`section.seat[data-seat="${seat}"] .card`).length;
    return [1, 2, 3, 4, 5, 6].every((s) => cards(s) === 7) && cards(7) === 10 && document.querySelectorAll('section.seat .result').length >= 9;
  });
}

if (!browserTestsRun) {
  test.skip(`pages floor staff accept: skipped, ${CHROMIUM_PATH} is absent (CI installs the Debian chromium package; under CI=true these tests run and fail)`, () => undefined);
}

describe.runIf(browserTestsRun)('pages floor staff accept (headless Chromium)', () => {
  let browser: Browser;
  beforeAll(async () => {
    browser = await launchChromium();
  });
  afterAll(async () => browser?.close());

  describe('a 7-seat table with seven-card hands and a split', () => {
    const web = sevenSeatTableFor(playLongRound);

    for (const viewport of VIEWPORTS) {
      for (const [name, path] of Object.entries(PAGES)) {
        test(`${name} page at ${viewport.width} px: every seat keeps its cards, hands, bets and results to itself`, async () => {
          const page = await browser.newPage({ viewport });
          const problems = captureProblems(page);
          try {
            await page.goto(`${web().url}${path}`);
            await longHandsShown(page);
            expect(await page.locator('section.seat').count()).toBe(7);
            // Seats stand side by side in one row, as at the table.
            const tops = await page.locator('section.seat').evaluateAll((seats) => seats.map((s) => Math.round(s.getBoundingClientRect().top)));
            expect(new Set(tops).size).toBe(1);
            expect(await seatOverlaps(page)).toEqual([]);
            await page.screenshot({ path: screenshotPath(`floor-${name}-${viewport.width}`), fullPage: true });
            if (name === 'dealer') {
              const size = await fillsViewport(page);
              expect(size.width).toBe(size.viewportWidth);
              expect(size.height).toBeGreaterThanOrEqual(size.viewportHeight);
            }
            expect(problems).toEqual([]);
          } finally {
            await page.close();
          }
        });
      }
    }

    test('the dealer page\'s table spans the viewport: the dealer\'s hand is centred and no card lies over a seat', async () => {
      const page = await browser.newPage({ viewport: VIEWPORTS[1] });
      try {
        await page.goto(`${web().url}${PAGES.dealer}`);
        await longHandsShown(page);
        const { body, seats, dealer } = await page.evaluate(() => {
          const box = (el: Element | null) => el!.getBoundingClientRect().toJSON() as DOMRect;
          return { body: box(document.body), seats: box(document.querySelector('.seats')), dealer: box(document.querySelector('.dealer-hand')) };
        });
        expect(body.width).toBe(VIEWPORTS[1].width);
        expect(seats.width).toBeGreaterThan(VIEWPORTS[1].width - 80);
        expect(Math.abs(dealer.left + dealer.width / 2 - VIEWPORTS[1].width / 2)).toBeLessThan(20);
        expect(dealer.bottom).toBeLessThanOrEqual(seats.top);
      } finally {
        await page.close();
      }
    });

    test('a favicon is served (CSP-compatible SVG) and linked from every page', async () => {
      for (const route of ['/favicon.svg', '/favicon.ico']) {
        const response = await fetch(`${web().url}${route}`);
        expect(response.status).toBe(200);
        expect(response.headers.get('content-type')).toMatch(/^image\/svg\+xml/);
        expect(await response.text()).toMatch(/^<svg /);
      }
      for (const path of Object.values(PAGES)) {
        const html = await (await fetch(`${web().url}${path}`)).text();
        expect(html).toContain('<link rel="icon" href="/favicon.svg" type="image/svg+xml">');
      }
    });
  });

  describe('a round in play: seat 4 to decide', () => {
    const web = sevenSeatTableFor(async (service) => {
      await dealSevenBoxes(service);
      for (const seat of [1, 2, 3]) await playSeatToSevenCards(service, seat);
    });

    test('/play offers only what the game and the moment allow, in money, with human labels; typed text survives updates', async () => {
      const page = await browser.newPage({ viewport: VIEWPORTS[0] });
      const problems = captureProblems(page);
      try {
        await page.goto(`${web().url}${PAGES.play}`);
        await page.waitForSelector('[data-seat="4"] .hand.in-turn');
        await page.waitForFunction(() => document.getElementById('awaiting')?.textContent?.includes('Seat 4'));
        const visibleActions = () => page.locator('#actions button:not([hidden])').allInnerTexts();
        // european, 2 + 3 against a 6: no split (not a pair), no switch, no insurance; double for less.
        expect(await visibleActions()).toEqual(['Hit', 'Stand', 'Double', 'Surrender']);
        expect(await text(page, '#awaiting')).toBe('Seat 4 (Anastasia Papadopoulou), hand 1: your decision');
        expect(await text(page, '#amount-label')).toBe('Double amount (€1.00–€400.00)');
        expect(await page.inputValue('#amount')).toBe('400.00');
        // Betting is closed: the bet buttons are off and say why; the rule set has only main bets.
        expect(await page.isDisabled('#place-bet')).toBe(true);
        expect(await text(page, '#bet-state')).toBe('No bets now: Seat 4 to play.');
        expect(await page.locator('#kind option').allInnerTexts()).toEqual(['Main bet']);
        expect(await text(page, '#limits')).toBe('Main bet €1.00–€1000.00');
        await page.screenshot({ path: screenshotPath('floor-play-deciding-1280'), fullPage: true });
        const controls = await text(page, '#controls');
        expect(controls).not.toMatch(/[a-z][A-Z]/); // no camelCase identifiers

        // Type, keep the focus in the field, and let the table move on underneath.
        await page.fill('#player', 'Walk-in Wanda');
        await page.fill('#stake', '25.50');
        await page.fill('#amount', '150.00');
        await page.evaluate(() => {
          for (const id of ['player', 'stake', 'amount', 'place-bet']) (document.getElementById(id) as unknown as { marker: string }).marker = id;
        });
        await page.focus('#player');
        await page.keyboard.type(' Jr');
        const viewsBefore = await page.evaluate(() => document.querySelectorAll('.seats').length);
        expect(viewsBefore).toBe(1);
        await web().service.submit({ type: 'decision', seat: 4, action: 'hit' }, { source: 'api', by: 'online-gs' });
        await web().service.submit({ type: 'card', card: 'AS' }, { source: 'shoe' });
        await page.waitForFunction(() => document.querySelectorAll('[data-seat="4"] .card').length === 3);
        // After a hit: no double, no surrender.
        await page.waitForFunction(() => [...document.querySelectorAll('#actions button:not([hidden])')].map((b) => b.textContent).join() === 'Hit,Stand');
        expect(await page.inputValue('#player')).toBe('Walk-in Wanda Jr');
        expect(await page.inputValue('#stake')).toBe('25.50');
        expect(await page.evaluate(() => ['player', 'stake', 'amount', 'place-bet'].map((id) => (document.getElementById(id) as unknown as { marker?: string }).marker))).toEqual(['player', 'stake', 'amount', 'place-bet']);
        expect(await page.evaluate(() => document.activeElement?.id)).toBe('player');
        expect(await page.isHidden('#amount-field')).toBe(true);

        // A click sends the decision for the hand in turn (hand 0, as the API numbers it).
        const before = (await web().eventsAfter(0)).length;
        await page.click('#actions button[data-action="stand"]');
        await page.waitForFunction(() => document.getElementById('play-message')?.textContent === 'Stand: seat 4');
        const input = (await web().eventsAfter(before)).find((e) => e.type === 'input');
        expect(input?.data).toMatchObject({ source: 'api', by: 'online-gs', input: { type: 'decision', seat: 4, hand: 0, action: 'stand' } });
        await page.waitForFunction(() => document.getElementById('awaiting')?.textContent?.includes('Seat 5'));
        expect(problems).toEqual([]);
      } finally {
        await page.close();
      }
    });

    test('dealer page and supervisor: a seat\'s only hand is not numbered, the phase in words, readable countdown seconds', async () => {
      const page = await browser.newPage({ viewport: VIEWPORTS[1] });
      try {
        await page.goto(`${web().url}${PAGES.dealer}`);
        await page.waitForSelector('[data-instruction="awaitDecision"]');
        expect(await text(page, '.instruction')).toMatch(/^Waiting for seat \d to decide$/);
        await page.waitForSelector('.countdown.decision:not(.idle)');
        await page.screenshot({ path: screenshotPath('floor-dealer-deciding-1920') });
        const colours = await page.evaluate(() => {
          const label = getComputedStyle(document.querySelector('.countdown.decision .countdown-seconds')!);
          const fill = getComputedStyle(document.querySelector('.countdown.decision .countdown-fill')!);
          return { text: label.color, chip: label.backgroundColor, fill: fill.backgroundColor };
        });
        // The chip over the brightest thing behind it (the gold fill): the seconds stay readable.
        const background = over(parseColour(colours.chip), parseColour(colours.fill));
        expect(contrastRatio(parseColour(colours.text), background)).toBeGreaterThanOrEqual(7);

        await page.goto(`${web().url}${PAGES.supervisor}`);
        await page.waitForSelector('[data-phase="active.playing"]');
        expect(await text(page, '.phase')).toBe('Players deciding');
        expect(await text(page, '#status')).not.toMatch(/active\.|[a-z][A-Z]/);
      } finally {
        await page.close();
      }
    });

    test('void and shoe change ask for confirmation and a reason; nothing happens until confirmed', async () => {
      const page = await browser.newPage({ viewport: VIEWPORTS[0] });
      const supervisorInputs = async () => (await web().eventsAfter(0)).filter((e) => e.type === 'input' && (e.data['input'] as { type: string }).type === 'supervisor');
      try {
        await page.goto(`${web().url}${PAGES.supervisor}`);
        await page.waitForSelector('[data-command="void"]:not([disabled])');

        await page.click('[data-command="shoeChange"]');
        await page.waitForSelector('dialog#confirm[open]');
        expect(await text(page, '#confirm-title')).toBe('Change the shoe?');
        await page.click('#confirm-cancel');
        await page.waitForSelector('dialog#confirm:not([open])', { state: 'attached' });

        await page.click('[data-command="void"]');
        await page.waitForSelector('dialog#confirm[open]');
        expect(await text(page, '#confirm-title')).toBe('Void this round?');
        expect(await page.isDisabled('#confirm-ok')).toBe(true);
        await page.fill('#confirm-reason', '   ');
        expect(await page.isDisabled('#confirm-ok')).toBe(true);
        await page.press('#confirm-reason', 'Enter');
        expect(await page.isVisible('dialog#confirm')).toBe(true);
        await page.click('#confirm-cancel');
        await page.waitForSelector('dialog#confirm:not([open])', { state: 'attached' });
        await new Promise((r) => setTimeout(r, 300));
        expect(await supervisorInputs()).toEqual([]);

        await page.click('[data-command="void"]');
        await page.waitForSelector('dialog#confirm[open]');
        expect(await page.inputValue('#confirm-reason')).toBe('');
        await page.fill('#confirm-reason', 'misdeal on seat 4');
        expect(await page.isDisabled('#confirm-ok')).toBe(false);
        await page.screenshot({ path: screenshotPath('floor-supervisor-void-dialog-1280') });
        await page.click('#confirm-ok');
        await page.waitForSelector('.banner.voided');
        expect(await text(page, '#outcome')).toBe('Void round: done');
        const inputs = await supervisorInputs();
        expect(inputs.map((e) => e.data['input'])).toEqual([{ type: 'supervisor', action: 'void', by: 'super-sam', reason: 'misdeal on seat 4' }]);
      } finally {
        await page.close();
      }
    });
  });

  test('a fault in words with what to do on the dealer page; the console offers what the moment allows', async () => {
    const web = await sevenSeatTable();
    const page = await browser.newPage({ viewport: VIEWPORTS[0] });
    try {
      await dealSevenBoxes(web.service);
      await web.service.submit({ type: 'card', card: 'KS' }, { source: 'shoe' }); // seat 1 is deciding: no card is due
      await page.goto(`${web.url}${PAGES.dealer}`);
      await page.waitForSelector('[data-fault="outOfTurn"]');
      // The fault once, in words, with what to do (the raw reason stays on the supervisor's page).
      expect(await text(page, '[data-fault="outOfTurn"]')).toBe('K ♠ Card out of turn Keep the card aside. Supervisor: resume (card set aside), use it for the hand in turn, or void the round.');
      expect(await text(page, '.instruction')).toBe('Stop dealing');
      expect(await seatOverlaps(page)).toEqual([]);
      await page.screenshot({ path: screenshotPath('floor-dealer-fault-1280') });

      await page.goto(`${web.url}${PAGES.supervisor}`);
      await page.waitForSelector('[data-phase="paused"]');
      expect(await text(page, '.phase')).toBe('Paused');
      await page.waitForSelector('[data-command="useCard"]:not([disabled])');
      expect(await page.isDisabled('[data-command="resume"]')).toBe(false);
      expect(await page.isDisabled('[data-command="pause"]')).toBe(true);
      await page.click('[data-command="useCard"]');
      await page.waitForFunction(() => document.getElementById('outcome')?.textContent === 'Use card: done');
      await page.waitForSelector('[data-command="useCard"][disabled]');
      expect(await page.isDisabled('[data-command="pause"]')).toBe(false);
      expect(await page.isDisabled('[data-command="resume"]')).toBe(true);
      await page.waitForFunction(() => document.querySelectorAll('[data-seat="1"] .card').length === 3);
    } finally {
      await page.close();
      await web.close();
    }
  });

  test('views that carry a betting countdown and the shoe link (fields another branch adds) are drawn: a fixed view over a routed socket', async () => {
    const web = await sevenSeatTable();
    const page = await browser.newPage({ viewport: VIEWPORTS[1] });
    const problems = captureProblems(page);
    try {
      await web.service.submit({ type: 'shoe.loaded' }, { source: 'shoe' });
      await web.service.submit({ type: 'card', card: '5D' }, { source: 'shoe' });
      const read = async (audience: string, token?: string) =>
        (await web.app.inject({ method: 'GET', url: `/api/views/${audience}`, headers: token ? { authorization: `Bearer ${token}` } : {} })).json() as Record<string, unknown> & { table: Record<string, unknown> };
      const now = Date.now();
      const bettingCountdown = { startedAt: new Date(now).toISOString(), deadline: new Date(now + 20_000).toISOString(), seconds: 20 };
      const link = { state: 'up', since: '2026-12-03T06:30:05.000Z', serial: 'SH-00042', firmware: '1.4.2', counters: { framesReceived: 1234, crcErrors: 2, retransmissions: 5 } };
      const supervisorView = { ...(await read('supervisor', TOKENS.supervisor)), bettingCountdown, link };
      const publicView = await read('public');
      const publicWithCountdown = { ...publicView, table: { ...publicView.table, bettingCountdown } };
      const serve = (view: unknown) => (socket: { send(message: string): void }) => socket.send(JSON.stringify({ type: 'view', sentAt: new Date().toISOString(), view }));
      await page.routeWebSocket(/\/ws\/supervisor/, serve(supervisorView));
      await page.routeWebSocket(/\/ws\/public/, serve(publicWithCountdown));

      await page.goto(`${web.url}${PAGES.supervisor}`);
      await page.waitForSelector('[data-link-state="up"]');
      // One line (error counters not zero are counted), the details one click away.
      expect(await text(page, '#link')).toBe('Up since 06:30:05 · 2 counters not zero');
      await page.click('#link summary');
      expect(await text(page, '#link')).toBe('Up since 06:30:05 · 2 counters not zero Shoe serial SH-00042 Firmware 1.4.2 Frames received 1234 CRC errors 2 Retransmissions 5');
      expect(await page.locator('#link dd.nonzero').allInnerTexts()).toEqual(['2', '5']);
      await page.waitForSelector('.countdown.betting:not(.idle)');
      const secondsLeft = Number(/^Bets close in (\d+)s$/.exec(await text(page, '.countdown.betting .countdown-seconds'))?.[1]);
      expect(secondsLeft).toBeGreaterThan(0); // counts down from the view's deadline (20 s from when it was made)
      expect(secondsLeft).toBeLessThanOrEqual(20);
      expect(await page.isVisible('.countdown.decision')).toBe(false);
      await page.screenshot({ path: screenshotPath('floor-supervisor-link-countdown-1920'), fullPage: true });

      await page.goto(`${web.url}/`);
      await page.waitForSelector('.countdown.betting:not(.idle)');
      expect(await text(page, '.countdown.betting .countdown-seconds')).toMatch(/^Bets close in \d+s$/);
      expect(problems).toEqual([]);
    } finally {
      await page.close();
      await web.close();
    }
  });

  test('a wrong token disables the controls and says why, on the console, the players\' page and the dealer page', async () => {
    const web = await sevenSeatTable();
    const page = await browser.newPage({ viewport: VIEWPORTS[0] });
    try {
      await page.goto(`${web.url}/supervisor?token=wrong-token-123`);
      await page.waitForSelector('#refused:not([hidden])');
      expect(await text(page, '#refused')).toMatch(/^Controls disabled: this console is not allowed \(unknown credential\)/);
      const commands = page.locator('[data-command]');
      expect(await commands.count()).toBe(5);
      for (const button of await commands.all()) expect(await button.isDisabled()).toBe(true);
      expect(await page.isDisabled('#reason')).toBe(true);
      expect(await page.isDisabled('#recall-button')).toBe(true);
      await page.screenshot({ path: screenshotPath('floor-supervisor-wrong-token-1280') });

      // The page's own requests for its options (the log records refusals only within its budget: docs/audit.md).
      const asked: string[] = [];
      page.on('request', (request) => { if (request.url().includes('/api/play/options')) asked.push(request.url()); });
      await page.goto(`${web.url}/play?token=wrong-token-123`);
      await page.waitForSelector('#play-refused:not([hidden])');
      expect(await text(page, '#play-refused')).toMatch(/^Controls disabled: this page is not allowed to play \(unknown credential\)/);
      const controls = page.locator('#controls input, #controls select, #controls button');
      expect(await controls.count()).toBeGreaterThan(5);
      for (const control of await controls.all()) expect(await control.isDisabled()).toBe(true);
      // The page stops asking: one refused request, not one per view.
      await web.service.submit({ type: 'shoe.loaded' }, { source: 'shoe' });
      await web.service.submit({ type: 'card', card: '5D' }, { source: 'shoe' });
      await page.waitForSelector('[data-stage="betting"]');
      await new Promise((r) => setTimeout(r, 300));
      expect(asked).toHaveLength(1);
      for (const control of await controls.all()) expect(await control.isDisabled()).toBe(true);
      await page.screenshot({ path: screenshotPath('floor-play-wrong-token-1280'), fullPage: true });

      await page.goto(`${web.url}/dealer?token=wrong-token-123`);
      await page.waitForSelector('.refused-banner');
      expect(await text(page, '.refused-banner')).toMatch(/not allowed: unknown credential/);
    } finally {
      await page.close();
      await web.close();
    }
  });
});
