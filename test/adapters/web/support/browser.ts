// Headless Chromium for the browser tests: the Debian package at /usr/bin/chromium, driven by
// playwright-core (no browser is ever downloaded). CI installs it; without it the browser tests skip.
import { existsSync, mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { chromium, type Browser } from 'playwright-core';

export const CHROMIUM_PATH = '/usr/bin/chromium';
export const chromiumInstalled = existsSync(CHROMIUM_PATH);
/** Under CI the browser tests run (and fail) even without chromium: they never skip there. */
export const browserTestsRun = chromiumInstalled || process.env['CI'] === 'true';

export const SCREENSHOTS_DIR = join(process.cwd(), 'test-output', 'screenshots');

export function launchChromium(): Promise<Browser> {
  return chromium.launch({
    executablePath: CHROMIUM_PATH,
    args: ['--no-sandbox', '--headless', '--disable-gpu', '--disable-quic', '--no-first-run', '--disable-background-networking', '--disable-component-update', '--disable-sync'],
  });
}

/**
 * A page that asks for less motion (prefers-reduced-motion): the pages then draw results and the last round
 * without their entrance animations (style.css), so layout checks read the settled page at once instead of
 * waiting the animation out.
 */
export const WITHOUT_ANIMATIONS = { reducedMotion: 'reduce' } as const;

export function screenshotPath(name: string): string {
  mkdirSync(SCREENSHOTS_DIR, { recursive: true });
  return join(SCREENSHOTS_DIR, `${name}.png`);
}
