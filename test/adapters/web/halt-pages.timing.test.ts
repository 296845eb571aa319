// A table halted on a full disk on the pages (headless Chromium; docs/operations.md, "Storage faults"): the
// dealer page shows the halt as a fault in its language, with what to do, and no longer names the next
// card; the supervisor's Resume is open for it, and once space is back it answers what it did.
import { describe, expect, test } from 'vitest';
import { chromiumInstalled, CHROMIUM_PATH, launchChromium } from './support/browser.js';
import { TOKENS } from './support/table-fixture.js';
import { haltedTable } from './support/halted-table.js';

const skipped = chromiumInstalled ? '' : ` (skipped: ${CHROMIUM_PATH} is absent; CI installs chromium)`;

describe.skipIf(!chromiumInstalled && process.env['CI'] !== 'true')(`a halted table on the pages${skipped}`, () => {
  test('the dealer page in Russian and English shows the halt and stops the dealer; the supervisor resumes it from the page', async () => {
    const table = await haltedTable({ listen: true });
    const browser = await launchChromium();
    try {
      const [dealerRu, dealer, supervisor] = await Promise.all([browser.newPage(), browser.newPage(), browser.newPage()]);
      await dealerRu!.goto(`${table.url}/dealer?token=${TOKENS.dealer}&lang=ru`);
      await dealerRu!.waitForSelector('.fault[data-halt="storage"]');
      expect(await dealerRu!.textContent('.fault[data-halt="storage"] .fault-name')).toBe('Журнал не записывается: стол остановлен');
      expect(await dealerRu!.textContent('.fault[data-halt="storage"] .advice')).toMatch(/^Остановите раздачу: .*освободить место на диске контроллера .*«Продолжить»/);
      expect(await dealerRu!.textContent('.instruction')).toBe('Стол остановлен: остановите раздачу и позовите супервайзера');

      await dealer!.goto(`${table.url}/dealer?token=${TOKENS.dealer}&lang=en`);
      await dealer!.waitForSelector('.fault[data-halt="storage"]');
      expect(await dealer!.textContent('.instruction')).toBe('Table halted: stop dealing and call the supervisor');
      expect(await dealer!.textContent('.fault[data-halt="storage"] .advice')).toMatch(/^Stop dealing: .*free disk space on the controller or make the log’s folder writable again, then press Resume/);
      expect(await dealer!.textContent('#app')).not.toMatch(/Card to seat/);
      // The host's alarm line (/api/health) does not repeat the halt in English above the page's own words:
      // once the page has read the health (the chip says the shoe link is being made), no line of it is the log's.
      for (const page of [dealer!, dealerRu!]) {
        await page.waitForSelector('[data-chip="amber"]');
        expect(await page.textContent('#host-alarm')).not.toMatch(/log not writable|table halted/);
      }

      await supervisor!.goto(`${table.url}/supervisor?token=${TOKENS.supervisor}&lang=en`);
      await supervisor!.waitForSelector('#faults .fault[data-halt="storage"]');
      await supervisor!.waitForSelector('[data-command="resume"]:not([disabled])');
      expect(await supervisor!.isDisabled('[data-command="pause"]')).toBe(true);

      table.disk.full = false;
      await supervisor!.click('[data-command="resume"]');
      await supervisor!.waitForSelector('#outcome.ok');
      expect(await supervisor!.textContent('#outcome')).toBe('Resume: the log takes writes again: the table goes on');
      await dealer!.waitForFunction(() => document.querySelector('.instruction')?.textContent === 'Card to seat 2');
      expect(await dealer!.$('.fault[data-halt]')).toBeNull();
      expect(table.service.halted).toBeNull();
    } finally {
      await browser.close();
      await table.close();
    }
  }, 60_000);
});
