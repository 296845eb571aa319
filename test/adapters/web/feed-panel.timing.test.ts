// The settlement feed on the supervisor's console (headless Chromium; src/adapters/web/pages/feed-panel.ts):
// a failing feed shows its state, what waits, the last error and the alarm with what to do, in the page's
// language, and turns the panel red; once it delivers again the alarm goes; a table without a feed has no
// panel.
import { describe, expect, test } from 'vitest';
import { pino } from 'pino';
import { createTableWebServer } from '../../../src/composition/table-web-server.js';
import type { TableHealth } from '../../../src/adapters/web/table-health.js';
import type { FeedStatus } from '../../../src/ports/settlement-feed.js';
import { chromiumInstalled, CHROMIUM_PATH, launchChromium } from './support/browser.js';
import { TOKENS, config, openTable } from './support/table-fixture.js';
import { FAILING_FEED } from './support/feed-status.js';

const skipped = chromiumInstalled ? '' : ` (skipped: ${CHROMIUM_PATH} is absent; CI installs chromium)`;

async function supervisedTable(feeds: () => readonly FeedStatus[]) {
  const { store, service } = await openTable('system');
  const health: TableHealth = { linkState: () => 'up', linkCounters: () => ({}), storeWritable: async () => ({ ok: true }), feeds };
  const app = createTableWebServer({ service, store, config, decisionSeconds: 15, logger: pino({ level: 'silent' }), health });
  const url = await app.listen({ host: '127.0.0.1', port: 0 });
  return { url, close: async () => { await app.close(); service.close(); } };
}

describe.skipIf(!chromiumInstalled && process.env['CI'] !== 'true')(`the settlement feed on the supervisor's console${skipped}`, () => {
  test('failing and alarmed, in Russian and English; the alarm goes once it delivers; no feed, no panel', async () => {
    let feeds: readonly FeedStatus[] = [FAILING_FEED];
    const table = await supervisedTable(() => feeds);
    const plain = await supervisedTable(() => []);
    const browser = await launchChromium();
    try {
      const [ru, en, none] = await Promise.all([browser.newPage(), browser.newPage(), browser.newPage()]);
      await ru!.goto(`${table.url}/supervisor?token=${TOKENS.supervisor}&lang=ru`);
      await ru!.waitForSelector('#feed-panel.hot:not([hidden]) .feed[data-feed-state="failing"] .feed-alarm');
      expect(await ru!.textContent('#feed-panel h2')).toBe('Лента расчётов');
      expect(await ru!.textContent('.feed .feed-name')).toBe('Вебхук → https://wallet.example/feed: сбои');
      expect(await ru!.textContent('.feed .muted')).toBe('ждут 12 транзакций · старейшей 96 с · доставлено по web-1:812:0');
      expect(await ru!.textContent('.feed .feed-error')).toBe('последняя ошибка: получатель https://wallet.example/feed ответил HTTP 503, а не 2xx');
      expect(await ru!.textContent('.feed-alarm .alarm-name')).toBe('Транзакция web-1:815:1 не доставлена 95 с');
      expect(await ru!.textContent('.feed-alarm .advice')).toMatch(/^Стол продолжает раздачу и хранит каждую транзакцию в журнале\. Проверьте, что получатель работает/);

      await en!.goto(`${table.url}/supervisor?token=${TOKENS.supervisor}&lang=en`);
      await en!.waitForSelector('.feed[data-feed-state="failing"] .feed-alarm');
      expect(await en!.textContent('.feed .feed-name')).toBe('Webhook → https://wallet.example/feed: failing');
      expect(await en!.textContent('.feed .feed-error')).toBe('last error: the receiver at https://wallet.example/feed answered HTTP 503, not 2xx');
      expect(await en!.textContent('.feed-alarm .alarm-name')).toBe('Transaction web-1:815:1 undelivered for 95 s');
      expect(await en!.textContent('.feed-alarm .advice')).toMatch(/^The table deals on and keeps every transaction on its log\. Check that the receiver is up and answers 2xx/);

      feeds = [{ ...FAILING_FEED, state: 'delivering', pending: 0, lagSeconds: 0, lastError: null, alarm: null, deliveredThrough: { id: 'web-1:830:0', seq: 830 } }];
      await en!.waitForSelector('#feed-panel:not(.hot) .feed[data-feed-state="delivering"]');
      expect(await en!.textContent('.feed .muted')).toBe('nothing waits · delivered through web-1:830:0');
      expect(await en!.$('.feed-alarm')).toBeNull();

      await none!.goto(`${plain.url}/supervisor?token=${TOKENS.supervisor}&lang=en`);
      await none!.waitForFunction(() => document.querySelector('#feed ul') !== null);
      expect(await none!.isHidden('#feed-panel')).toBe(true);
    } finally {
      await browser.close();
      await table.close();
      await plain.close();
    }
  }, 60_000);
});
