// The pages in headless Chromium against the server on 127.0.0.1:0; the test plays the shoe through
// service.submit and the players, dealer and supervisor through the API and the console.
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { BURN_CARD, HOLE_CARD, INITIAL_DEAL, TOKENS, deal, loadShoe } from './support/table-fixture.js';
import { webTable, type WebTable } from './support/web-fixture.js';
import { CHROMIUM_PATH, browserTestsRun, launchChromium, screenshotPath } from './support/browser.js';

const VIEWPORT = { width: 1440, height: 960 };

async function command(web: WebTable, path: string, body: object, token: string): Promise<void> {
  const response = await fetch(`${web.url}${path}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
    body: JSON.stringify(body),
  });
  expect(response.status, `${path}: ${await response.clone().text()}`).toBe(200);
}

/** Every frame the page's WebSockets receive, as text. */
function captureFrames(page: Page): string[] {
  const frames: string[] = [];
  page.on('websocket', (socket) => socket.on('framereceived', (frame) => frames.push(String(frame.payload))));
  return frames;
}

/** Uncaught errors in the page's scripts. */
function captureErrors(...pages: Page[]): string[] {
  const errors: string[] = [];
  for (const page of pages) page.on('pageerror', (error) => errors.push(error.message));
  return errors;
}

/** The hole card in any form the page could show it: its code, or its rank followed by its suit. */
function showsHoleCard(html: string): boolean {
  return html.includes(HOLE_CARD) || /8<\/span>\s*<span class="suit">♥/.test(html) || html.includes('8♥') || html.includes('8 of hearts');
}

async function text(page: Page, selector: string): Promise<string> {
  return (await page.locator(selector).first().innerText()).replace(/\s+/g, ' ').trim();
}

if (!browserTestsRun) {
  test.skip(`browser tests skipped: ${CHROMIUM_PATH} is absent (CI installs the Debian chromium package)`, () => undefined);
}

describe.runIf(browserTestsRun)('pages in headless Chromium', () => {
  let browser: Browser;
  beforeAll(async () => {
    browser = await launchChromium();
  });
  afterAll(async () => browser?.close());

  test('a full round played through the API appears on the public display; the hole card reaches neither its socket nor its DOM before the reveal', async () => {
    const web = await webTable({ listen: true, clock: 'system' });
    const page = await browser.newPage({ viewport: VIEWPORT });
    try {
      const frames = captureFrames(page);
      const errors = captureErrors(page);
      await page.goto(`${web.url}/`);
      await page.waitForSelector('[data-stage="noShoe"]');

      await loadShoe(web.service);
      await page.waitForSelector('[data-stage="betting"]');
      await command(web, '/api/bets', { seat: 1, player: 'ana', amount: 1000 }, TOKENS.gameServer);
      await command(web, '/api/bets', { seat: 2, player: 'ben', amount: 500 }, TOKENS.gameServer);
      await command(web, '/api/betting/close', {}, TOKENS.dealer);
      await deal(web.service, INITIAL_DEAL);

      // Dealt, peeked, seat 1 in turn: the hole card lies face down.
      await page.waitForSelector('[data-seat="1"] .hand.in-turn');
      await page.waitForSelector('.countdown:not(.idle)');
      expect(await page.locator('.dealer-hand .card').count()).toBe(2);
      expect(await page.locator('.dealer-hand .card.back').count()).toBe(1);
      expect(await text(page, '.dealer-hand .total')).toBe('10');
      const beforeReveal = await page.evaluate(() => document.body.innerHTML);
      expect(showsHoleCard(beforeReveal)).toBe(false);
      const framesBeforeReveal = [...frames];
      expect(framesBeforeReveal.length).toBeGreaterThan(3);
      for (const frame of framesBeforeReveal) expect(frame).not.toContain(HOLE_CARD);

      await command(web, '/api/decisions', { seat: 1, action: 'stand' }, TOKENS.gameServer);
      await command(web, '/api/decisions', { seat: 2, action: 'stand' }, TOKENS.gameServer);
      await page.waitForSelector(`.dealer-hand [data-card="${HOLE_CARD}"]`);
      await page.waitForSelector('[data-seat="2"] .result');

      expect(await page.locator('.dealer-hand .card').evaluateAll((cards) => cards.map((c) => c.getAttribute('data-card')))).toEqual(['TC', HOLE_CARD]);
      expect(await text(page, '.dealer-hand .total')).toBe('18');
      expect(await page.locator('[data-seat="1"] .card').evaluateAll((cards) => cards.map((c) => c.getAttribute('data-card')))).toEqual(['TH', '7D']);
      expect(await text(page, '[data-seat="1"] .total')).toBe('17');
      expect(await text(page, '[data-seat="1"] .result')).toBe('LOSE −€10.00');
      expect(await page.locator('[data-seat="2"] .card').evaluateAll((cards) => cards.map((c) => c.getAttribute('data-card')))).toEqual(['9S', 'KS']);
      expect(await text(page, '[data-seat="2"] .total')).toBe('19');
      expect(await text(page, '[data-seat="2"] .result')).toBe('WIN +€5.00');
      await page.waitForSelector('[data-stage="betting"]');

      const allFrames = frames.join('\n');
      expect(allFrames).not.toContain(BURN_CARD);
      expect(allFrames).not.toMatch(/peek/i);
      await page.screenshot({ path: screenshotPath('public'), fullPage: true });
      expect(errors).toEqual([]);
    } finally {
      await page.close();
      await web.close();
    }
  });

  test('the supervisor pauses and voids a round from the console; the refunds show', async () => {
    const web = await webTable({ listen: true, clock: 'system' });
    const [dealerPage, console, publicPage] = await Promise.all([1, 2, 3].map(() => browser.newPage({ viewport: VIEWPORT })));
    const errors = captureErrors(dealerPage!, console!, publicPage!);
    try {
      await loadShoe(web.service);
      await command(web, '/api/bets', { seat: 1, player: 'ana', amount: 1000 }, TOKENS.gameServer);
      await command(web, '/api/bets', { seat: 3, player: 'cy', amount: 500 }, TOKENS.gameServer);
      await command(web, '/api/betting/close', {}, TOKENS.dealer);
      await deal(web.service, INITIAL_DEAL);

      await dealerPage!.goto(`${web.url}/dealer?token=${TOKENS.dealer}`);
      await dealerPage!.waitForSelector('[data-instruction="awaitDecision"]');
      expect(await text(dealerPage!, '.instruction')).toBe('Waiting for seat 1 to decide');
      expect(showsHoleCard(await dealerPage!.evaluate(() => document.body.innerHTML))).toBe(false);
      await dealerPage!.screenshot({ path: screenshotPath('dealer'), fullPage: true });

      await publicPage!.goto(`${web.url}/`);
      await console!.goto(`${web.url}/supervisor?token=${TOKENS.supervisor}`);
      await console!.waitForSelector('[data-phase="active.playing"]');
      expect(await text(console!, '.phase')).toBe('Players deciding');
      // The supervisor sees everything: the hole card, marked as such, and the dealer's full total (10 + 8).
      await console!.waitForSelector(`.dealer-hand .card.hole[data-card="${HOLE_CARD}"]`);
      expect(await text(console!, '.dealer-hand .hand-line')).toBe('18 with the hole card');
      // The dealer (like the public) sees the up card's total only.
      expect(await text(dealerPage!, '.dealer-hand .hand-line')).toBe('10');

      await console!.fill('#reason', 'camera check');
      await console!.click('[data-command="pause"]');
      await console!.waitForSelector('[data-paused]');
      expect(await text(console!, '[data-paused]')).toBe('Paused: camera check (super-sam)');
      await publicPage!.waitForSelector('.stage.paused');

      // Void asks for confirmation and a reason first.
      await console!.click('[data-command="void"]');
      await console!.waitForSelector('dialog#confirm[open]');
      await console!.fill('#confirm-reason', 'camera fault');
      await console!.click('#confirm-ok');
      await console!.waitForSelector('.banner.voided');
      expect(await text(console!, '#outcome')).toBe('Void round: done');
      expect(await text(console!, '[data-seat="1"] .result[data-outcome="void"]')).toBe('REFUND €10.00');
      expect(await text(console!, '[data-seat="3"] .result[data-outcome="void"]')).toBe('REFUND €5.00');
      await publicPage!.waitForSelector('.banner.voided');
      expect(await text(publicPage!, '[data-seat="1"] .result')).toBe('REFUND €10.00');
      expect(await text(publicPage!, '[data-seat="3"] .result')).toBe('REFUND €5.00');
      // A voided round never reveals its hole card to the public.
      expect(showsHoleCard(await publicPage!.evaluate(() => document.body.innerHTML))).toBe(false);

      await console!.click('#recall-button');
      await console!.waitForSelector('.recalled-round[data-round="1"]');
      await console!.locator('.recalled-round[data-round="1"] > summary').click();
      // The recall says the round was voided, and why, in its summary; each step is a sentence.
      expect(await text(console!, '.recalled-round[data-round="1"] > summary')).toMatch(/^Round 1 — \d+ steps VOIDED: .+/);
      expect(await text(console!, '.recalled-round[data-round="1"] [data-type="round.voided"]')).toMatch(/^Round 1 voided: /);
      await console!.screenshot({ path: screenshotPath('supervisor'), fullPage: true });

      // A display with a wrong token says so and stops knocking (every refusal lands on the log).
      const refusalsBefore = (await web.eventsAfter(0)).filter((e) => e.type === 'command.refused').length;
      await dealerPage!.goto(`${web.url}/dealer?token=wrong-token-123`);
      await dealerPage!.waitForSelector('.refused-banner');
      expect(await text(dealerPage!, '.refused-banner')).toMatch(/not allowed: unknown credential/);
      await new Promise((r) => setTimeout(r, 1200));
      const refusals = (await web.eventsAfter(0)).filter((e) => e.type === 'command.refused').slice(refusalsBefore);
      expect(refusals.map((e) => e.data['path'])).toEqual(['/ws/dealer', '/api/views/dealer']);

      const inputs = (await web.eventsAfter(0)).filter((e) => e.type === 'input' && (e.data['input'] as { type: string }).type === 'supervisor');
      expect(inputs.map((e) => [e.data['source'], e.data['by'], (e.data['input'] as { action: string }).action])).toEqual([
        ['api', 'super-sam', 'pause'],
        ['api', 'super-sam', 'void'],
      ]);
      expect(errors).toEqual([]);
    } finally {
      await Promise.all([dealerPage, console, publicPage].map((p) => p?.close()));
      await web.close();
    }
  });
});
