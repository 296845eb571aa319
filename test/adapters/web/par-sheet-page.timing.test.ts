// `shoe par-sheet --format html` in headless Chromium: one self-contained page (nothing fetched), its
// three SVG charts drawn, the warning on top for a rule set that pays the player, printable to PDF; in
// English and in Russian. The screenshots go to test-output/screenshots/par-sheet.png and par-sheet-ru.png.
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import type { Browser } from 'playwright-core';
import { runCli } from '../../support/run-cli.js';
import { browserTestsRun, launchChromium, screenshotPath } from './support/browser.js';

describe.runIf(browserTestsRun)('the par sheet page in headless Chromium', () => {
  let browser: Browser;
  const dir = mkdtempSync(join(tmpdir(), 'par-sheet-page-'));
  beforeAll(async () => {
    browser = await launchChromium();
  });
  afterAll(async () => {
    await browser?.close();
    rmSync(dir, { recursive: true, force: true });
  });

  test('charts, warning and strategy drawn; nothing fetched; prints', async () => {
    const r = await runCli(['par-sheet', '--rules', 'classic-17plus4', '--rounds', '2000', '--workers', '2', '--format', 'html']);
    expect(r.code, r.stderr).toBe(0);
    expect(r.stdout).toMatch(/^<!doctype html>/);
    const file = join(dir, 'par-sheet.html');
    writeFileSync(file, r.stdout);
    const page = await browser.newPage({ viewport: { width: 1100, height: 1400 } });
    const requests: string[] = [];
    page.on('request', (req) => requests.push(req.url()));
    const errors: string[] = [];
    page.on('pageerror', (e) => errors.push(e.message));
    await page.goto(`file://${file}`);
    expect(requests.filter((u) => !u.startsWith('file://'))).toEqual([]);
    expect(errors).toEqual([]);
    expect(await page.locator('svg.chart').count()).toBe(2);
    expect(await page.locator('svg.strategy').count()).toBe(1);
    // Bars of the outcome chart, the penetration chart's four points, the strategy's coloured cells.
    expect(await page.locator('svg.chart').first().locator('rect').count()).toBeGreaterThan(4);
    expect(await page.locator('svg.chart').nth(1).locator('circle').count()).toBe(4);
    expect(await page.locator('svg.strategy rect.a-stand').count()).toBeGreaterThan(10);
    expect(await page.locator('svg.strategy rect.a-hit').count()).toBeGreaterThan(10);
    const box = await page.locator('svg.chart').first().boundingBox();
    expect(box?.width ?? 0).toBeGreaterThan(300);
    // The warning comes before the rules, the sign convention is stated.
    const text = await page.locator('body').innerText();
    expect(text.indexOf('WARNING — this game pays the player')).toBeGreaterThan(-1);
    expect(text.indexOf('WARNING — this game pays the player')).toBeLessThan(text.indexOf('Rules'));
    expect(text).toContain('Sign convention.');
    await page.screenshot({ path: screenshotPath('par-sheet'), fullPage: true });
    const pdf = await page.pdf({ format: 'A4', printBackground: true });
    expect(pdf.subarray(0, 5).toString()).toBe('%PDF-');
    await page.close();
  }, 300_000);

  test('in Russian: the same page, every word Russian, the charts drawn', async () => {
    const r = await runCli(['par-sheet', '--rules', 'classic-17plus4', '--rounds', '2000', '--workers', '2', '--format', 'html', '--lang', 'ru']);
    expect(r.code, r.stderr).toBe(0);
    const file = join(dir, 'par-sheet-ru.html');
    writeFileSync(file, r.stdout);
    const page = await browser.newPage({ viewport: { width: 1100, height: 1400 } });
    await page.goto(`file://${file}`);
    expect(await page.getAttribute('html', 'lang')).toBe('ru');
    expect(await page.locator('svg.chart').count()).toBe(2);
    expect(await page.locator('svg.strategy rect.a-stand').count()).toBeGreaterThan(10);
    const text = await page.locator('body').innerText();
    expect(text.indexOf('ВНИМАНИЕ — эта игра платит игроку')).toBeGreaterThan(-1);
    expect(text.indexOf('ВНИМАНИЕ — эта игра платит игроку')).toBeLessThan(text.indexOf('Правила'));
    expect(text).toContain('Знак.');
    expect(await page.locator('svg.chart').first().locator('text.axis').first().textContent()).toBe('итог раунда, в единицах первоначальной ставки руки');
    // No table wider than the page (long Russian words wrap).
    const overflow = await page.evaluate(() => [...document.querySelectorAll('table')].some((t) => t.getBoundingClientRect().right > document.documentElement.clientWidth + 1));
    expect(overflow).toBe(false);
    await page.screenshot({ path: screenshotPath('par-sheet-ru'), fullPage: true });
    await page.close();
  }, 300_000);
});
